// Set-up shared by `npm start` and `npm test` on a fresh machine:
// install dependencies when missing, build the SPA when it is out of date.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname;

function run(cmd, env = {}) {
  console.log(`> ${cmd}`);
  execSync(cmd, { stdio: "inherit", cwd: root, env: { ...process.env, ...env } });
}

export function ensureDependencies() {
  const marker = join(root, "node_modules", ".package-lock.json");
  const lock = join(root, "package-lock.json");
  // Vite lives in the web workspace's own node_modules (it needs a newer one than vitest's).
  const vite = [join(root, "node_modules", "vite"), join(root, "web", "node_modules", "vite")].some(existsSync);
  if (!existsSync(marker) || !vite || statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000) {
    // No browser download ever: the tests use Debian's Chromium.
    run("npm ci --no-audit --no-fund", { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" });
  }
}

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

export function ensureWebBuild({ force = false } = {}) {
  const index = join(root, "web", "dist", "index.html");
  const sources = Math.max(newest(join(root, "web", "src")), statSync(join(root, "web", "index.html")).mtimeMs);
  if (force || !existsSync(index) || statSync(index).mtimeMs < sources) run("npm run build -w web", { NODE_ENV: "production" });
}

export function ensureJava() {
  try {
    execSync("java -version", { stdio: "ignore" });
  } catch {
    run("apt-get update -qq && apt-get install -y -qq default-jre-headless");
  }
}

export function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium");
}
