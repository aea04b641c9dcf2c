// The lint gate's own rules (eslint.config.js, issue 23): the import
// boundaries the product keeps, checked on every `npm run lint`.
//
// - `local/no-server-reach`: a file may not reach, through its value
//   imports and theirs, server code: ElectroDB, an AWS SDK, the table
//   (core/platform/table.ts) or the record engine (core/platform/records*,
//   which every record type imports: so no record type either). On
//   web/src/** (the SPA ships what it reaches) and on the pure modules (a
//   rules module the screen imports must be pure). Type-only imports are
//   erased by the compiler and not followed.
// - `local/area-index`: a core area references another area through its
//   index.ts, or one of its pure modules (rules, definitions, costs, types: the
//   SPA imports those by path too), never its internals; no list of
//   exceptions. core/demo (the demo seed) composes every area, as the local
//   server does, and no area imports it. Where a lower area needs a higher
//   one, the higher registers what it offers (core/platform/offers.ts), so
//   the areas depend on each other one way (tests/unit/area-graph.test.ts).
// - `local/disable-needs-reason`: every eslint-disable comment says why
//   (`// eslint-disable-line rule -- the reason`).
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

export const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const rel = (file) => relative(root, file).split("\\").join("/");

/** Pure modules named otherwise: the agreements' figures and schema, the tax types, a tracking option's shape. */
export const PURE_MODULES = ["core/agreements/schema.ts", "core/agreements/finance.ts", "core/settings/taxtypes.ts", "core/settings/tracking-option.ts"];

/** The pure modules of core as globs: rules, definitions, costs, and the few named otherwise. */
export const PURE_GLOBS = ["core/*/rules.ts", "core/*/*-rules.ts", "core/*/definitions.ts", "core/*/*-definitions.ts", "core/*/costs.ts", "core/*/*-costs.ts", "core/*/types.ts", ...PURE_MODULES];

/**
 * A pure module of core (README "Map of the code"): rules, definitions,
 * costs (and PURE_MODULES); no I/O, importable by the SPA and by any area.
 */
export function isPure(relPath) {
  return /^core\/[^/]+\/(rules|[\w-]+-rules|definitions|[\w-]+-definitions|costs|[\w-]+-costs|types)\.ts$/.test(relPath) || PURE_MODULES.includes(relPath);
}

/** Why a module is server code, or null. */
function serverReason(spec, relPath) {
  if (spec === "electrodb" || spec?.startsWith("electrodb/")) return "ElectroDB";
  if (spec?.startsWith("@aws-sdk/")) return `the AWS SDK (${spec})`;
  if (spec === "xero-node") return "xero-node";
  if (!relPath) return null;
  if (relPath === "core/platform/table.ts") return "the DynamoDB table";
  if (relPath === "core/platform/records.ts" || relPath.startsWith("core/platform/records/")) return "the record engine";
  return null;
}

/** The value imports of a module's source text (type-only ones left out: the compiler erases them). */
export function valueImports(text) {
  const out = [];
  const re = /(?:^|[\n;])\s*(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']/gs;
  for (const m of text.matchAll(re)) {
    const clause = m[2].trim();
    if (/^type\s/.test(clause)) continue;
    const braces = clause.match(/^\{([\s\S]*)\}$/);
    if (braces) {
      const names = braces[1].split(",").map((s) => s.trim()).filter(Boolean);
      if (names.length && names.every((n) => n.startsWith("type "))) continue;
    }
    out.push(m[3]);
  }
  for (const m of text.matchAll(/(?:^|[\n;])\s*import\s*["']([^"']+)["']/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

/** The file a relative import names (`./x.js` is `./x.ts` in the sources), or null for a package. */
export function resolveImport(fromFile, spec) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.(ts|tsx|mjs|js)$/.test(c) && existsSync(c)) return c;
  }
  return null;
}

const textCache = new Map();
const read = (file) => {
  if (!textCache.has(file)) textCache.set(file, existsSync(file) ? readFileSync(file, "utf8") : "");
  return textCache.get(file);
};
const reachCache = new Map();

/**
 * The chain from `file` to server code through value imports, or null:
 * a breadth-first walk of the import graph (so the chain shown is a
 * shortest one), remembered per start file for the run.
 */
export function serverChain(file) {
  if (reachCache.has(file)) return reachCache.get(file);
  const parent = new Map([[file, null]]);
  const queue = [file];
  let found = null;
  const chainTo = (f, why) => {
    const out = [why];
    for (let at = f; at; at = parent.get(at)) out.unshift(rel(at));
    return out;
  };
  while (queue.length && !found) {
    const at = queue.shift();
    const own = serverReason(null, rel(at));
    if (own) { found = chainTo(at, own); break; }
    for (const spec of valueImports(read(at))) {
      const pkg = serverReason(spec, null);
      if (pkg) { found = chainTo(at, pkg); break; }
      const target = resolveImport(at, spec);
      if (target && !parent.has(target)) { parent.set(target, at); queue.push(target); }
    }
  }
  reachCache.set(file, found);
  return found;
}

/** Clears the memo (the tests lint fixtures that change between runs). */
export function clearCaches() {
  textCache.clear();
  reachCache.clear();
}

const isTypeOnly = (node) =>
  node.importKind === "type" || node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

const noServerReach = {
  meta: {
    type: "problem",
    docs: { description: "The SPA and the pure modules reach no server code (ElectroDB, AWS SDK, the table, the record engine, a record type)" },
    schema: [],
    messages: { reach: "{{who}} must not reach server code: {{chain}}" },
  },
  create(context) {
    const file = context.filename;
    const relPath = rel(file);
    const who = relPath.startsWith("web/") ? "The SPA (web/)" : "A pure module (rules, definitions, costs)";
    function check(node) {
      if (!node.source || isTypeOnly(node)) return;
      const spec = node.source.value;
      const pkg = serverReason(spec, null);
      if (pkg) return context.report({ node: node.source, messageId: "reach", data: { who, chain: `${relPath} -> ${pkg}` } });
      const target = resolveImport(file, spec);
      // A target this rule checks itself (another SPA file, a pure module) answers at its own imports.
      if (!target || rel(target).startsWith("web/src/") || isPure(rel(target))) return;
      const chain = serverChain(target);
      if (chain) context.report({ node: node.source, messageId: "reach", data: { who, chain: [relPath, ...chain].join(" -> ") } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === "Literal") check({ source: node.source });
      },
    };
  },
};

/** The folder of core that composes the areas (the demo seed) rather than being one. */
export const COMPOSITION_ROOT = "demo";

/** `core/<area>/...` of a resolved file, or null. */
const areaOf = (relPath) => relPath.match(/^core\/([^/]+)\//)?.[1] ?? null;

const areaIndex = {
  meta: {
    type: "problem",
    docs: { description: "A core area references another through its index.ts (or a pure module), never its internals" },
    schema: [],
    messages: {
      internal: "core/{{from}} reaches into core/{{to}}'s internals ({{target}}): import it from core/{{to}}/index.ts, or, if core/{{to}} needs core/{{from}}, offer it through a registration (core/platform/offers.ts)",
      demo: "core/{{from}} imports the demo seed ({{target}}): core/demo is a composition root, as the local server is; no area imports it",
    },
  },
  create(context) {
    const file = context.filename;
    const relPath = rel(file);
    const from = areaOf(relPath);
    // core/demo seeds every area through its services, as the local server composes every area's routes: a composition root.
    if (!from || from === "platform" || from === COMPOSITION_ROOT) return {};
    function check(node) {
      if (!node.source || typeof node.source.value !== "string") return;
      const target = resolveImport(file, node.source.value);
      if (!target) return;
      const t = rel(target);
      const to = areaOf(t);
      if (!to || to === from || to === "platform") return;
      if (to === COMPOSITION_ROOT) return context.report({ node: node.source, messageId: "demo", data: { from, target: t } });
      if (t === `core/${to}/index.ts` || isPure(t)) return;
      context.report({ node: node.source, messageId: "internal", data: { from, to, target: t } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** Whether one comment's text is an eslint-disable without a rule or without a reason. */
export function unexplainedDisable(comment) {
  const m = comment.trim().match(/^eslint-disable(?:-next-line|-line)?\b(.*)$/s);
  if (!m) return false;
  const [rules, reason] = m[1].split(/\s--\s/);
  return !rules.trim() || !reason?.trim();
}

/**
 * The lines of a source text holding an unexplained eslint-disable. A
 * blanket `/* eslint-disable *\/` silences every rule below it, this one's
 * report too, so tests/unit/lint-gate.test.ts also scans the tree with it.
 */
export function unexplainedDisables(text) {
  const out = [];
  for (const m of text.matchAll(/\/\/([^\n]*)|\/\*([\s\S]*?)\*\//g)) {
    if (unexplainedDisable(m[1] ?? m[2])) out.push(text.slice(0, m.index).split("\n").length);
  }
  return out;
}

const disableNeedsReason = {
  meta: {
    type: "problem",
    docs: { description: "Every eslint-disable comment names its rule and says why (`-- reason`)" },
    schema: [],
    messages: { reason: "Say why this rule is off here: `eslint-disable... <rule> -- <the reason>` (a blanket disable is not allowed)" },
  },
  create(context) {
    return {
      Program() {
        for (const c of context.sourceCode.getAllComments()) {
          if (unexplainedDisable(c.value)) context.report({ loc: c.loc, messageId: "reason" });
        }
      },
    };
  },
};

export default {
  meta: { name: "local" },
  rules: { "no-server-reach": noServerReach, "area-index": areaIndex, "disable-needs-reason": disableNeedsReason },
};
