/**
 * Copies the bound SST secrets (stacks/Secrets.ts) into process.env under
 * their own names, so core code that reads process.env.GOOGLE_CLIENT_ID etc.
 * (core/platform/config.ts) works unchanged on AWS.
 *
 * Import it first in every Lambda entry point: `import "./secrets.js";`
 * On AWS, `sst/node/config` fetches the secret values from SSM at cold start.
 * Outside a deployed function (no SST_APP) it does nothing: local runs and
 * tests set the variables directly. A variable already set is never replaced.
 */
export const SECRET_NAMES = [
  "GOOGLE_CLIENT_ID",
  "ALLOWED_DOMAINS",
  "ALLOWED_EMAILS",
  "XERO_CLIENT_ID",
  "XERO_CLIENT_SECRET",
] as const;

export async function loadSecrets(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  if (!env.SST_APP) return [];
  const missing: string[] = [];
  try {
    const { Config } = await import("sst/node/config");
    const values = Config as unknown as Record<string, string | undefined>;
    for (const name of SECRET_NAMES) {
      if (env[name]) continue;
      try {
        const value = values[name];
        if (value === undefined) missing.push(name);
        else env[name] = value;
      } catch {
        missing.push(name); // not bound to this function
      }
    }
  } catch (error) {
    // e.g. a secret never set for this stage: SST throws while loading.
    console.error(JSON.stringify({ level: "error", msg: "secrets not loaded", error: String(error) }));
    return [...SECRET_NAMES];
  }
  if (missing.length) {
    console.error(JSON.stringify({ level: "error", msg: "secrets missing", missing }));
  }
  return missing;
}

await loadSecrets();
