import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { keys, withSavedRow, writeSavedRows } from "../../web/src/platform/api";

/**
 * After a save through useUpdate (web/src/platform/api.ts), the cached list
 * rows of the saved record carry its new version and saved fields at once,
 * before the refetch lands: Approve straight after Save Invoice sends the
 * version just saved (it was a 409 while the list's refetch was slow).
 */
describe("the saved record in the cached list rows", () => {
  const page = () => ({
    count: 2,
    results: [
      { id: 7, last_saved: "2030-01-01T10:00:00.000Z", description: "Old", vat_nominal_code: null, istate: "READY" },
      { id: 8, last_saved: "2030-01-01T09:00:00.000Z", description: "Other", vat_nominal_code: null, istate: "READY" },
    ],
  });
  const saved = { id: 7, last_saved: "2030-01-02T11:00:00.000Z", description: "New", vat_nominal_code: 3, not_in_row: "x" };

  it("writes the answer's version and the fields the row holds into the row of the same id, nothing else", () => {
    const out = withSavedRow(page(), 7, saved);
    expect(out.results[0]).toEqual({ id: 7, last_saved: "2030-01-02T11:00:00.000Z", description: "New", vat_nominal_code: 3, istate: "READY" });
    expect(out.results[1]).toEqual(page().results[1]);
    expect(out.count).toBe(2);
    // A page without the record, a non-list answer or no answer: as it was.
    const other = page();
    expect(withSavedRow(other, 99, saved)).toBe(other);
    expect(withSavedRow(undefined, 7, saved)).toBeUndefined();
    expect(withSavedRow(other, 7, null)).toBe(other);
    // The id as the route had it (a string) still finds the row.
    expect(withSavedRow(page(), "7", saved).results[0].last_saved).toBe(saved.last_saved);
  });

  it("reaches every cached list of the resource (the one key factory), and no other resource or record query", () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.list("invoices", { view: "ready" }), page());
    qc.setQueryData(keys.list("invoices", { view: "all", page: 2 }), page());
    qc.setQueryData(keys.list("credit", {}), page());
    qc.setQueryData(keys.one("invoices", 7), { id: 7, last_saved: "2030-01-01T10:00:00.000Z" });
    writeSavedRows(qc, "invoices", 7, saved);
    for (const params of [{ view: "ready" }, { view: "all", page: 2 }]) {
      const data = qc.getQueryData<ReturnType<typeof page>>(keys.list("invoices", params))!;
      expect(data.results[0].last_saved).toBe(saved.last_saved);
      expect(data.results[0].description).toBe("New");
    }
    expect(qc.getQueryData<ReturnType<typeof page>>(keys.list("credit", {}))!.results[0].last_saved).toBe("2030-01-01T10:00:00.000Z");
    expect(qc.getQueryData<{ last_saved: string }>(keys.one("invoices", 7))!.last_saved).toBe("2030-01-01T10:00:00.000Z");
  });
});
