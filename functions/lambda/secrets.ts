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
  // Registration look-ups and the fleet check (docs/compliance.md "Configuration").
  "DVLA_API_KEY",
  "DVSA_CLIENT_ID",
  "DVSA_CLIENT_SECRET",
  "DVSA_API_KEY",
  "DVSA_TOKEN_URL",
  // The sender of the quote approval e-mail (docs/quote-approval.md); "" where no mail is sent.
  "MAIL_FROM",
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

/** The secrets read again while a Lambda is warm: staff removed from the allow-list lose access within a minute. */
export const RELOADED_SECRETS = ["ALLOWED_DOMAINS", "ALLOWED_EMAILS"] as const;

type SsmClient = { send(command: unknown): Promise<{ Parameters?: Array<{ Name?: string; Value?: string }> }> };

/**
 * Read secrets again from SSM, where `npx sst secrets set` writes them
 * (the stage's own value, else the app's fallback), and replace them in
 * process.env. Names with no value in SSM keep what they have.
 */
export async function reloadSecrets(names: readonly string[], env: NodeJS.ProcessEnv = process.env, client?: SsmClient): Promise<void> {
  if (!env.SST_APP) return;
  const { GetParametersCommand, SSMClient } = await import("@aws-sdk/client-ssm");
  const ssm: SsmClient = client ?? new SSMClient({ region: env.SST_REGION ?? env.AWS_REGION });
  const path = (stage: string, name: string) => `/sst/${env.SST_APP}/${stage}/Secret/${name}/value`;
  const found = new Map<string, string>();
  for (const stage of [".fallback", env.SST_STAGE ?? ""]) {
    const res = await ssm.send(new GetParametersCommand({ Names: names.map((n) => path(stage, n)), WithDecryption: true }));
    for (const p of res.Parameters ?? []) {
      const name = names.find((n) => p.Name === path(stage, n));
      if (name && p.Value !== undefined) found.set(name, p.Value); // the stage's own value wins over the fallback
    }
  }
  for (const [name, value] of found) env[name] = value;
}

await loadSecrets();
if (process.env.SST_APP) {
  const { refreshAllowListWith } = await import("../../core/auth/index.js");
  refreshAllowListWith(() => reloadSecrets(RELOADED_SECRETS));
}
