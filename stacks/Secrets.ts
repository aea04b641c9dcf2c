import { Config, StackContext } from "sst/constructs";

/** Names of the secrets; functions see each under the same environment variable name. */
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

/**
 * Secrets live in SSM (set with `npx sst secrets set NAME value --stage prod`).
 * Bound functions fetch them at cold start through `sst/node/config`;
 * functions/lambda/secrets.ts copies them into process.env.
 */
export function Secrets({ stack }: StackContext) {
  const secrets = Config.Secret.create(stack, ...SECRET_NAMES);
  return { secrets, all: Object.values(secrets) };
}
