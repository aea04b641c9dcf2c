import type { Plugin } from "esbuild";
import { resolve } from "node:path";

/**
 * zod's JSON Schema generator (zod/v4/core/to-json-schema.js and json-schema-processors.js, imported by its schema
 * classes: 16 kB minified) replaced by functions/platform/zod-json-schema-stub.ts: only the OpenAPI document uses it,
 * generated ahead of time (`npm run openapi`) with the real zod (docs/decisions.md "zod's JSON Schema generator kept out
 * of the bundles"). Only zod's own imports of the two files are replaced.
 */
export const zodJsonSchemaStub: Plugin = {
  name: "zod-json-schema-stub",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/(core\/)?(to-json-schema|json-schema-processors)\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: resolve("functions/platform/zod-json-schema-stub.ts") } : undefined,
    );
  },
};

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
  plugins: [zodJsonSchemaStub],
};
