// npm test: unit and API tests (vitest), then the browser tests (Playwright
// driving Debian's Chromium). Each step sets itself up on a fresh machine.
import { execSync } from "node:child_process";
import { ensureChromium, ensureDependencies, ensureJava, ensureWebBuild, root } from "./setup.mjs";

ensureDependencies();
ensureJava();
ensureChromium();
ensureWebBuild({ force: process.env.CI === "true" });

const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
let failed = false;
for (const cmd of ["npx vitest run", "npx playwright test"]) {
  console.log(`\n> ${cmd}`);
  try {
    execSync(cmd, { stdio: "inherit", cwd: root, env });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
