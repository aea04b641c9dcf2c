import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { Counter } from "../../core/platform/service.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * Document numbers staff quote (IN/TR, CN, WO: A1) taken in the write's own
 * transaction (core/platform/records/numbers.ts `withNumbers`; issue 22
 * finding 9): concurrent writes give unique consecutive numbers, and a
 * refused or lost write takes none, so the next good one has the next
 * number (HMRC expects the sequence continuous). Real app, DynamoDB Local.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let wref: WorkshopRef;
let sales: { id: number };
let option: number;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  wref = await workshopReference(api);
  ref = wref;
  sales = await ok(api.post("nominal", { name: "Sales", code: "200", tax_type: "OUTPUT2" }));
  option = (await ok(api.post("createtrackingcategory", { name: "Depot", options: [{ name: "Birmingham" }] }))).options[0].id;
});

/** The counter's last number (what the series has issued). */
const seqOf = async (name: string) => ((await Counter.get({ name }).go({ consistent: true })).data?.seq ?? 0);
const seqOfNumber = (n: string) => Number(n.slice(2));
/** The numbers as issued: every one of `from`+1 … `from`+n, once. */
const consecutiveFrom = (numbers: string[], from: number) => expect(numbers.map(seqOfNumber).sort((a, b) => a - b)).toEqual(numbers.map((_, i) => from + 1 + i));

const invoice = (extra: Record<string, unknown> = {}) => ({ customer: ref.acme.id, department: ref.hire.id, amount: 100, no_vat_amount: 0, vat_nominal_code: sales.id, invoice_date: "2030-03-10", description: "Hire", ...extra });
const ready = async (inv: { id: number; last_saved: string }) => (await ok(api.put("invoiceready", [{ id: inv.id, last_saved: inv.last_saved }]))).results[0];
const approve = (invs: Array<{ id: number; last_saved: string }>) => api.put("invoiceapprove", invs.map((i) => ({ id: i.id, last_saved: i.last_saved })));

/** A movement invoice (raised without a number: it takes the next TR on approval), ready to approve. */
async function readyMovementInvoice(cost: number) {
  const m = await ok(api.post("movement", { customer: ref.acme.id, department: ref.hire.id, cost_override: true, cost, delivery_date: "2030-06-01" }));
  await ok(api.put(`movementcomplete/${m.id}`, { last_saved: m.last_saved, tracking_option: option }));
  const inv = (await ok(api.get(`invoices?activeView=movement&view=not_approved&search=acme&page_size=100`))).results.find((r: { movement: number }) => r.movement === m.id);
  expect(inv, `movement ${m.id} raised its invoice`).toBeTruthy();
  return ready(await ok(api.put(`invoices/${inv.id}`, { ...inv, vat_nominal_code: sales.id })));
}

describe("invoice numbers (TR, IN) taken with the approval or create", () => {
  it("8 concurrent approvals take 8 consecutive TR numbers, none skipped", async () => {
    const made = [];
    for (let i = 0; i < 8; i++) made.push(await readyMovementInvoice(40 + i));
    const from = await seqOf("docno#TR");
    const answers = await Promise.all(made.map((inv) => approve([inv])));
    expect(answers.map((a) => a.status)).toEqual(made.map(() => 200));
    consecutiveFrom(answers.map((a) => a.body.results[0].invoice_number as string), from);
    expect(await seqOf("docno#TR")).toBe(from + 8);
  });

  it("an invoice approved twice at once: one approval lands, the other is refused and takes no number; the next approval has the next number", async () => {
    const twice = await readyMovementInvoice(61);
    const next = await readyMovementInvoice(62);
    const from = await seqOf("docno#TR");
    const answers = await Promise.all([approve([twice]), approve([twice]), approve([twice])]);
    const landed = answers.filter((a) => a.status === 200);
    expect(landed).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([400, 409]).toContain(a.status);
    expect(landed[0].body.results[0].invoice_number).toBe(`TR${String(from + 1).padStart(5, "0")}`);
    // Refused: already approved (the 409 ones lost the race, the 400 ones found it approved): none took a number.
    const again = await approve([await ok(api.get(`invoices/${twice.id}`))]);
    expect(again.status).toBe(400);
    const done = await ok(approve([next]));
    expect(done.results[0].invoice_number).toBe(`TR${String(from + 2).padStart(5, "0")}`);
  });

  it("a batch approval takes consecutive numbers; a refused batch (one invoice missing its nominal code) takes none", async () => {
    const good = [await readyMovementInvoice(71), await readyMovementInvoice(72), await readyMovementInvoice(73)];
    const bad = await ok(api.put(`invoices/${good[2].id}`, { ...good[2], vat_nominal_code: null }));
    expect(bad.istate).toBe("READY");
    const from = await seqOf("docno#TR");
    const refused = await approve([good[0], good[1], bad]);
    expect(refused.status).toBe(400);
    expect(await seqOf("docno#TR")).toBe(from);
    const fixed = await ok(api.put(`invoices/${bad.id}`, { ...bad, vat_nominal_code: sales.id }));
    const batch = await ok(approve([good[0], good[1], fixed]));
    expect(batch.results.map((r: { invoice_number: string }) => r.invoice_number)).toEqual([1, 2, 3].map((k) => `TR${String(from + k).padStart(5, "0")}`));
  });

  it("two batches approved at once (5 and 3 invoices) take increasing numbers in the order sent, together 8 with no gap", async () => {
    const a = [];
    for (let i = 0; i < 5; i++) a.push(await readyMovementInvoice(80 + i));
    const b = [];
    for (let i = 0; i < 3; i++) b.push(await readyMovementInvoice(90 + i));
    const from = await seqOf("docno#TR");
    const [ra, rb] = await Promise.all([approve(a), approve(b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const na = (ra.body.results as Array<{ id: number; invoice_number: string }>).map((r) => seqOfNumber(r.invoice_number));
    const nb = (rb.body.results as Array<{ id: number; invoice_number: string }>).map((r) => seqOfNumber(r.invoice_number));
    expect((ra.body.results as Array<{ id: number }>).map((r) => r.id)).toEqual(a.map((i) => i.id));
    // Each invoice is its own unit (one approval is 35 to 70 items: two do not fit DynamoDB's 100), so another batch may land between two of them: increasing in the order sent.
    for (const run of [na, nb]) expect([...run].sort((x, y) => x - y)).toEqual(run);
    expect([...na, ...nb].sort((x, y) => x - y)).toEqual([...na, ...nb].map((_, k) => from + 1 + k));
    const approved = await Promise.all([...a, ...b].map((i) => ok(api.get(`invoices/${i.id}`))));
    expect(approved.every((r) => r.approved && r.istate === "APPROVED")).toBe(true);
  });

  it("8 concurrent sale invoice creates take 8 consecutive IN numbers; a refused create takes none", async () => {
    const from = await seqOf("invoicenumber");
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api.post("invoices", invoice({ amount: 10 + i }))));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    consecutiveFrom(answers.map((a) => a.body.invoice_number as string), from);
    expect((await api.post("invoices", invoice({ customer: 99999999 }))).status).toBe(400);
    const next = await ok(api.post("invoices", invoice()));
    expect(next.invoice_number).toBe(`IN${String(from + 9).padStart(5, "0")}`);
  });
});

describe("credit note numbers (CN) taken with the create", () => {
  it("8 concurrent credits of one invoice take 8 consecutive CN numbers; a refused credit (too much) takes none", async () => {
    const inv = (await ok(approve([await ready(await ok(api.post("invoices", invoice({ amount: 1000 }))))]))).results[0];
    const from = await seqOf("docno#CN");
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.post("credit", { invoice: inv.id, amount: 5, description: "Goodwill" })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    consecutiveFrom(answers.map((a) => a.body.credit_note_number as string), from);
    expect((await api.post("credit", { invoice: inv.id, amount: 5000 })).status).toBe(400);
    const next = await ok(api.post("credit", { invoice: inv.id, amount: 1 }));
    expect(next.credit_note_number).toBe(`CN${String(from + 9).padStart(5, "0")}`);
  });
});

describe("workshop customer invoice numbers (WO) taken with the ready step", () => {
  /** An approved job with one work item, its items as the modal sends them. */
  async function readyableJob() {
    const van = await newVan(api, wref);
    const job = await ok(api.post("createjob", jobBody(wref, van.id, { work_items: [item(wref)] })));
    let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
    j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
    await ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 5000 }));
    const rows = (await ok(api.get(`work?job=${job.id}`))).results as Array<{ id: number; last_saved: string }>;
    return rows.map((r) => ({ id: r.id, last_saved: r.last_saved }));
  }

  it("6 jobs readied at once take 6 consecutive WO numbers", async () => {
    const batches = [];
    for (let i = 0; i < 6; i++) batches.push(await readyableJob());
    const from = await seqOf("docno#WO");
    const answers = await Promise.all(batches.map((b) => api.put("work/readytoapprove", b)));
    expect(answers.map((a) => a.status)).toEqual(batches.map(() => 200));
    consecutiveFrom(answers.map((a) => a.body.results[0].customer_invoice_number as string), from);
    expect(await seqOf("docno#WO")).toBe(from + 6);
  });

  it("a job readied twice at once: one lands, the other is refused and takes no number; the next job has the next number", async () => {
    const twice = await readyableJob();
    const next = await readyableJob();
    const from = await seqOf("docno#WO");
    const answers = await Promise.all([api.put("work/readytoapprove", twice), api.put("work/readytoapprove", twice), api.put("work/readytoapprove", twice)]);
    const landed = answers.filter((a) => a.status === 200);
    expect(landed).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([400, 409]).toContain(a.status);
    expect(landed[0].body.results[0].customer_invoice_number).toBe(`WO${String(from + 1).padStart(5, "0")}`);
    const done = await ok(api.put("work/readytoapprove", next));
    expect(done.results[0].customer_invoice_number).toBe(`WO${String(from + 2).padStart(5, "0")}`);
  });

  it("a refused invoicing approval (a work item missing its nominal code) takes no number; the next ready job has the next", async () => {
    const readied = await ok(api.put("work/readytoapprove", await readyableJob()));
    const from = await seqOf("docno#WO");
    expect(readied.results[0].customer_invoice_number).toBe(`WO${String(from).padStart(5, "0")}`);
    const rows = (await ok(api.get(`work?job=${readied.results[0].job}`))).results as Array<{ id: number; last_saved: string }>;
    const refused = await api.put("work/approve", rows.map((r) => ({ id: r.id, last_saved: r.last_saved, invoice_approved: true })));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("All work items need a nominal code");
    expect(await seqOf("docno#WO")).toBe(from);
    const done = await ok(api.put("work/readytoapprove", await readyableJob()));
    expect(done.results[0].customer_invoice_number).toBe(`WO${String(from + 1).padStart(5, "0")}`);
  });

  it("a refused ready (a job not yet approved) takes no number", async () => {
    const van = await newVan(api, wref);
    const open = await ok(api.post("createjob", jobBody(wref, van.id, { work_items: [item(wref)] })));
    const rows = (await ok(api.get(`work?job=${open.id}`))).results as Array<{ id: number; last_saved: string }>;
    const from = await seqOf("docno#WO");
    expect((await api.put("work/readytoapprove", rows.map((r) => ({ id: r.id, last_saved: r.last_saved })))).status).toBe(400);
    const done = await ok(api.put("work/readytoapprove", await readyableJob()));
    expect(done.results[0].customer_invoice_number).toBe(`WO${String(from + 1).padStart(5, "0")}`);
  });
});
