import { describe, expect, it } from "vitest";
import { formatDate, parseUkDate, parseUkDateWhileTyping } from "../../web/src/platform/format";
import { TIME_OF_DAY, typedTime } from "../../core/platform/dates";

/** The one date input of the screens takes UK dates whatever the browser's language (web/src/platform/form/DateField.tsx). */
describe("typed dates", () => {
  it("read DD/MM/YYYY and its usual variants as ISO dates", () => {
    expect(parseUkDate("02/06/2031")).toBe("2031-06-02");
    expect(parseUkDate(" 2/6/2031 ")).toBe("2031-06-02");
    expect(parseUkDate("02.06.31")).toBe("2031-06-02");
    expect(parseUkDate("02062031")).toBe("2031-06-02");
    expect(parseUkDate("2031-06-02")).toBe("2031-06-02");
  });
  it("refuse what is not a real date, and never read the month first", () => {
    expect(parseUkDate("31/02/2031")).toBeNull();
    expect(parseUkDate("06/13/2031")).toBeNull();
    expect(parseUkDate("2031-13-01")).toBeNull();
    expect(parseUkDate("tomorrow")).toBeNull();
    expect(parseUkDate("")).toBeNull();
  });
  it("round-trips with the UK display", () => {
    expect(parseUkDate(formatDate("2028-02-29"))).toBe("2028-02-29");
  });
  it("while typed, take no two-digit year: '20/11/2026' typed key by key is never 20/11/2020 on the way (read on leaving)", () => {
    const typed = "20/11/2026";
    const seen = [...typed].map((_, i) => parseUkDateWhileTyping(typed.slice(0, i + 1))).filter(Boolean);
    expect(seen).toEqual(["2026-11-20"]);
    expect(parseUkDateWhileTyping("02.06.31")).toBeNull();
    expect(parseUkDate("02.06.31")).toBe("2031-06-02");
    expect(parseUkDateWhileTyping("02062031")).toBe("2031-06-02");
    expect(parseUkDateWhileTyping("2031-06-02")).toBe("2031-06-02");
  });
});

/** The one time input of the screens (web/src/platform/form/TimeField.tsx): 24-hour, typed with or without the colon. */
describe("typed times", () => {
  it("read HH:MM and its usual variants as HH:MM", () => {
    expect(typedTime("10:30")).toBe("10:30");
    expect(typedTime("1030")).toBe("10:30");
    expect(typedTime("10.30")).toBe("10:30");
    expect(typedTime("9:05")).toBe("09:05");
    expect(typedTime("930")).toBe("09:30");
    expect(typedTime(" 23:59 ")).toBe("23:59");
    expect(typedTime("00:00")).toBe("00:00");
  });

  it("refuse what is not a time of day, and what they give passes the server's check", () => {
    for (const bad of ["24:00", "10:60", "1", "10:3", "ten", "10:30pm", ""]) expect(typedTime(bad), bad).toBeNull();
    for (const ok of ["1030", "9.15", "0:00"]) expect(TIME_OF_DAY.test(typedTime(ok)!), ok).toBe(true);
  });
});

describe("a time field of a definition (kind \"time\")", () => {
  it("is drawn as the TimeField on the screens, at most HH:MM, and the diary's rule checks it with TIME_OF_DAY", async () => {
    const { diaryEntry } = await import("../../core/accounts/diary-definitions");
    const { diaryRuleResult } = await import("../../core/accounts/diary-rules");
    const { fieldsFrom } = await import("../../web/src/platform/form/fields");
    expect(fieldsFrom(diaryEntry).find((f) => f.name === "time")?.kind).toBe("time");
    const meta = diaryEntry.fields.find((f) => f.name === "time")!;
    expect([meta.input, meta.maxLength]).toEqual(["time", 5]);
    expect(diaryEntry.schema.shape.time.safeParse("09:305").success).toBe(false);
    expect(diaryRuleResult({ start_date: "2026-11-28", time: typedTime("930") })).toBeNull();
    expect(diaryRuleResult({ start_date: "2026-11-28", time: "2575" })?.errors).toEqual({ time: "Must be a time of day (HH:MM)" });
  });
});
