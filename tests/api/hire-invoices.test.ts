import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { booking, fleetReference, ok } from "./fleet-support.js";

const { handler } = await import("../../functions/cron/hire-invoices.js");
const { HireInvoices } = await import("../../core/accounts/hire-invoices.js");

let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
});

const longTerm = (start: string, finish: string, extra: Record<string, unknown> = {}) =>
  booking(ref, null, start, finish, { rental_type: "LT", long_term_weekly: 150, term: 12, mileage_allowance: 10000, invoice_interval: "WEEKLY", ...extra });

/** The hire invoices of one rental, read through GET invoices?activeView=hire (the Invoicing page's hire view), oldest period first. */
async function hireInvoicesOf(rental: number) {
  const res = await ok(api.get("invoices?activeView=hire&page_size=100"));
  return (res.results as any[]).filter((i) => i.rental === rental).sort((a, b) => (a.period_start < b.period_start ? -1 : 1));
}

describe("the hire invoice run (scheduled daily; npm run job -- hire-invoices)", () => {
  it("raises one HIRE invoice per started period, in advance, to the payer, and each once however often it runs", async () => {
    const r = await ok(api.post("rentals", longTerm("2031-01-06", "2031-03-30", { payer: ref.bolt.id })));
    expect((await handler({ date: "2031-01-05" })).raised).toBe(0);
    const first = await handler({ date: "2031-01-20" });
    expect(first).toMatchObject({ ok: true, date: "2031-01-20" });
    const mine = await hireInvoicesOf(r.id);
    expect(mine.map((i) => [i.period_start, i.period_end, i.amount])).toEqual([
      ["2031-01-06", "2031-01-12", 150],
      ["2031-01-13", "2031-01-19", 150],
      ["2031-01-20", "2031-01-26", 150],
    ]);
    expect(mine[0]).toMatchObject({ src: "HIRE", customer: ref.bolt.id, department: ref.rentals.id, invoice_date: "2031-01-06", approved: false, no_vat_amount: 0 });
    // Run again for the same day: nothing twice.
    expect((await handler({ date: "2031-01-20" })).raised).toBe(0);
    expect(await hireInvoicesOf(r.id)).toHaveLength(3);
    expect((await ok(api.get(`rentals/${r.id}`))).next_invoice_date).toBe("2031-01-27");
  });

  it("three runs at once raise each period once between them", async () => {
    const r = await ok(api.post("rentals", longTerm("2031-02-03", "2031-04-27")));
    const runs = await Promise.all([HireInvoices.run("2031-03-03"), HireInvoices.run("2031-03-03"), HireInvoices.run("2031-03-03")]);
    const mine = await hireInvoicesOf(r.id);
    expect(mine.map((i) => i.period_start)).toEqual(["2031-02-03", "2031-02-10", "2031-02-17", "2031-02-24", "2031-03-03"]);
    const raisedForMe = runs.flatMap((s) => s.invoices).filter((id) => mine.some((i) => i.id === id));
    expect(raisedForMe.sort()).toEqual(mine.map((i) => i.id).sort());
    expect(runs.every((s) => s.failed.length === 0)).toBe(true);
  });

  it("monthly: weekly x 52 / 12 a full month, the last period shortened to the finish (weekly x days / 7), then nothing more", async () => {
    const r = await ok(api.post("rentals", longTerm("2031-05-15", "2031-07-20", { long_term_weekly: 180, invoice_interval: "MONTHLY" })));
    await handler({ date: "2031-09-01" });
    const mine = await hireInvoicesOf(r.id);
    expect(mine.map((i) => [i.period_start, i.period_end, i.amount])).toEqual([
      ["2031-05-15", "2031-06-14", 780],
      ["2031-06-15", "2031-07-14", 780],
      ["2031-07-15", "2031-07-20", 154.29],
    ]);
    expect((await handler({ date: "2031-12-01" })).invoices.filter((id: number) => mine.some((i) => i.id === id))).toEqual([]);
  });

  it("a rental without an interval, or not confirmed, raises none; the run's field is not a client's to set", async () => {
    const none = await ok(api.post("rentals", longTerm("2031-08-04", "2031-10-26", { invoice_interval: "NONE" })));
    const quote = await ok(api.post("rentals", longTerm("2031-08-04", "2031-10-26", { status: "QUOTE" })));
    const sent = await ok(api.post("rentals", longTerm("2031-08-04", "2031-10-26", { next_invoice_date: "2031-10-20" })));
    expect(sent.next_invoice_date ?? null).toBeNull();
    await handler({ date: "2031-08-04" });
    expect(await hireInvoicesOf(none.id)).toEqual([]);
    expect(await hireInvoicesOf(quote.id)).toEqual([]);
    expect((await hireInvoicesOf(sent.id)).map((i) => i.period_start)).toEqual(["2031-08-04"]);
  });

  it("a hire invoice is in the hire view's Not Approved, without a number until it is approved", async () => {
    const r = await ok(api.post("rentals", longTerm("2031-11-03", "2032-01-25")));
    await handler({ date: "2031-11-03" });
    const [inv] = await hireInvoicesOf(r.id);
    expect(inv.invoice_number ?? null).toBeNull();
    const view = await ok(api.get("invoices?activeView=hire&view=not_approved&page_size=100"));
    expect(view.results.map((i: any) => i.id)).toContain(inv.id);
  });
});
