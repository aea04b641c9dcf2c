/**
 * esbuild options every backend Lambda is bundled with (stacks/backend.ts
 * `nodejs.esbuild`), shared with the bundle test (tests/stacks/bundles.test.ts)
 * so the sizes it measures are the deployed ones.
 */
export const BUNDLE_ESBUILD = {
  // Only SST's secret loader (functions/lambda/secrets.ts) uses the SSM
  // client; the nodejs20.x runtime ships it, so keep it out of the bundle.
  // The SES client likewise (the quote approval e-mail, core/platform/mail.ts, loaded only when a mail is sent).
  external: ["@aws-sdk/client-ssm", "@aws-sdk/client-sesv2"],
  // ElectroDB checks an entity's model with jsonschema (29 kB minified) when the model is built; the tests do that
  // check on the same constant models, so the bundles carry a stand-in (functions/platform/jsonschema-stub.ts).
  alias: { jsonschema: "./functions/platform/jsonschema-stub.ts" },
};
