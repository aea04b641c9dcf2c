import { defineConfig } from "@playwright/test";

// Browser tests: Debian's Chromium drives the real product (npm start's
// server on a spare port, a throwaway data folder, demo data loaded).
const port = Number(process.env.E2E_PORT ?? 3900);
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    viewport: { width: 1400, height: 900 },
    // As the staff's browsers are set: UK dates (DD/MM/YYYY in date inputs) and London time.
    locale: "en-GB",
    timezoneId: "Europe/London",
    // An action that cannot complete fails on its own, well inside the test's
    // timeout, so the report carries its call log (why it kept retrying).
    actionTimeout: 20_000,
    trace: "off",
  },
  webServer: {
    command: `node --import tsx functions/local/main.ts`,
    url: `http://localhost:${port}/api/health`,
    // E2E_SERVER_TIMEOUT (ms): a shared, busy machine can take longer than 90 s to start the server and load the demo data.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 180_000),
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: `.tmp/e2e-${port}-${Date.now()}`,
      LOCAL_SIGN_IN: "true",
      // A fake Xero beside the server (functions/local/main.ts, docs/xero.md): pushes go to it, and
      // tests/e2e/xero-sync.spec.ts tells it what to refuse through its /fake calls.
      XERO_FAKE: "true",
      XERO_FAKE_PORT: String(port + 2000),
      // Fakes of the DVLA and the DVSA (docs/compliance.md "Fakes"): the registration look-ups and the fleet check read them.
      REG_FAKE: "true",
      REG_FAKE_PORT: String(port + 5),
      FLEET_CHECK_PER_SECOND: "0",
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
