import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { isFormulaLike, toCsv } from "../../core/platform/csv.js";

/** The one CSV writer: formula-like text neutralised, plain numbers kept (core/platform/csv.ts). */
const cells = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe("toCsv", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', "=1+2", "+SUM(A1:A2)", "-2+3+cmd|' /C calc'!A0", "@SUM(1)", "\t=1", "\r=1"];
    const csv = toCsv(["value"], hostile.map((h) => [h]));
    const written = cells(csv).slice(1).map((r) => r[0]);
    expect(written).toEqual(hostile.map((h) => `'${h}`));
    for (const w of written) expect(isFormulaLike(w)).toBe(false);
  });

  it("keeps numbers and number-only text as numbers (credits stay negative)", () => {
    const csv = toCsv(["a", "b", "c", "d", "e"], [[-12.5, "-12.50", "+3", "0.10", 1200]]);
    expect(cells(csv)[1]).toEqual(["-12.5", "-12.50", "+3", "0.10", "1200"]);
  });

  it("leaves ordinary text alone, quotes commas and line breaks, and makes the header safe too", () => {
    const csv = toCsv(["Make", "=cmd"], [["Ford, Transit", 'say "hi"'], ["a-b", null]]);
    expect(csv.split("\r\n")[0]).toBe("Make,'=cmd");
    expect(cells(csv).slice(1)).toEqual([["Ford, Transit", 'say "hi"'], ["a-b", ""]]);
  });
});

describe("one CSV writer", () => {
  it("nothing else in the product writes CSV by itself (papaparse's unparse is only called in core/platform/csv.ts)", async () => {
    const { readdirSync, readFileSync, statSync } = await import("node:fs");
    const path = await import("node:path");
    const join = (...parts: string[]) => path.join(...parts);
    const relative = (from: string, to: string) => path.relative(from, to);
    const root = join(import.meta.dirname, "../..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (!["node_modules", "dist"].includes(name)) walk(path);
        } else if (/\.(ts|tsx)$/.test(name) && /\bunparse\s*\(/.test(readFileSync(path, "utf8"))) offenders.push(relative(root, path));
      }
    };
    for (const dir of ["core", "functions", "web/src"]) walk(join(root, dir));
    expect(offenders).toEqual(["core/platform/csv.ts"]);
  });
});
