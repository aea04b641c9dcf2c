// npm test: unit and API tests (vitest) and the browser tests (Playwright
// driving Debian's Chromium). Each step sets itself up on a fresh machine.
//
// The two suites run side by side: the browser tests spend most of their
// time waiting on the screen (debounces, renders, round trips), so vitest's
// work fits into the gaps and the whole run is about as long as the browser
// tests alone. They share nothing: each starts its own DynamoDB Local and
// data (vitest on free ports, Playwright on E2E_PORT and the two above it).
// Side by side, vitest keeps to one worker so each suite has a core of the
// two; TEST_SERIAL=true runs them one after the other with vitest on two.
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

const serial = process.env.TEST_SERIAL === "true";
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
