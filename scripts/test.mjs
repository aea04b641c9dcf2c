// npm test: the type-check and lint gate (scripts/gate.mjs), the SPA chunk
// check (scripts/spa-chunks.mjs), unit and API tests (vitest) and the
// browser tests (Playwright driving Debian's Chromium). Each step sets
// itself up on a fresh machine.
//
// vitest first, then the browser tests in two shards side by side
// (E2E_SHARDS, default 2), each with its own server, DynamoDB Local, data
// and demo data on its own ports (E2E_PORT 3900, 3950, ...), so the shards
// share nothing. Measured on 2 cores (26/11/2026): 37 browser tests took
// 538 s in one process and 321 s as two shards; a browser test waits on
// the screen much of its time, so a second one fills the gaps. Running
// vitest beside the browser tests was measured no faster (24/11/2026: both
// CPU-bound), so it stays first.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ensureChromium, ensureDependencies, ensureJava, ensureWebBuild, root } from "./setup.mjs";
import { gate } from "./gate.mjs";
import { serverLibrariesIn } from "./spa-chunks.mjs";

ensureDependencies();
// The gate first, failing fast: both type-checks and ESLint (scripts/gate.mjs).
if (!(await gate())) {
  console.log("\nnpm test: FAILED at the type-check and lint gate (npm run gate)");
  process.exit(1);
}
ensureJava();
ensureChromium();
ensureWebBuild({ force: process.env.CI === "true" });
// The SPA ships no server library (scripts/spa-chunks.mjs): checked on the build just made.
const shipped = serverLibrariesIn(new URL("../web/dist", import.meta.url).pathname);
if (shipped.length) {
  for (const f of shipped) console.log(`SPA chunk ${f.chunk} carries ${f.library} ("${f.sample}")`);
  console.log("\nnpm test: FAILED: the SPA ships server code (npm run lint names the import)");
  process.exit(1);
}

const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs one suite; every output line is prefixed with its name so the two can be told apart. */
function run(name, command) {
  return new Promise((resolve) => {
    console.log(`\n> ${command}`);
    const child = spawn(command, { cwd: root, env, shell: true, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
    child.on("close", (code) => {
      console.log(`[${name}] finished with exit code ${code} after ${seconds()}`);
      resolve(code === 0);
    });
  });
}

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3900);
/** One browser shard: its own server on its own ports and its own results folder. */
function browserShard(i) {
  const port = basePort + 50 * i;
  const shard = shards > 1 ? ` --shard=${i + 1}/${shards} --output=test-results/shard-${i + 1}` : "";
  return run(shards > 1 ? `browser ${i + 1}/${shards}` : "browser", `E2E_PORT=${port} npx playwright test${shard}`);
}
const results = [await run("vitest", "npx vitest run")];
results.push(...(await Promise.all(Array.from({ length: shards }, (_, i) => browserShard(i)))));
console.log(`\nnpm test: ${results.every(Boolean) ? "all passed" : "FAILED"} in ${seconds()}`);
process.exit(results.every(Boolean) ? 0 : 1);
