import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";

/**
 * Correcting a transaction's date (PUT transactions/update/{id}): a date
 * moved to another month, on a transaction with a cost centre, a
 * department, a contact and an invoice number (the most list entries,
 * position counts, figures and search terms one can have), is saved in
 * one write and every list, count and figure follows it.
 */

let api: ReturnType<typeof client>;
let contact: any;
let workshop: any;
let misc: any;
let dvh: any;
let rf: any;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  contact = await ok(api.post("contacts", company("Movers Haulage Ltd", "CC")));
  workshop = await ok(api.post("costcentre", { name: "Workshop" }));
  misc = await ok(api.post("costcentre", { name: "Misc" }));
  dvh = await ok(api.post("createdepartment", { name: "DIRECT VAN HIRE" }));
  rf = await ok(api.post("createdepartment", { name: "RAPID FIT" }));
});

const ids = (r: { body: { results: Array<{ id: number }> } }) => r.body.results.map((x) => x.id);

async function figures(start: string, end: string, department?: number) {
  const f = await api.get(`transactions/figures?start=${start}&end=${end}${department ? `&department=${department}` : ""}`);
  expect(f.status, JSON.stringify(f.body)).toBe(200);
  return f.body as { total_in: number; total_out: number; categories: Array<{ id: number | null; in: number; out: number }> };
}

describe("PUT transactions/update/{id}: a date moved to another month", () => {
  it("saves, and the lists, week view, counts and figures follow the new date", async () => {
    const made = await ok(
      api.post("transactions", {
        type: "OUT",
        date: "2034-03-30",
        description: "Brake discs and pads",
        amount: 250,
        contact: contact.id,
        cost_centre: workshop.id,
        department: dvh.id,
        invoice_date: "2034-03-30",
        invoice_number: "MOVE-1",
      }),
    );
    const listed = `transactions?type=OUT&cost_centre=${workshop.id}&department=${dvh.id}&approved=false&hiderecurring=true`;
    const countBefore = (await api.get(listed)).body.count;
    expect(ids(await api.get(`transactions?type=OUT&view=week&start_date=2034-03-27`))).toContain(made.id);
    expect((await figures("2034-03-01", "2034-03-31")).total_out).toBe(250);
    expect((await figures("2034-03-01", "2034-03-31", dvh.id)).total_out).toBe(250);

    const saved = await api.put(`transactions/update/${made.id}`, { date: "2034-04-04", last_saved: made.last_saved });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.date).toBe("2034-04-04");

    // Every list it is in: where the new date puts it, the count unchanged.
    for (const q of ["transactions?type=OUT", listed, `transactions?type=OUT&cost_centre=${workshop.id}`, `transactions?type=OUT&department=${dvh.id}`, "transactions"]) {
      const page = await api.get(q);
      expect(page.status).toBe(200);
      expect(page.body.results.find((r: any) => r.id === made.id)?.date, q).toBe("2034-04-04");
    }
    expect((await api.get(listed)).body.count).toBe(countBefore);
    // The week view: in the new week, gone from the old.
    expect(ids(await api.get(`transactions?type=OUT&view=week&start_date=2034-03-27`))).not.toContain(made.id);
    expect(ids(await api.get(`transactions?type=OUT&view=week&start_date=2034-04-03`))).toContain(made.id);
    expect(ids(await api.get(`transactions?type=OUT&view=week&start_date=2034-04-03&finish_date=2034-04-09&cost_centre=${workshop.id}&department=${dvh.id}`))).toEqual([made.id]);
    // Search still finds it (its entries carry the date).
    expect(ids(await api.get("transactions?type=OUT&search=brake discs"))).toEqual([made.id]);
    expect(ids(await api.get("transactions?inv=MOVE-1"))).toEqual([made.id]);
    // The figures: the new month's, gone from the old month's.
    expect((await figures("2034-03-01", "2034-03-31")).total_out).toBe(0);
    expect((await figures("2034-03-01", "2034-03-31", dvh.id)).total_out).toBe(0);
    expect((await figures("2034-04-01", "2034-04-30")).total_out).toBe(250);
    expect((await figures("2034-04-01", "2034-04-30", dvh.id)).total_out).toBe(250);
    expect((await figures("2034-04-01", "2034-04-30")).categories).toEqual([expect.objectContaining({ id: workshop.id, in: 0, out: 250 })]);
  });

  it("moves month, cost centre and department in one save (every list it is in changes)", async () => {
    const made = await ok(
      api.post("transactions", {
        type: "IN",
        date: "2034-06-15",
        description: "Van hire June",
        amount: 99.5,
        contact: contact.id,
        cost_centre: workshop.id,
        department: dvh.id,
        invoice_date: "2034-06-15",
        invoice_number: "MOVE-2",
      }),
    );
    const saved = await api.put(`transactions/update/${made.id}`, { date: "2034-07-01", cost_centre: misc.id, department: rf.id, last_saved: made.last_saved });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await api.get(`transactions?type=IN&cost_centre=${workshop.id}`)).body.results.map((r: any) => r.id)).not.toContain(made.id);
    expect((await api.get(`transactions?type=IN&department=${dvh.id}`)).body.results.map((r: any) => r.id)).not.toContain(made.id);
    expect(ids(await api.get(`transactions?type=IN&cost_centre=${misc.id}&department=${rf.id}&hiderecurring=true&approved=false`))).toEqual([made.id]);
    expect((await figures("2034-06-01", "2034-06-30")).total_in).toBe(0);
    expect((await figures("2034-07-01", "2034-07-31", rf.id)).total_in).toBe(99.5);
    expect((await figures("2034-07-01", "2034-07-31", dvh.id)).total_in).toBe(0);
    // And back again.
    const back = await api.put(`transactions/update/${made.id}`, { date: "2034-06-15", cost_centre: workshop.id, department: dvh.id, last_saved: saved.body.last_saved });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await figures("2034-06-01", "2034-06-30", dvh.id)).total_in).toBe(99.5);
    expect((await figures("2034-07-01", "2034-07-31")).total_in).toBe(0);
    expect(ids(await api.get(`transactions?type=IN&cost_centre=${workshop.id}&department=${dvh.id}&view=week&start_date=2034-06-12`))).toEqual([made.id]);
  });
});
