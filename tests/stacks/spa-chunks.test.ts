import { execSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverLibrariesIn } from "../../scripts/spa-chunks.mjs";

/**
 * The SPA ships no server library (issue 23): the WorkApprovalsPage chunk
 * carried ElectroDB and the DynamoDB client through core/accounts/work-rules.ts
 * -> workshop/work-lines.ts -> settings/accounting.ts -> platform/records.
 * scripts/spa-chunks.mjs searches every script of a build; `npm test` runs it
 * on web/dist after the build, and this file shows it on a fixture and on
 * the build.
 */
const root = join(import.meta.dirname, "..", "..");

describe("the SPA chunk check (scripts/spa-chunks.mjs)", () => {
  it("finds ElectroDB and the AWS SDK in a chunk, and nothing in a clean one", () => {
    const dist = join(root, ".tmp", "spa-chunks-fixture");
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(join(dist, "assets"), { recursive: true });
    // Strings as they survive minification in the old WorkApprovalsPage chunk.
    writeFileSync(join(dist, "assets", "WorkApprovalsPage-x.js"), 'class t extends Error{name="ElectroError"};const e={client:"@aws-sdk/client-dynamodb"};export{t,e};');
    writeFileSync(join(dist, "assets", "index-x.js"), 'export const page=()=>"Work approvals";');
    const found = serverLibrariesIn(dist);
    expect(found.map((f) => `${f.chunk} ${f.library}`)).toEqual(["assets/WorkApprovalsPage-x.js ElectroDB", "assets/WorkApprovalsPage-x.js an AWS SDK"]);
  });

  it("no chunk of the SPA's build carries ElectroDB or an AWS SDK", () => {
    // npm test builds web/dist first (scripts/setup.mjs ensureWebBuild); alone, this builds it when out of date.
    execSync(`node -e "import('./scripts/setup.mjs').then((m) => m.ensureWebBuild())"`, { cwd: root, stdio: "inherit" });
    const dist = process.env.WEB_DIST ?? join(root, "web", "dist");
    expect(existsSync(join(dist, "index.html"))).toBe(true);
    expect(serverLibrariesIn(dist)).toEqual([]);
  }, 180_000);
});
