import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import local, { PURE_GLOBS, clearCaches, unexplainedDisables } from "../../scripts/eslint-rules.mjs";
import { CHECKS, gate } from "../../scripts/gate.mjs";
import { ANY_DEBT } from "../../eslint.debt.js";

/**
 * The type-check and lint gate `npm test` runs first (issue 23;
 * scripts/gate.mjs, eslint.config.js, scripts/eslint-rules.mjs): each
 * kind of failure shown once on a fixture, and the known debts held to
 * their counts (eslint.debt.js).
 */
const root = join(import.meta.dirname, "..", "..");

/** The boundary rules alone, without type information (fast): lints a text as if it were the file at `path`. */
async function boundaries(path: string, code: string) {
  clearCaches();
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tseslint.parser }, plugins: { local } },
      { files: ["web/src/**/*.{ts,tsx}", ...PURE_GLOBS], rules: { "local/no-server-reach": "error" } },
      { files: ["core/**/*.ts"], rules: { "local/area-index": "error" } },
      { files: ["**/*.ts", "**/*.tsx"], rules: { "local/disable-needs-reason": "error" } },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  // A disable comment this synthetic config has no use for is reported too (ruleId null): not the rules under test.
  return result.messages.filter((m) => m.ruleId).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the gate (scripts/gate.mjs)", () => {
  it("type-checks the server and the SPA and runs ESLint", () => {
    const commands = CHECKS.map(([, command]) => command);
    expect(commands).toContain("npx tsc --noEmit -p tsconfig.json");
    expect(commands).toContain("npx tsc --noEmit -p web/tsconfig.json");
    expect(commands.some((c) => c.startsWith("npx eslint"))).toBe(true);
  });

  it("fails on a type error, and fast: the other checks are stopped", async () => {
    const dir = join(root, ".tmp", "gate-fixture");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "bad.ts"), 'export const n: number = "text";\n');
    const started = Date.now();
    const passed = await gate([
      ["tsc fixture", "npx tsc --noEmit --strict .tmp/gate-fixture/bad.ts"],
      ["a long check", "sleep 60"],
    ]);
    expect(passed).toBe(false);
    expect(Date.now() - started).toBeLessThan(50_000);
  });
});

describe("ESLint's rules (eslint.config.js) on fixtures", () => {
  const eslint = new ESLint({ cwd: root, ignore: false });

  it("refuses a floating promise, an explicit any in new code and an unused name", async () => {
    const results = await eslint.lintFiles(["tests/fixtures/lint/floating.ts", "tests/fixtures/lint/explicit-any.ts"]);
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(rules).toContain("@typescript-eslint/no-floating-promises");
    expect(rules).toContain("@typescript-eslint/no-explicit-any");
    expect(rules).toContain("@typescript-eslint/no-unused-vars");
  });

  it("turns the boundary rules on for the SPA, the pure modules and core", async () => {
    const web = (await eslint.calculateConfigForFile("web/src/main.tsx")) as { rules: Record<string, unknown> };
    const rules = (await eslint.calculateConfigForFile("core/accounts/work-rules.ts")) as { rules: Record<string, unknown> };
    const service = (await eslint.calculateConfigForFile("core/workshop/jobs.ts")) as { rules: Record<string, unknown> };
    expect(web.rules["local/no-server-reach"]).toEqual([2]);
    expect(rules.rules["local/no-server-reach"]).toEqual([2]);
    expect((service.rules["local/area-index"] as unknown[])[0]).toBe(2);
    expect(service.rules["local/disable-needs-reason"]).toEqual([2]);
  });
});

describe("the import boundaries (scripts/eslint-rules.mjs)", () => {
  it("the SPA may not import ElectroDB or an AWS SDK", async () => {
    expect(await boundaries("web/src/fixture/Screen.tsx", 'import { Entity } from "electrodb";\nexport const E = Entity;\n')).toEqual([
      "local/no-server-reach: The SPA (web/) must not reach server code: web/src/fixture/Screen.tsx -> ElectroDB",
    ]);
    expect((await boundaries("web/src/fixture/Screen.tsx", 'import { S3Client } from "@aws-sdk/client-s3";\nexport const C = S3Client;\n'))[0]).toMatch(/AWS SDK/);
  });

  it("the SPA may not import a module that reaches them: the chain is named", async () => {
    const messages = await boundaries("web/src/accounts/Fixture.tsx", 'import { NominalCode } from "../../../core/settings/accounting.js";\nexport const N = NominalCode;\n');
    expect(messages).toEqual(["local/no-server-reach: The SPA (web/) must not reach server code: web/src/accounts/Fixture.tsx -> core/settings/accounting.ts -> core/platform/records.ts -> the record engine"]);
  });

  it("the SPA may import a pure rules module, and type-only imports are erased", async () => {
    expect(await boundaries("web/src/accounts/Fixture.tsx", 'import { batchRules } from "../../../core/accounts/work-rules.js";\nexport const B = batchRules;\n')).toEqual([]);
    expect(await boundaries("web/src/accounts/Fixture.tsx", 'import type { Membership } from "../../../core/platform/records.js";\nexport type M = Membership;\n')).toEqual([]);
  });

  it("a rules module may not import a record type or the platform's records or table", async () => {
    expect((await boundaries("core/hire/fixture-rules.ts", 'import { Rental } from "./rental.js";\nexport const R = Rental;\n'))[0]).toMatch(/^local\/no-server-reach: A pure module .* core\/hire\/rental\.ts -> core\/platform\/records\.ts -> the record engine$/);
    expect((await boundaries("core/hire/rules.ts", 'import { table } from "../platform/table.js";\nexport const T = table;\n'))[0]).toMatch(/core\/platform\/table\.ts/);
  });

  it("one area may not reach into another's internals, only its index.ts or its pure modules", async () => {
    expect(await boundaries("core/hire/fixture.ts", 'import { Vehicles } from "../fleet/service.js";\nexport const V = Vehicles;\n')).toEqual([
      "local/area-index: core/hire reaches into core/fleet's internals (core/fleet/service.ts): import it from core/fleet/index.ts, or, if core/fleet needs core/hire, offer it through a registration (core/platform/offers.ts)",
    ]);
    // Nor through the area's own whole-area barrel (core/<area>/all.ts, for its routes), a dynamic import, or the demo seed.
    expect(await boundaries("core/hire/fixture.ts", 'import { Vehicles } from "../fleet/all.js";\nexport const V = Vehicles;\n')).toHaveLength(1);
    expect(await boundaries("core/hire/fixture.ts", 'export const load = () => import("../fleet/service.js");\n')).toHaveLength(1);
    expect((await boundaries("core/hire/fixture.ts", 'import { seedDemo } from "../demo/seed.js";\nexport const S = seedDemo;\n'))[0]).toMatch(/core\/demo is a composition root/);
    expect(await boundaries("core/hire/fixture.ts", 'import { Vehicles } from "../fleet/index.js";\nexport const V = Vehicles;\n')).toEqual([]);
    expect(await boundaries("core/hire/fixture.ts", 'import { FLEET_MESSAGES } from "../fleet/rules.js";\nexport const M = FLEET_MESSAGES;\n')).toEqual([]);
  });

  it("a deliberate bad import in a fixture is refused by the repository's own config, with no list of exceptions", async () => {
    const { readFileSync } = await import("node:fs");
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser }, plugins: { local } }, { files: ["core/**/*.ts"], rules: { "local/area-index": "error" } }] });
    const code = readFileSync(join(root, "tests/fixtures/lint/cross-area.txt"), "utf8");
    const [result] = await eslint.lintText(code, { filePath: join(root, "core/accounts/fixture.ts") });
    expect(result.messages.map((m) => m.ruleId)).toEqual(["local/area-index", "local/area-index"]);
    expect(result.messages.map((m) => /\((core\/[^)]+)\)/.exec(m.message)![1])).toEqual(["core/workshop/job.ts", "core/fleet/vehicle.ts"]);
    // The gate's config (eslint.config.js) turns the rule on with no options: nothing is let through by name.
    const config = (await new ESLint({ cwd: root }).calculateConfigForFile("core/accounts/credits.ts")) as { rules: Record<string, unknown[]> };
    expect(config.rules["local/area-index"]).toEqual([2]);
  });

  it("an eslint-disable comment must say why", async () => {
    expect(await boundaries("core/hire/fixture.ts", "// eslint-disable-next-line no-console\nconsole.log(1);\n")).toHaveLength(1);
    // A blanket disable silences the rule's own report too: the tree scan below finds it.
    expect(unexplainedDisables("const a = 1;\n/* eslint-disable */\nconsole.log(1);\n")).toEqual([2]);
    expect(unexplainedDisables("// eslint-disable-next-line no-console -- a reason\nconsole.log(1);\n")).toEqual([]);
    expect(await boundaries("core/hire/fixture.ts", "// eslint-disable-next-line no-console -- the fixture's reason\nconsole.log(1);\n")).toEqual([]);
  });
});

describe("the known debts (eslint.debt.js) can only fall", () => {
  it("no eslint-disable without its rule and reason anywhere, a blanket one included", async () => {
    const { readdirSync, readFileSync, statSync } = await import("node:fs");
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(join(root, dir))) {
        const p = `${dir}/${name}`;
        if (name === "node_modules" || name === "dist" || p === "tests/fixtures") continue;
        if (statSync(join(root, p)).isDirectory()) walk(p);
        else if (/\.(ts|tsx|js|mjs)$/.test(name) && p !== "tests/unit/lint-gate.test.ts") for (const line of unexplainedDisables(readFileSync(join(root, p), "utf8"))) found.push(`${p}:${line}`);
      }
    };
    for (const dir of ["core", "functions", "web/src", "tests", "bench", "stacks", "scripts"]) walk(dir);
    expect(found).toEqual([]);
  });

  it("explicit any: no file over its count, none new, and the list follows a fall", async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { ignores: ["**/node_modules/**", "**/dist/**", ".tmp/**", ".sst/**", "tests/fixtures/**"] },
        { files: ["**/*.ts", "**/*.tsx"], languageOptions: { parser: tseslint.parser }, plugins: { "@typescript-eslint": tseslint.plugin, local } },
        { files: ["**/*.ts", "**/*.tsx"], rules: { "@typescript-eslint/no-explicit-any": "error" } },
        { files: ["core/**/*.ts"], rules: { "local/area-index": "error" } },
      ],
    });
    const results = await eslint.lintFiles(["core", "functions", "web/src", "tests", "bench", "stacks", "scripts", "sst.config.ts"]);
    const anys: Record<string, number> = {};
    const cross: string[] = [];
    for (const r of results) {
      const file = r.filePath.slice(root.length + 1);
      for (const m of r.messages) {
        if (m.ruleId === "@typescript-eslint/no-explicit-any") anys[file] = (anys[file] ?? 0) + 1;
        if (m.ruleId === "local/area-index") cross.push(`${file}: ${m.message}`);
      }
    }
    const risen = Object.entries(anys).filter(([f, n]) => n > (ANY_DEBT[f] ?? 0)).map(([f, n]) => `${f}: ${n} explicit any, its debt says ${ANY_DEBT[f] ?? 0}`);
    expect(risen, "explicit any is an error in new code (docs/decisions.md \"The lint gate\")").toEqual([]);
    const fallen = Object.entries(ANY_DEBT).filter(([f, n]) => (anys[f] ?? 0) < n).map(([f, n]) => `${f}: ${anys[f] ?? 0} now, lower its debt from ${n}`);
    expect(fallen, "lower these counts in eslint.debt.js (the ratchet follows a fall)").toEqual([]);

    expect(cross, "another area only through its index.ts (the cross-area debt is paid: no exceptions)").toEqual([]);
  }, 180_000);
});
