/** The parts of an OpenAPI document the reference page shows. */
export type OpenApiDoc = {
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
};
/** One operation of a path; the fields the page does not show (tags, responses) are kept as they are. */
export type Operation = {
  [field: string]: unknown;
  summary?: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  security?: unknown[];
};

/**
 * A plain, dependency-free reference page rendered from the document: the
 * live one (functions/platform/openapi.ts) or the one built ahead for the
 * docs Lambda (functions/lambda/docs.ts).
 */
export function referencePage(doc: OpenApiDoc): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
  const rows = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const params = (op.parameters ?? []).map((p) => `${esc(p.name)} <small>(${p.in})</small>`).join(", ");
        const [bodyType, bodyContent] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        const body = bodyContent ? `<details><summary>body (${esc(bodyType)})</summary><pre>${esc(JSON.stringify(bodyContent.schema, null, 2))}</pre></details>` : "";
        return `<tr><td><b>${method.toUpperCase()}</b></td><td><code>${esc(path)}</code></td><td>${esc(op.summary ?? "")}${body}</td><td>${params}</td><td>${op.security ? "public" : "token"}</td></tr>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}pre{background:#f6f6f6;padding:8px;max-width:700px;overflow:auto}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>Every call except the public ones needs <code>Authorization: Token &lt;token&gt;</code>. Lists answer <code>{count, results}</code>, 25 a page. Errors answer <code>{message, errors}</code>. Machine-readable: <a href="/api/openapi.json">openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Parameters</th><th>Access</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
