import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvRows, isFormulaLike, safeCell, toCsv, type CsvCell } from "../../core/platform/csv.js";

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

describe("the writer's own quoting (papaparse left to the CAP reader: docs/performance.md \"Bundles\")", () => {
  const awkward: CsvCell[] = ["plain", "Ford, Transit", 'say "hi"', "two\nlines", "cr\r", " lead", "trail ", "\uFEFFbom", "", null, undefined, 0, -12.5, 1200, true, false, "£12,500.00", "'quoted'", "=1+2", "-12.50", "a\tb"];

  it("writes what papaparse's unparse wrote, cell for cell, header and rows", () => {
    const header = ["A", "B, c", " d"];
    const rows: CsvCell[][] = [];
    for (let i = 0; i < awkward.length; i += 3) rows.push(awkward.slice(i, i + 3));
    rows.push([], ["short"], ["one", "two", "three", "four"]);
    const safe = (r: readonly CsvCell[]) => r.map(safeCell);
    expect(toCsv(header, rows)).toBe(Papa.unparse({ fields: header.map((h) => String(safeCell(h))), data: rows.map(safe) }, { newline: "\r\n" }));
    expect(toCsv(header, [])).toBe(Papa.unparse({ fields: header, data: [] }, { newline: "\r\n" }));
    const plain = rows.filter((r) => r.length);
    expect(csvRows(plain)).toBe(`${Papa.unparse(plain.map(safe), { newline: "\r\n" })}\r\n`);
    expect(csvRows([])).toBe("");
  });
});

describe("one CSV writer", () => {
  it("nothing else in the product writes CSV by itself (core/platform/csv.ts is the one writer; nothing calls papaparse's unparse)", async () => {
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
    expect(offenders).toEqual([]);
  });
});
