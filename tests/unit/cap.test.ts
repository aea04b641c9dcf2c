import { describe, expect, it } from "vitest";
import { CAP_COLUMNS, CAP_MAX_ROWS, capChanges, capDate, capMoney, capTemplate, decodeCapFile, parseCapCsv } from "../../core/fleet/cap.js";
import { ValidationError } from "../../core/platform/errors.js";

/** The CAP valuation file (000 §2, §7 POST vehiclescap; docs/cap-upload.md), parsed without any storage. */
const HEADER = CAP_COLUMNS.join(",");
const TODAY = "2026-03-29";

function refused(text: string): ValidationError {
  try {
    parseCapCsv(text, TODAY);
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return e as ValidationError;
  }
  throw new Error("the file was accepted");
}

describe("money cells", () => {
  it("reads pounds with up to 2 decimal places, tolerating £, commas and spaces", () => {
    expect(capMoney("12500")).toEqual({ value: 12500 });
    expect(capMoney("£12,500.5")).toEqual({ value: 12500.5 });
    expect(capMoney(" £ 1,234.56 ")).toEqual({ value: 1234.56 });
    expect(capMoney("0")).toEqual({ value: 0 });
    expect(capMoney("0.10")).toEqual({ value: 0.1 });
    // Exact in decimal: no binary-float drift on the way in.
    expect(capMoney("1000000.07")).toEqual({ value: 1000000.07 });
  });

  it("refuses negatives, more than 2 decimal places, text and blanks", () => {
    expect(capMoney("-5")).toEqual({ error: "must not be negative" });
    expect(capMoney("£-5.00")).toEqual({ error: "must not be negative" });
    expect(capMoney("12.345")).toMatchObject({ error: expect.stringContaining("more than 2 decimal places") });
    expect(capMoney("12k")).toMatchObject({ error: expect.stringContaining("not an amount") });
    expect(capMoney("1.2.3")).toMatchObject({ error: expect.stringContaining("not an amount") });
    expect(capMoney("")).toEqual({ error: "is missing" });
    expect(capMoney(undefined)).toEqual({ error: "is missing" });
  });
});

describe("date cells", () => {
  it("takes ISO or DD/MM/YYYY, and an empty date means today", () => {
    expect(capDate("2026-01-31", TODAY)).toEqual({ value: "2026-01-31" });
    expect(capDate("31/01/2026", TODAY)).toEqual({ value: "2026-01-31" });
    expect(capDate("1/2/2026", TODAY)).toEqual({ value: "2026-02-01" });
    expect(capDate("29/02/2024", TODAY)).toEqual({ value: "2024-02-29" });
    expect(capDate("", TODAY)).toEqual({ value: TODAY });
    expect(capDate("  ", TODAY)).toEqual({ value: TODAY });
  });

  it("defaults to today in London, not UTC", () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
    expect(capDate("")).toEqual({ value: today });
  });

  it("refuses other formats and dates that do not exist", () => {
    expect(capDate("2026/01/31", TODAY)).toMatchObject({ error: expect.stringContaining("not a date") });
    expect(capDate("01-31-2026", TODAY)).toMatchObject({ error: expect.stringContaining("not a date") });
    expect(capDate("31/02/2026", TODAY)).toMatchObject({ error: expect.stringContaining("not a real date") });
    expect(capDate("2026-13-01", TODAY)).toMatchObject({ error: expect.stringContaining("not a real date") });
    expect(capDate("29/02/2025", TODAY)).toMatchObject({ error: expect.stringContaining("not a real date") });
  });
});

describe("parseCapCsv", () => {
  it("answers one result per data row, numbered as in a spreadsheet (header = row 1)", () => {
    const csv = [HEADER, "ab12 cde,12500,11950,11200.50,10400,2026-03-01", "", "XY70ZZZ,\"£9,000\",8500,8000,7500,15/03/2026", "FG18 HJK,1,2,3,4,"].join("\n");
    const rows = parseCapCsv(csv, TODAY);
    expect(rows).toEqual([
      {
        ok: true,
        row: 2,
        registration: "AB12 CDE",
        key: "AB12CDE",
        values: { cap_retail: 12500, cap_clean: 11950, cap_average: 11200.5, cap_below: 10400, cap_date: "2026-03-01" },
      },
      {
        ok: true,
        row: 4,
        registration: "XY70ZZZ",
        key: "XY70ZZZ",
        values: { cap_retail: 9000, cap_clean: 8500, cap_average: 8000, cap_below: 7500, cap_date: "2026-03-15" },
      },
      { ok: true, row: 5, registration: "FG18 HJK", key: "FG18HJK", values: { cap_retail: 1, cap_clean: 2, cap_average: 3, cap_below: 4, cap_date: TODAY } },
    ]);
  });

  it("rejects bad rows with a reason and keeps the good ones", () => {
    const csv = [
      HEADER,
      "AB12CDE,100,90,80,70,2026-03-01",
      ",100,90,80,70,2026-03-01",
      "BB12CDE,-1,90,80,70,2026-03-01",
      "CB12CDE,100,90.123,abc,70,31/02/2026",
      "DB12CDE,100,90,80",
      "ab12 cde,1,1,1,1,",
      "EB12CDE,,90,80,70,",
    ].join("\r\n");
    const rows = parseCapCsv(csv, TODAY);
    expect(rows.map((r) => [r.row, r.ok])).toEqual([
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [7, false],
      [8, false],
    ]);
    const reasons = Object.fromEntries(rows.filter((r) => !r.ok).map((r) => [r.row, !r.ok && r.reason]));
    expect(reasons[3]).toBe("Registration is missing");
    expect(reasons[4]).toBe("CAP retail must not be negative");
    expect(reasons[5]).toContain("CAP clean has more than 2 decimal places");
    expect(reasons[5]).toContain("CAP average is not an amount");
    expect(reasons[5]).toContain('CAP date "31/02/2026" is not a real date');
    expect(reasons[6]).toBe("Expected 6 values, found 4");
    expect(reasons[7]).toBe("Registration already given on row 2");
    expect(reasons[8]).toBe("CAP retail is missing");
    expect(rows[4]).toMatchObject({ registration: "DB12CDE" });
  });

  it("takes the header in any order and case, with a byte-order mark and spaces", () => {
    const csv = "\uFEFF Registration ,CAP_DATE,cap_below,cap_average,cap_clean,cap_retail\nAB12CDE,01/03/2026,4,3,2,1\n";
    expect(parseCapCsv(csv, TODAY)).toEqual([
      { ok: true, row: 2, registration: "AB12CDE", key: "AB12CDE", values: { cap_retail: 1, cap_clean: 2, cap_average: 3, cap_below: 4, cap_date: "2026-03-01" } },
    ]);
  });

  it("refuses a file that is not the CAP format as a whole, with a clear message", () => {
    expect(refused("").message).toBe("There was an error uploading the cap data");
    expect(refused("").errors).toEqual({ file: "the file is empty" });
    expect(refused(" \n\n ").errors.file).toContain("the file is empty");
    expect(refused(`${HEADER}\n`).errors.file).toContain("the file has a header but no rows");
    const wrong = refused("reg,retail\nAB12CDE,100\n");
    expect(wrong.errors.file).toContain("the first line must be the header registration,cap_retail,cap_clean,cap_average,cap_below,cap_date");
    expect(wrong.errors.file).toContain("missing registration, cap_retail");
    expect(wrong.errors.file).toContain("unexpected reg, retail");
    expect(wrong.errors).toHaveProperty("file");
    expect(refused(`${HEADER},registration\nA,1,1,1,1,,A`).errors.file).toContain("repeated registration");
    // Semicolons (a continental CSV) are not this format.
    expect(refused(CAP_COLUMNS.join(";") + "\nAB12CDE;1;1;1;1;").errors.file).toContain("the first line must be the header");
    // A spreadsheet or image sent by mistake.
    expect(refused("PK\u0003\u0004\u0000\u0000binary").errors.file).toContain("not a CSV text file");
  });

  it(`refuses more than ${CAP_MAX_ROWS} rows, accepts exactly ${CAP_MAX_ROWS}`, () => {
    const lines = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => `AB${String(i).padStart(5, "0")},1,1,1,1,`)].join("\n");
    expect(parseCapCsv(lines(CAP_MAX_ROWS), TODAY)).toHaveLength(CAP_MAX_ROWS);
    expect(refused(lines(CAP_MAX_ROWS + 1)).errors.file).toContain("the file has 5,001 rows; at most 5,000");
  });

  it("reads quoted cells with commas (as Excel writes '£12,500.00')", () => {
    const rows = parseCapCsv(`${HEADER}\n"AB12 CDE","£12,500.00","£11,000","10,000.99","9,000",""\n`, TODAY);
    expect(rows[0]).toMatchObject({ ok: true, values: { cap_retail: 12500, cap_clean: 11000, cap_average: 10000.99, cap_below: 9000, cap_date: TODAY } });
  });
});

describe("decodeCapFile", () => {
  it("reads UTF-8 and Excel's Windows-1252 CSV (its £ is one byte)", () => {
    expect(decodeCapFile(new TextEncoder().encode("£1,2"))).toBe("£1,2");
    expect(decodeCapFile(new Uint8Array([0xa3, 0x31, 0x2c, 0x32]))).toBe("£1,2");
  });
});

describe("capChanges", () => {
  const values = { cap_retail: 12500, cap_clean: 11950, cap_average: 11200.5, cap_below: 10400, cap_date: "2026-03-01" };
  it("is null when the vehicle holds the values already (numbers compared as decimals)", () => {
    expect(capChanges({ ...values, cap_average: "11200.50" }, values)).toBeNull();
  });
  it("lists only the fields that differ; a blank stored value differs from 0", () => {
    expect(capChanges({ ...values, cap_retail: null, cap_date: "2026-02-01" }, values)).toEqual({ cap_retail: 12500, cap_date: "2026-03-01" });
    expect(capChanges({ ...values, cap_below: null }, { ...values, cap_below: 0 })).toEqual({ cap_below: 0 });
  });
});

describe("capTemplate", () => {
  it("is the header and one example row the parser accepts", () => {
    const text = capTemplate();
    expect(text.split("\r\n")[0]).toBe(HEADER);
    const rows = parseCapCsv(text, TODAY);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: true, registration: "AB12 CDE", values: { cap_retail: 12500, cap_average: 11200.5 } });
  });
});
