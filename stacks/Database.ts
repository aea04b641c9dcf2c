import { RemovalPolicy } from "aws-cdk-lib";
import { StackContext, Table } from "sst/constructs";

/**
 * The one DynamoDB table (see core/platform/table.ts `tableDefinition`):
 * generic string keys pk/sk plus two generic GSIs, on-demand billing,
 * point-in-time recovery, TTL on `expires_at` so sessions and report
 * exports expire, and a stream of new images for the background jobs.
 */
export function Database({ stack, app }: StackContext) {
  const table = new Table(stack, "Table", {
    fields: {
      pk: "string",
      sk: "string",
      gsi1pk: "string",
      gsi1sk: "string",
      gsi2pk: "string",
      gsi2sk: "string",
    },
    primaryIndex: { partitionKey: "pk", sortKey: "sk" },
    globalIndexes: {
      gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk", projection: "all" },
      gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk", projection: "all" },
    },
    timeToLiveAttribute: "expires_at",
    // New items reach their background jobs through the stream (report exports: stacks/Cron.ts).
    stream: "new_image",
    cdk: {
      table: {
        // SST already passes the (deprecated) boolean form; CDK rejects both forms together.
        pointInTimeRecovery: true,
        removalPolicy: app.stage === "prod" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
    },
  });

  return { table };
}
