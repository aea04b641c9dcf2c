import { Config, StackContext } from "sst/constructs";
import { SECRET_NAMES } from "../core/platform/config.js";

/** Names of the secrets (core/platform/config.ts); functions see each under the same environment variable name. */
export { SECRET_NAMES };

/**
 * Secrets live in SSM (set with `npx sst secrets set NAME value --stage prod`).
 * Bound functions fetch them at cold start through `sst/node/config`;
 * functions/lambda/secrets.ts copies them into process.env.
 */
export function Secrets({ stack }: StackContext) {
  const secrets = Config.Secret.create(stack, ...SECRET_NAMES);
  return { secrets, all: Object.values(secrets) };
}
