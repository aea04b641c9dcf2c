/**
 * Benchmark of a large report through the HTTP API: 100,000 contacts (the
 * contact book, `contactreport`) prepared as an export run, the screen's
 * way (`POST reportexport/contactreport`, then `GET reportexport/{id}`
 * until READY), written to s3rver as a multipart upload. Prints the rows,
 * the file size, the time to READY, the read and write units the run
 * charged, the largest answer the API gave while it ran, and the process's
 * peak heap growth (memory stays at about one 5 MiB part whatever the size).
 * The contract call (`GET report/contactreport`) would answer the same
 * bytes in one response: printed against API Gateway's 6 MB.
 *
 * Run: npx tsx bench/reports.ts  (REPORT_ROWS, default 100,000). Not a timed test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startS3Local } from "../functions/local/s3-local.js";
import { freePort } from "../tests/support/ports.js";
import { benchApi, benchTable, capacity, meterCapacity } from "./support.js";

const N = Number(process.env.REPORT_ROWS ?? 100_000);

const dynamo = await benchTable();
const s3dir = mkdtempSync(join(tmpdir(), "bench-s3-"));
const s3 = await startS3Local({ port: await freePort(), directory: s3dir, bucket: "uploads" });
process.env.S3_ENDPOINT = s3.endpoint;
process.env.BUCKET_NAME = "uploads";
process.env.AWS_ACCESS_KEY_ID ??= "S3RVER";
process.env.AWS_SECRET_ACCESS_KEY ??= "S3RVER";
await meterCapacity();
const api = await benchApi();
const { Contact } = await import("../core/contacts/contact.js");

let t = Date.now();
const CHUNK = 10_000;
for (let i = 0; i < N; i += CHUNK)
  await Contact.bulkLoad(
    Array.from({ length: Math.min(CHUNK, N - i) }, (_, k) => {
      const n = String(i + k + 1).padStart(6, "0");
      return {
        display_name: `Customer ${n} Ltd`, contact_type: "CC", company_name: `Customer ${n} Ltd`, company_email: `accounts${n}@example.co.uk`, company_phone: `0121 496 ${n.slice(-4)}`,
        address_line1: `${n} Industrial Estate`, town: "Birmingham", postcode: "B1 1AA", country: "United Kingdom", payment_terms: "30 days", payment_term_days: 30, hire_account_code: "01",
      };
    }),
    "bench",
  );
console.log(`${N.toLocaleString("en-GB")} contacts loaded in ${((Date.now() - t) / 1000).toFixed(0)} s`);

// The export run, as the Reports screen does it.
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = heapBefore;
const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 50);
capacity.reads = 0;
capacity.writes = 0;
t = Date.now();
let run = await api.post("reportexport/contactreport");
let polls = 0;
let largestAnswer = JSON.stringify(run).length;
while (run.status === "PREPARING") {
  await new Promise((r) => setTimeout(r, 500));
  run = await api.get(`reportexport/${run.id}`);
  largestAnswer = Math.max(largestAnswer, JSON.stringify(run).length);
  polls++;
}
const seconds = (Date.now() - t) / 1000;
clearInterval(sampler);
const file = await fetch(run.url);
const bytes = (await file.arrayBuffer()).byteLength;
console.log("\n| export run (contactreport) | value |\n|---|---|");
console.log(`| rows | ${run.rows.toLocaleString("en-GB")} (status ${run.status}) |`);
console.log(`| file | ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${Math.ceil(bytes / (5 * 1024 * 1024))} part(s) |`);
console.log(`| time to READY | ${seconds.toFixed(1)} s (${polls} polls) |`);
console.log(`| read units | ${capacity.reads.toFixed(1)} (${(capacity.reads / Math.max(1, run.rows)).toFixed(3)} a row) |`);
console.log(`| write units | ${capacity.writes.toFixed(1)} (the export item and its progress) |`);
console.log(`| largest API answer while it ran | ${largestAnswer} bytes |`);
console.log(`| heap growth at peak | ${((heapPeak - heapBefore) / 1024 / 1024).toFixed(1)} MiB |`);

// The contract call answers the same bytes in one response: what API Gateway would have to carry.
console.log(`| GET report/contactreport would answer | the same ${(bytes / 1_000_000).toFixed(1)} MB in one response (API Gateway's limit: 6 MB) |`);

await s3.stop();
rmSync(s3dir, { recursive: true, force: true });
await dynamo.stop();
process.exit(0);
