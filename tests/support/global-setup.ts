import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDynamoDbLocal } from "../../functions/local/dynamodb-local.js";
import { startS3Local } from "../../functions/local/s3-local.js";
import { freePort } from "./ports.js";

/**
 * One DynamoDB Local (in memory) and one s3rver for the whole run, on free
 * ports. Test files inherit the endpoints through the environment and each
 * makes its own table (tests/support/api.ts).
 */
export default async function setup() {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const dir = mkdtempSync(join(tmpdir(), "s3-"));
  const s3 = await startS3Local({ port: await freePort(), directory: dir, bucket: "uploads" });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.BUCKET_NAME = "uploads";
  process.env.AWS_ACCESS_KEY_ID = "S3RVER";
  process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";
  return async () => {
    await s3.stop();
    dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
