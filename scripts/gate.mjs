// The type-check and lint gate (issue 23), the first step of `npm test`;
// alone: `npm run gate`. Three checks side by side, the first failure
// stopping the others: tsc for the server (tsconfig.json), tsc for the SPA
// (web/tsconfig.json) and ESLint (eslint.config.js: typescript-eslint's
// type-aware rules and the import boundaries). No ESLint cache: its cache
// keys a file on its own text, and a type-aware rule's answer also depends
// on the files it imports, so a cached pass could hide a new error.
// Measured on 2 cores: docs/contributing.md "The gate".
import { spawn } from "node:child_process";
import { root } from "./setup.mjs";

export const CHECKS = [
  ["tsc server", "npx tsc --noEmit -p tsconfig.json"],
  ["tsc web", "npx tsc --noEmit -p web/tsconfig.json"],
  ["eslint", "npx eslint --max-warnings 0 ."],
];

/** Runs the checks side by side; resolves true when all pass, false at the first failure (the others stopped). */
export function gate(checks = CHECKS) {
  const started = Date.now();
  const children = [];
  return new Promise((resolve) => {
    let left = checks.length;
    let done = false;
    for (const [name, command] of checks) {
      console.log(`> ${command}`);
      // Its own process group, so a failure elsewhere stops the check and its children.
      const child = spawn(command, { cwd: root, shell: true, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      children.push(child);
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("close", (code) => {
        if (done) return;
        const s = ((Date.now() - started) / 1000).toFixed(1);
        if (code !== 0) {
          done = true;
          console.log(out.trimEnd());
          console.log(`[gate] ${name} FAILED after ${s} s`);
          for (const c of children) if (c.exitCode === null) try { process.kill(-c.pid, "SIGTERM"); } catch { /* already gone */ }
          resolve(false);
          return;
        }
        console.log(`[gate] ${name} passed after ${s} s`);
        if (--left === 0) {
          done = true;
          resolve(true);
        }
      });
    }
  });
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exit((await gate()) ? 0 : 1);
}
