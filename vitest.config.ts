import { defineConfig } from "vitest/config";

// Unit and integration tests (the browser tests run under Playwright).
// Integration tests share one DynamoDB Local and one s3rver started by the
// global set-up on free ports; each test file works in its own table.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts", "tests/stacks/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    // SST's App.finish() skips its AWS bootstrap lookup only under NODE_ENV=test.
    env: { NODE_ENV: "test" },
    // Generous: a timeout here guards against a hang, not a slow machine (the suite shares 2 cores with DynamoDB Local).
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
