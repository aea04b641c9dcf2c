// npm test: unit and API tests (vitest) and the browser tests (Playwright
// driving Debian's Chromium). Each step sets itself up on a fresh machine.
//
// One after the other: measured on 2 cores (24/11/2026), running the two
// side by side (TEST_PARALLEL=true, vitest on one worker) took as long in
// all (both suites are CPU-bound there: 1,669 s and 1,769 s against about
// 1,700 s one after the other) and made the browser tests' timings tighter.
// They share nothing: each starts its own DynamoDB Local and data (vitest on
// free ports, Playwright on E2E_PORT and the ports above it).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ensureChromium, ensureDependencies, ensureJava, ensureWebBuild, root } from "./setup.mjs";

ensureDependencies();
ensureJava();
ensureChromium();
ensureWebBuild({ force: process.env.CI === "true" });

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

const serial = process.env.TEST_PARALLEL !== "true";
const suites = [
  ["vitest", serial ? "npx vitest run" : "npx vitest run --maxWorkers=1"],
  ["browser", "npx playwright test"],
];
let results;
if (serial) {
  results = [];
  for (const [name, command] of suites) results.push(await run(name, command));
} else {
  results = await Promise.all(suites.map(([name, command]) => run(name, command)));
}
console.log(`\nnpm test: ${results.every(Boolean) ? "all passed" : "FAILED"} in ${seconds()}`);
process.exit(results.every(Boolean) ? 0 : 1);
