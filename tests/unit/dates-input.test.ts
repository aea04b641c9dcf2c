import { describe, expect, it } from "vitest";
import { formatDate, parseUkDate } from "../../web/src/platform/format";

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
});
