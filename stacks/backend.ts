import { FunctionProps, use } from "sst/constructs";
import { BUNDLE_ESBUILD } from "./bundling";
import { Database } from "./Database";
import { Secrets } from "./Secrets";
import { Storage } from "./Storage";

/**
 * Props shared by every backend Lambda (API areas and crons). Call from inside
 * a stack function that runs after Database, Storage and Secrets.
 */
export function backendFunctionProps(): FunctionProps {
  const { table } = use(Database);
  const { bucket } = use(Storage);
  const secrets = use(Secrets);
  return {
    runtime: "nodejs20.x",
    architecture: "arm_64",
    memorySize: 1024,
    timeout: 29,
    environment: {
      TABLE_NAME: table.tableName,
      BUCKET_NAME: bucket.bucketName,
      // Local sign-in must be off in every deployed function.
      LOCAL_SIGN_IN: "false",
      SESSION_HOURS: "12",
      // Report exports run in the report Lambda, reached through the table's stream (stacks/Cron.ts).
      REPORT_EXPORTS: "stream",
    },
    bind: [table, bucket, ...secrets.all],
    nodejs: {
      // Smaller code to load at a cold start (sizes: docs/performance.md, Bundles).
      minify: true,
      // The SSM client left out, ElectroDB's model check left to the tests (stacks/bundling.ts).
      esbuild: BUNDLE_ESBUILD,
      // xero-node (about 830 kB minified with axios) is loaded only when a
      // push is sent (core/accounts/xero-client.ts imports it dynamically):
      // installed beside the bundle instead of inside it, so no cold start
      // pays for it (docs/decisions.md "Xero: xero-node beside the bundle").
      install: ["xero-node"],
    },
  };
}
