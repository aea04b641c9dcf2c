import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { company, ok } from "./fleet-support.js";
import { handler as repeatingRun } from "../../functions/cron/repeating-transactions.js";

/**
 * GET transactions without `type` (003 §7: type is one optional query of
 * ten): income and expenses together, every other query as with a type;
 * GET transactions/figures with the dashboard's type=weekly|monthly (001 §7).
 */

let api: ReturnType<typeof client>;
let full: any;
let nominal: any;
let workshop: any;
let misc: any;
let dvh: any;
let rf: any;
const ids: Record<string, number> = {};
const idsOf = (r: { body: { results: any[] } }) => r.body.results.map((x: any) => x.id);

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  full = await ok(api.post("contacts", { ...company("Both Ways Ltd", "CC") }));
  nominal = await ok(api.post("nominal", { code: "410", name: "Sundry", tax_type: "INPUT2" }));
  workshop = await ok(api.post("costcentre", { name: "Workshop" }));
  misc = await ok(api.post("costcentre", { name: "Misc" }));
  dvh = await ok(api.post("createdepartment", { name: "DIRECT VAN HIRE" }));
  rf = await ok(api.post("createdepartment", { name: "RAPID FIT" }));
  const mk = async (k: string, b: Record<string, unknown>) => (ids[k] = (await ok(api.post("transactions", b))).id);
  await mk("in1", { type: "IN", date: "2035-01-08", description: "Scrap metal sale", amount: 40, cost_centre: misc.id, department: dvh.id });
  await mk("out1", { type: "OUT", date: "2035-01-09", description: "Diesel for vans", amount: 90, cost_centre: workshop.id, department: dvh.id, contact: full.id });
  await mk("in2", { type: "IN", date: "2035-01-15", description: "Insurance refund", amount: 60, cost_centre: workshop.id, department: rf.id, invoice_number: "INV-88" });
  await mk("out2", { type: "OUT", date: "2035-01-16", description: "Tyres bought", amount: 25, cost_centre: misc.id, department: rf.id });
});

describe("GET transactions without type", () => {
  it("lists income and expenses together, newest first, with every other query as with a type", async () => {
    const all = await api.get("transactions");
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(idsOf(all)).toEqual([ids.out2, ids.in2, ids.out1, ids.in1]);
    expect(all.body.count).toBe(4);
    expect(new Set(all.body.results.map((r: any) => r.type))).toEqual(new Set(["IN", "OUT"]));
    // Each filter, alone and together.
    expect(idsOf(await api.get(`transactions?cost_centre=${misc.id}`))).toEqual([ids.out2, ids.in1]);
    expect(idsOf(await api.get(`transactions?department=${dvh.id}`))).toEqual([ids.out1, ids.in1]);
    expect(idsOf(await api.get(`transactions?department=${rf.id}&cost_centre=${workshop.id}`))).toEqual([ids.in2]);
    expect(idsOf(await api.get("transactions?department=&cost_centre=ALL"))).toEqual(idsOf(all));
    expect((await api.get("transactions?approved=true")).body.count).toBe(0);
    expect((await api.get("transactions?approved=false")).body.count).toBe(4);
    // The week view (Monday to Sunday) and start/finish dates.
    expect(idsOf(await api.get("transactions?view=week&start_date=2035-01-09"))).toEqual([ids.out1, ids.in1]);
    expect(idsOf(await api.get("transactions?view=week&start_date=2035-01-15&finish_date=2035-01-21"))).toEqual([ids.out2, ids.in2]);
    expect(idsOf(await api.get("transactions?start_date=2035-01-09&finish_date=2035-01-15"))).toEqual([ids.in2, ids.out1]);
    // Search (description, contact name, invoice number), narrowed like the lists.
    expect(idsOf(await api.get("transactions?search=both ways"))).toEqual([ids.out1]);
    expect(idsOf(await api.get("transactions?search=inv-88"))).toEqual([ids.in2]);
    expect(idsOf(await api.get(`transactions?search=tyres&department=${dvh.id}`))).toEqual([]);
    // Pages of 25 (page 2 of 2 a page).
    expect(idsOf(await api.get("transactions?page=2&page_size=2"))).toEqual([ids.out1, ids.in1]);
    // A type still narrows; an unknown one is still refused.
    expect(idsOf(await api.get("transactions?type=OUT"))).toEqual([ids.out2, ids.out1]);
    expect((await api.get("transactions?type=SIDEWAYS")).status).toBe(400);
  });

  it("approved, hiderecurring and the repeating panel without a type", async () => {
    const approved = await api.put("transactions/update", [
      { id: ids.out1, last_saved: (await api.get(`transactions/update/${ids.out1}`)).body.last_saved, nominal_code: nominal.id, invoice_date: "2035-01-08", invoice_number: "D-1" },
    ]);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(idsOf(await api.get("transactions?approved=true"))).toEqual([ids.out1]);
    expect(idsOf(await api.get("transactions?approved=false"))).toEqual([ids.out2, ids.in2, ids.in1]);

    const tplIn = await ok(api.post("transactions", { type: "IN", repeating: true, frequency: "MONTHLY", date: "2035-02-01", description: "Yard let", amount: 300, cost_centre: misc.id }));
    const tplOut = await ok(api.post("transactions", { type: "OUT", repeating: true, frequency: "MONTHLY", date: "2035-02-02", description: "Unit rent", amount: 500, cost_centre: misc.id }));
    expect(idsOf(await api.get("transactions?repeating=true"))).toEqual([tplIn.id, tplOut.id]);
    await repeatingRun({ date: "2035-02-02" });
    const feb = await api.get("transactions?view=week&start_date=2035-02-01");
    expect(feb.body.results.map((r: any) => r.template).sort()).toEqual([tplIn.id, tplOut.id].sort());
    expect((await api.get("transactions?view=week&start_date=2035-02-01&hiderecurring=true")).body.count).toBe(0);
    expect((await api.get("transactions?hiderecurring=true")).body.count).toBe(4);
  });

  it("a deep page of both types follows the lists' position counts: every page is the merged order", async () => {
    const deep = await ok(api.post("costcentre", { name: "Deep" }));
    const bodies = Array.from({ length: 280 }, (_, i) => ({
      type: i % 3 === 0 ? "IN" : "OUT",
      date: `2036-0${1 + (i % 3)}-${String(1 + (i % 9)).padStart(2, "0")}`,
      description: `Deep ${i}`,
      amount: 1,
      cost_centre: deep.id,
    }));
    for (let i = 0; i < bodies.length; i += 20) await Promise.all(bodies.slice(i, i + 20).map((b) => ok(api.post("transactions", b))));
    const [ins, outs] = await Promise.all(["IN", "OUT"].map((t) => api.get(`transactions?type=${t}&cost_centre=${deep.id}&page_size=1000`)));
    const expected = [...ins.body.results, ...outs.body.results].sort((a: any, b: any) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1)).map((r: any) => r.id);
    expect(expected.length).toBe(280);
    const pages: number[] = [];
    for (let page = 1; page <= 14; page++) {
      const res = await api.get(`transactions?cost_centre=${deep.id}&page=${page}&page_size=20`);
      expect(res.body.count).toBe(280);
      pages.push(...idsOf(res));
    }
    expect(pages).toEqual(expected);
    expect(idsOf(await api.get(`transactions?cost_centre=${deep.id}&page=3&page_size=100`))).toEqual(expected.slice(200, 280));
  });
});

describe("GET transactions/figures with the dashboard's type (001 §7)", () => {
  it("type=weekly|monthly is the timeframe, counting both sides; IN and OUT still keep one side", async () => {
    const d = "2037-06";
    await ok(api.post("transactions", { type: "IN", date: `${d}-08`, description: "w1", amount: 10, cost_centre: misc.id, department: dvh.id }));
    await ok(api.post("transactions", { type: "OUT", date: `${d}-09`, description: "w2", amount: 4, cost_centre: misc.id, department: dvh.id }));
    await ok(api.post("transactions", { type: "OUT", date: `${d}-20`, description: "later", amount: 100, cost_centre: misc.id, department: rf.id }));
    const weekly = await api.get(`transactions/figures?start=${d}-08&end=${d}-14&type=weekly&department=`);
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    expect(weekly.body).toMatchObject({ total_in: 10, total_out: 4, categories: [{ id: misc.id, name: "Misc", in: 10, out: 4 }] });
    const monthly = await api.get(`transactions/figures?start=${d}-01&end=${d}-30&type=monthly&department=ALL`);
    expect(monthly.body).toMatchObject({ total_in: 10, total_out: 104 });
    expect((await api.get(`transactions/figures?start=${d}-01&end=${d}-30&type=Monthly&department=${dvh.id}`)).body).toMatchObject({ total_in: 10, total_out: 4 });
    // Without dates the timeframe is the week or month of `date` (else start).
    expect((await api.get(`transactions/figures?type=weekly&date=${d}-10`)).body).toMatchObject({ start: `${d}-08`, end: `${d}-14`, total_in: 10, total_out: 4 });
    expect((await api.get(`transactions/figures?type=monthly&start=${d}-05`)).body).toMatchObject({ start: `${d}-05`, end: `${d}-30`, total_out: 104 });
    // IN and OUT keep one side.
    expect((await api.get(`transactions/figures?start=${d}-01&end=${d}-30&type=IN`)).body).toMatchObject({ total_in: 10, total_out: 0 });
    expect((await api.get(`transactions/figures?start=${d}-01&end=${d}-30&type=out`)).body).toMatchObject({ total_in: 0, total_out: 104 });
    const bad = await api.get(`transactions/figures?type=yearly`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Type must be IN, OUT, weekly or monthly");
  });
});
