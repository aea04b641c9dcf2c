import { resolve } from "node:path";
import { startDynamoDbLocal, ensureTable, localHost, urlHost } from "./dynamodb-local.js";
import { startS3Local } from "./s3-local.js";

/**
 * `npm start`: DynamoDB Local, s3rver, then the API and SPA on PORT, with
 * data under DATA_DIR so it survives restarts. Ctrl-C stops everything.
 */
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? ".data");
const dynamoPort = Number(process.env.DYNAMODB_PORT ?? port + 1000);
const s3Port = Number(process.env.S3_PORT ?? port + 1001);
// Everything listens on this machine only unless HOST says otherwise (README, Configuration).
const host = localHost();
// The pages allowed to send uploads to the local bucket: this server's own.
const siteOrigins = [...new Set([`http://localhost:${port}`, `http://${urlHost(host)}:${port}`])];

const dynamo = await startDynamoDbLocal({ port: dynamoPort, dbPath: resolve(dataDir, "dynamodb") });
const s3 = await startS3Local({ port: s3Port, directory: resolve(dataDir, "s3"), bucket: process.env.BUCKET_NAME ?? "uploads", allowedOrigins: siteOrigins });

// Configuration, not code branches: the same core reads these on AWS.
process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
process.env.S3_ENDPOINT = s3.endpoint;
process.env.TABLE_NAME ??= "backoffice";
process.env.BUCKET_NAME ??= "uploads";
process.env.LOCAL_SIGN_IN ??= "true";
process.env.AWS_ACCESS_KEY_ID ??= "S3RVER";
process.env.AWS_SECRET_ACCESS_KEY ??= "S3RVER";

// XERO_FAKE=true: a fake Xero on this machine (tests/support/fake-xero.ts) stands in for Xero, as the
// browser tests need (docs/xero.md); XERO_* already set win. Without it and without XERO_CLIENT_ID the
// pushes wait, saying "Xero is not connected".
const fakeXero =
  process.env.XERO_FAKE === "true"
    ? await (await import("../../tests/support/fake-xero.js")).startFakeXero({ port: Number(process.env.XERO_FAKE_PORT ?? port + 2000), host })
    : null;
if (fakeXero) {
  for (const [k, v] of Object.entries(fakeXero.env())) process.env[k] ??= v;
  console.log(`Fake Xero at ${fakeXero.url} (control calls under /fake).`);
}

// REG_FAKE=true: fakes of the DVLA and the DVSA (tests/support/fake-registration.ts) for the browser tests
// (docs/compliance.md "Fakes"); DVLA_* and DVSA_* already set win. Without it and without keys the
// registration look-ups say they are not set up.
const fakeRegistration =
  process.env.REG_FAKE === "true"
    ? await (await import("../../tests/support/fake-registration.js")).startFakeRegistration({ port: Number(process.env.REG_FAKE_PORT ?? port + 2002), host })
    : null;
if (fakeRegistration) {
  for (const [k, v] of Object.entries(fakeRegistration.env())) process.env[k] ??= v;
  console.log(`Fake DVLA and DVSA at ${fakeRegistration.url} (control calls under /fake).`);
}

await ensureTable(dynamo.endpoint, process.env.TABLE_NAME);
// Imported after the environment is set: entities bind to the table on load.
const { seedDemoData } = await import("../../core/demo/seed.js");
const { createLocalApp, listen } = await import("./server.js");
if (process.env.SEED_DEMO !== "false" && (await seedDemoData())) console.log("Loaded demo reference data.");
// Records kept from an earlier release are indexed as this one indexes them (core/platform/upgrades.ts).
const { upgradeIndexes } = await import("../../core/platform/upgrades.js");
await upgradeIndexes((line) => console.log(line));

// No table stream here: the Xero push items a write queues are sent by the stream consumer's code, run after the write
// (functions/local/xero-dispatch.ts; on AWS the stream's Lambda, functions/cron/xero-push.ts).
const { startXeroDispatch } = await import("./xero-dispatch.js");
startXeroDispatch();
const server = await listen(createLocalApp(), port, host);

// The scheduled jobs of stacks/Cron.ts that a local stack runs itself: the
// recurring payments and hire invoices once at start and again whenever the
// London date has moved on (checked hourly); each run raises each at most once.
const { handler: recurringPayments } = await import("../cron/recurring-payments.js");
const { handler: hireInvoices } = await import("../cron/hire-invoices.js");
const { todayInLondon } = await import("../../core/platform/dates.js");
let lastRun = "";
async function dailyJobs() {
  const today = todayInLondon();
  if (today === lastRun) return;
  lastRun = today;
  await recurringPayments({ date: today }).catch((e) => console.error("recurring payments failed:", e));
  await hireInvoices({ date: today }).catch((e) => console.error("hire invoices failed:", e));
}
await dailyJobs();
setInterval(() => void dailyJobs(), 60 * 60 * 1000).unref();
console.log(`\nBack office running at http://${host === "127.0.0.1" ? "localhost" : urlHost(host)}:${port}`);
console.log(process.env.LOCAL_SIGN_IN === "true" ? "Sign in with any e-mail address and your first name (local sign-in)." : "Sign in with Google.");
console.log(`Data is kept in ${dataDir}. Press Ctrl-C to stop.\n`);

function shutdown() {
  server.close();
  void fakeXero?.close();
  s3.stop();
  dynamo.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
