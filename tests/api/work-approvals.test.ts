import { beforeAll, describe, expect, it, vi } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { Counter, ListEntry, UniqueClaim } from "../../core/platform/service.js";
import { JobLines } from "../../core/workshop/job.js";
import { upgradeIndexes } from "../../core/platform/upgrades.js";
import { listCounter } from "../../core/platform/records/indexes.js";

/**
 * Workshop Expenses (/po) and Workshop Invoicing (/invoicing) through the
 * real app against DynamoDB Local (003 §4, §5, §7 "Work approvals"): the
 * views, the rules and messages of both approvals, all or nothing, the
 * customer invoice numbers issued once (shared by a quote's jobs, distinct
 * under concurrent calls), the job card's locks after approval, the totals.
 */

let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let nominals: { sales: any; purchases: any; zero: any };

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
  ref = await workshopReference(api);
  nominals = {
    sales: await ok(api.post("nominal", { code: "W201", name: "Sales - Workshop", type: "REVENUE", tax_type: "OUTPUT2" })),
    purchases: await ok(api.post("nominal", { code: "W320", name: "Subcontracted Workshop", type: "DIRECTCOSTS", tax_type: "INPUT2" })),
    zero: await ok(api.post("nominal", { code: "W260", name: "Exempt", type: "REVENUE", tax_type: "EXEMPTOUTPUT" })),
  };
});

const M = {
  mixed: "Not all work items are of the same type (invoice or credit) No Changes have been made",
  missingApproval: "Missing Approval",
  poMissing: "Missing valid workshop invoice number, invoice date and/or payment date and Nominal Codes",
  customer: "The chargeable customer must be set up completly",
  workNominal: "All work items need a nominal code",
  partsNominal: "All parts need a nominal code",
  notAllReady: "Not all work items are ready to be invoiced",
  notValid: "One or more work items are not valid for approval",
};

/** A job with the given work items, in a department of its own (so a view's counts are this test's). */
async function newJob(items: any[], extra: Record<string, unknown> = {}) {
  const dept = await ok(api.post("createdepartment", { name: `Dept ${Math.random().toString(36).slice(2, 8)}` }));
  const van = await newVan(api, ref);
  const job = await ok(api.post("createjob", jobBody(ref, van.id, { department: dept.id, work_items: items, ...extra })));
  return { job, dept: dept.id as number };
}

/** Through Returned, Ready For Collection and approval (002 §5). */
async function approveJob(job: any) {
  let j = await ok(api.put(`jobs/returned/${job.id}`, { status: "RETURNED_FROM_WORKSHOP", last_saved: job.last_saved }));
  j = await ok(api.put(`jobs/returned/${job.id}`, { status: "READY_FOR_COLLECTION", last_saved: j.last_saved }));
  return ok(api.post(`jobs/approve/${job.id}`, { last_saved: j.last_saved, mileage: 5000 }));
}

const ids = (page: any) => page.results.map((r: any) => r.id).sort();
const view = (q: string) => ok(api.get(`work?${q}`));
const itemsOf = async (jobId: number) => (await view(`job=${jobId}`)).results;

/** A quote of two work items, each made into a job card of its own (the jobs share the quote's invoice number). */
async function quoteOfTwoJobs(description: string) {
  const van = await newVan(api, ref);
  const quote = await ok(
    api.post("createquote", {
      vehicle: van.id,
      customer: ref.acme.id,
      department: ref.hire.id,
      description,
      provisional_start_date: "2030-04-01",
      estimated_work_items: [
        { description: "Visit one", work_type: ref.service.id, estimated_labour_hours: 1, parts: [] },
        { description: "Visit two", work_type: ref.service.id, estimated_labour_hours: 1, parts: [] },
      ],
    }),
  );
  const made = [];
  for (const w of quote.estimated_work_items) {
    const r = await ok(api.post("createquotejob", { quote: quote.id, items: [w.id], customerInvoiceNumber: null, customer2InvoiceNumber: null, workshop: { id: ref.workshop.id }, bookInDate: "2030-04-01", startDate: "2030-04-02" }));
    made.push(await ok(api.get(`jobs/${r.id}`)));
  }
  return { quote, made };
}
/** A batch as the modal sends it: each item's id and last_saved, with the flag and edits. */
const sendable = (rows: any[], extra: (r: any) => Record<string, unknown> = () => ({})) => rows.map((r) => ({ id: r.id, last_saved: r.last_saved, ...extra(r) }));

describe("GET work: the views", () => {
  it("lists a job's items in the expenses views, and in the invoicing views once the job is approved", async () => {
    const { job, dept } = await newJob([item(ref, { parts: [part(ref)] }), item(ref, { description: "Warranty check", work_type: ref.warranty.id, labour_hours: 1 })]);
    const [service, warranty] = job.work_items;
    expect(ids(await view(`type=po&view=current&department=${dept}`))).toEqual([service.id]);
    expect(ids(await view(`type=po&view=approval&department=${dept}`))).toEqual([warranty.id]);
    expect((await view(`type=invoice&view=current&department=${dept}`)).count).toBe(0);
    const all = await view(`type=po&view=current`);
    expect(all.results.length).toBeLessThanOrEqual(25);
    const row = (await view(`type=po&view=current&department=${dept}`)).results[0];
    expect(row).toMatchObject({ id: service.id, job: job.id, description: "Full service", po_state: "current", invoice_state: "current", workshop: { id: ref.workshop.id, display_name: "Fast Fit Garage" }, work_type: { name: "Service" }, chargeable_customer_complete: true });

    await approveJob(job);
    expect(ids(await view(`type=invoice&view=current&department=${dept}`))).toEqual([service.id, warranty.id].sort());
    expect(ids(await view(`type=invoice&view=current&customer=${ref.acme.id}`))).toEqual(expect.arrayContaining([service.id, warranty.id]));
    // The modal: every item of the job, with its parts; ready narrows.
    const modal = await view(`job=${job.id}&ignore=false`);
    expect(modal.count).toBe(2);
    expect(modal.results.find((r: any) => r.id === service.id).parts).toHaveLength(1);
    expect((await view(`job=${job.id}&ready=true`)).count).toBe(0);
  });

  it("lists credit items (labour cost below 0) with negative=true, and refuses unknown views", async () => {
    const { job, dept } = await newJob([item(ref, { description: "Refund", labour_hours: null, labour_cost: -50, customer_labour_cost: -50, cost_override: true })]);
    expect(ids(await view(`type=po&view=current&negative=true&department=${dept}`))).toEqual([job.work_items[0].id]);
    const bad = await api.get(`work?type=invoice&view=approval`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("View must be one of current, ready, approved");
    expect((await api.get("work?type=po")).status).toBe(200);
  });

  it("answers with only the spec's names (003 §7): customer or an invoicing-only view means the invoicing side; views by their labels' snake_case", async () => {
    const { job, dept } = await newJob([item(ref), item(ref, { description: "Warranty check", work_type: ref.warranty.id, labour_hours: 1 }), item(ref, { description: "Wipers", labour_hours: 1 })]);
    const [a, warranty, b] = job.work_items;
    expect(ids(await view(`view=approval_needed&department=${dept}`))).toEqual([warranty.id]);
    expect(ids(await view(`view=Approval Needed&department=${dept}`))).toEqual([warranty.id]);
    await approveJob(job);
    await ok(api.put("work/readytoapprove", sendable((await itemsOf(job.id)).filter((r: any) => r.id === a.id))));
    // No type: ready is the invoicing side's.
    expect(ids(await view(`view=ready&department=${dept}`))).toEqual([a.id]);
    expect(ids(await view(`view=ready_to_invoice&department=${dept}`))).toEqual([a.id]);
    expect(ids(await view(`type=invoice&view=ready_to_invoice&department=${dept}`))).toEqual([a.id]);
    // No type: a customer filters the invoicing views (current by default).
    const mine = ids(await view(`customer=${ref.acme.id}&page_size=1000`));
    expect(mine).toEqual(expect.arrayContaining([warranty.id, b.id]));
    expect(mine).not.toContain(a.id);
    expect(ids(await view(`customer=${ref.acme.id}&view=ready_to_invoice&page_size=1000`))).toContain(a.id);
    // Without a customer or an invoicing-only view: the expenses side, as before.
    expect(ids(await view(`view=current&department=${dept}`))).toEqual(ids(await view(`type=po&view=current&department=${dept}`)));
    // type still rules when sent.
    expect((await api.get(`work?type=po&customer=${ref.acme.id}`)).status).toBe(400);
    expect((await api.get(`work?type=po&view=ready_to_invoice`)).body.message).toBe("View must be one of current, approval, approved");
    expect((await api.get(`work?view=nonsense`)).status).toBe(400);
  });

  it("still answers the vehicle's service record with vehicle", async () => {
    const { job } = await newJob([item(ref)]);
    const record = await ok(api.get(`work?vehicle=${job.vehicle.id}`));
    expect(record.results.map((r: any) => r.id)).toEqual([job.work_items[0].id]);
  });
});

describe("PUT work/approve: Workshop Expenses", () => {
  it("refuses with the spec's messages, all or nothing, then approves with the approver recorded", async () => {
    const { job, dept } = await newJob([item(ref, { parts: [part(ref)] }), item(ref, { description: "Warranty check", work_type: ref.warranty.id, labour_hours: 1 })]);
    const [service, warranty] = await itemsOf(job.id);
    const po = (_r: any) => ({ po_approved: true });

    const missing = await api.put("work/approve", sendable([service], po));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(M.poMissing);
    const approval = await api.put("work/approve", sendable([warranty], po));
    expect(approval.body.message).toBe(M.missingApproval);

    // One good item and one refused: nothing is written.
    const filled = (r: any) => ({
      po_approved: true,
      supplier_nominal_code: nominals.purchases.id,
      workshop_invoice_number: "FF-9001",
      workshop_invoice_date: "2030-03-05",
      job_workshop_payment_date: "2030-04-05",
      parts: r.parts.map((p: any) => ({ id: p.id, supplier_nominal_code: nominals.purchases.id })),
    });
    const both = await api.put("work/approve", sendable([service, warranty], filled));
    expect(both.status).toBe(400);
    expect(both.body.errors).toMatchObject({ "1": M.missingApproval });
    const after = await itemsOf(job.id);
    expect(after.every((r: any) => !r.po_approved && !r.supplier_nominal_code)).toBe(true);
    expect(after[0].workshop_invoice_number).toBeNull();

    // Both kinds of flag in one batch are refused.
    expect((await api.put("work/approve", sendable([service], () => ({ po_approved: true, invoice_approved: true })))).status).toBe(400);

    const done = await ok(api.put("work/approve", sendable([service], filled)));
    expect(done.results[0]).toMatchObject({ id: service.id, po_approved: true, po_approver: { first_name: "Alex" }, supplier_nominal_code: nominals.purchases.id, workshop_invoice_number: "FF-9001", job_workshop_payment_date: "2030-04-05" });
    expect(done.results[0].parts[0].supplier_nominal_code).toBe(nominals.purchases.id);
    expect(ids(await view(`type=po&view=approved&department=${dept}`))).toEqual([service.id]);
    expect(ids(await view(`type=po&view=current&department=${dept}`))).toEqual([]);
    // Approved once: a second approval is not valid.
    const again = await api.put("work/approve", sendable(done.results, () => ({ po_approved: true })));
    expect(again.body.message).toBe(M.notValid);
  });

  it("passes a free-of-charge work type once its approval is received, and warns when the VAT does not match the nominal code", async () => {
    const { job } = await newJob([item(ref, { description: "Warranty check", work_type: ref.warranty.id, labour_hours: 1, approval_received: true })]);
    const [w] = await itemsOf(job.id);
    const done = await ok(api.put("work/approve", sendable([w], () => ({ po_approved: true, supplier_nominal_code: nominals.zero.id, labour_cost_vat: "INPUT2" }))));
    expect(done.results[0].po_approved).toBe(true);
    expect(done.warnings).toEqual(["Vat entered does not match nominal vat"]);
  });

  it("refuses a stale item with 409 and a batch mixing invoices and credits with the spec's message", async () => {
    const { job } = await newJob([item(ref), item(ref, { description: "Refund", labour_hours: null, labour_cost: -20, customer_labour_cost: -20, cost_override: true })]);
    const [a, b] = await itemsOf(job.id);
    const mixed = await api.put("work/approve", sendable([a, b], () => ({ po_approved: true })));
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(M.mixed);
    const stale = await api.put("work/approve", [{ id: a.id, last_saved: "2001-01-01T00:00:00.000Z", po_approved: true }]);
    expect(stale.status).toBe(409);
    const noLastSaved = await api.put("work/approve", [{ id: a.id, po_approved: true }]);
    expect(noLastSaved.status).toBe(400);
    expect((await api.put("work/approve", [{ id: 999999999, last_saved: a.last_saved, po_approved: true }])).body.message).toBe(M.notValid);
  });
});

describe("Workshop Invoicing: ready, then approve", () => {
  it("issues the WO number once at ready, then approves with every rule of 003 §5; the job card keeps the item locked", async () => {
    const { job, dept } = await newJob([item(ref, { parts: [part(ref)] }), item(ref, { description: "Wipers", labour_hours: 1 })]);
    const [a, b] = await itemsOf(job.id);
    // Not approved yet: not valid.
    expect((await api.put("work/readytoapprove", sendable([a]))).body.message).toBe(M.notValid);
    expect((await itemsOf(job.id))[0].ready_to_approve ?? false).toBe(false);
    await approveJob(job);

    const readyA = await ok(api.put("work/readytoapprove", sendable(await itemsOf(job.id).then((r) => r.filter((x: any) => x.id === a.id)))));
    const number = readyA.results[0].customer_invoice_number;
    expect(number).toMatch(/^WO\d{5}$/);
    expect(readyA.results[0]).toMatchObject({ ready_to_approve: true, invoice_state: "ready" });
    expect(ids(await view(`type=invoice&view=ready&department=${dept}`))).toEqual([a.id]);

    // b is not ready yet: the batch of a alone is refused.
    let rows = await itemsOf(job.id);
    const inv = (r: any) => ({ invoice_approved: true, customer_nominal_code: nominals.sales.id, parts: r.parts.map((p: any) => ({ id: p.id, customer_nominal_code: nominals.sales.id })) });
    expect((await api.put("work/approve", sendable(rows.filter((r: any) => r.id === a.id), inv))).body.message).toBe(M.notAllReady);

    const readyB = await ok(api.put("work/readytoapprove", sendable(rows.filter((r: any) => r.id === b.id))));
    expect(readyB.results[0].customer_invoice_number).toBe(number);
    rows = await itemsOf(job.id);
    // Nominal codes: the work items', then the parts'.
    expect((await api.put("work/approve", sendable(rows, () => ({ invoice_approved: true })))).body.message).toBe(M.workNominal);
    expect((await api.put("work/approve", sendable(rows, () => ({ invoice_approved: true, customer_nominal_code: nominals.sales.id })))).body.message).toBe(M.partsNominal);
    // Issue 24 item 9: each missing code is named and keyed to its field, beside the spec's message.
    const named = await api.put("work/approve", sendable(rows, () => ({ invoice_approved: true, customer_nominal_code: nominals.sales.id })));
    const partErrors = Object.entries(named.body.errors as Record<string, string>).filter(([k]) => /^\d+\.parts\.\d+\.customer_nominal_code$/.test(k));
    expect(partErrors.length).toBeGreaterThan(0);
    for (const [, m] of partErrors) expect(m).toMatch(/^Nominal code needed for part /);
    expect((await itemsOf(job.id)).every((r: any) => !r.invoice_approved && !r.customer_nominal_code)).toBe(true);

    const balanceOf = async () => (await ok(api.get(`contacts/${ref.acme.id}`))).outstanding_balance as number;
    const listedBalance = async () => (await ok(api.get("accountbalance?search=acme&page_size=25"))).results.find((c: any) => c.id === ref.acme.id).outstanding_balance as number;
    const before = await balanceOf();
    expect(await listedBalance()).toBe(before);
    const done = await ok(api.put("work/approve", sendable(rows, inv)));
    expect(done.results.map((r: any) => r.invoice_approved)).toEqual([true, true]);
    // The customer's balance (A3) grows by what it is charged for the items: customer labour cost and the parts' customer charge, each + VAT 20%, in the approval's unit (issue 22 finding 12: the parts too).
    type Charged = { customer_labour_cost: number; parts: Array<{ customer_cost: number }> };
    const charged = (rows as Charged[]).reduce((pence, r) => pence + Math.round(r.customer_labour_cost * 120) + r.parts.reduce((p, part) => p + Math.round(part.customer_cost * 120), 0), 0);
    expect((rows as Charged[]).some((r) => r.parts.some((part) => part.customer_cost > 0))).toBe(true);
    expect(charged).toBeGreaterThan(0);
    expect(Math.round((await balanceOf()) * 100)).toBe(Math.round(before * 100) + charged);
    expect(await listedBalance()).toBe(await balanceOf());
    expect(done.results[0].invoice_approver).toMatchObject({ first_name: "Alex" });
    expect(ids(await view(`type=invoice&view=approved&department=${dept}`))).toEqual([a.id, b.id].sort());
    expect((await view(`type=invoice&view=ready&department=${dept}`)).count).toBe(0);
    expect(ids(await view(`type=invoice&view=approved&customer=${ref.acme.id}`))).toEqual(expect.arrayContaining([a.id, b.id]));

    // The job card: an invoiced item is read-only; by id too.
    const card = await ok(api.get(`jobs/${job.id}`));
    const changed = { ...card, work_items: card.work_items.map((w: any) => (w.id === a.id ? { ...w, labour_hours: 9 } : w)) };
    const locked = await api.put(`jobs/${job.id}`, changed);
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe("Full service has been approved for invoicing and cannot be changed");
    const w = card.work_items.find((x: any) => x.id === a.id);
    const byId = await api.put(`work/update/${a.id}`, { ...w, labour_hours: 9 });
    expect(byId.status).toBe(400);
    expect((await ok(api.get(`work/${a.id}`))).labour_hours).toBe(2);
    // A job whose items are approved cannot be deleted.
    expect((await api.del(`jobs/${job.id}`)).status).toBe(400);
  });

  it("issues J1 and J2 for a job with a customer 2, and refuses an incomplete chargeable customer", async () => {
    const partial = await ok(api.post("contacts", { display_name: `Walk In ${Math.random().toString(36).slice(2, 6)}`, company_name: "Walk In Ltd", company_phone: "0115 496 0000", company_email: "hi@walkin.co.uk", sale_account_code: "04" }));
    expect(partial.partial_contact).toBe(true);
    const { job } = await newJob([item(ref), item(ref, { description: "Damage repair", chargeable: true })], { customer2: partial.id });
    await approveJob(job);
    const ready = await ok(api.put("work/readytoapprove", sendable(await itemsOf(job.id))));
    const [one, two] = ready.results;
    expect(one.customer_invoice_number).toMatch(/^J1\d{5}$/);
    expect(two.customer2_invoice_number).toMatch(/^J2\d{5}$/);
    expect(two.billed_customer.id).toBe(partial.id);
    const res = await api.put("work/approve", sendable(await itemsOf(job.id), () => ({ invoice_approved: true, customer_nominal_code: nominals.sales.id })));
    expect(res.body.message).toBe(M.customer);
    expect(res.body.errors).toMatchObject({ "1": M.customer });
  });

  it("gives two jobs readied at once distinct numbers", async () => {
    const jobs = await Promise.all([newJob([item(ref)]), newJob([item(ref)])]);
    await Promise.all(jobs.map((j) => approveJob(j.job)));
    const rows = await Promise.all(jobs.map((j) => itemsOf(j.job.id)));
    const answers = await Promise.all(rows.map((r) => ok(api.put("work/readytoapprove", sendable(r)))));
    const numbers = answers.map((a) => a.results[0].customer_invoice_number);
    expect(numbers[0]).not.toBe(numbers[1]);
    expect(numbers.every((n) => /^WO\d{5}$/.test(n))).toBe(true);
  });

  it("shares one number between the jobs of a quote, even readied at once", async () => {
    const { quote, made } = await quoteOfTwoJobs("Two visits");
    await Promise.all(made.map((j) => approveJob(j)));
    const rows = await Promise.all(made.map((j) => itemsOf(j.id)));
    const answers = await Promise.all(rows.map((r) => ok(api.put("work/readytoapprove", sendable(r)))));
    const numbers = answers.map((a) => a.results[0].customer_invoice_number);
    expect(numbers[0]).toMatch(/^WO\d{5}$/);
    expect(numbers[1]).toBe(numbers[0]);
    expect((await ok(api.get(`quotes/${quote.id}`))).customer_invoice_number).toBe(numbers[0]);
  });

  it("shares the number a job of the quote claimed between another's look for it and its taking of one (no 409)", async () => {
    const { quote, made } = await quoteOfTwoJobs("Two visits, one late");
    for (const j of made) await approveJob(j);
    const [first, second] = await Promise.all(made.map((j) => itemsOf(j.id)));
    // The first job looks for the quote's claim and finds none; the second job is readied (it claims the number) before
    // the first takes a number of its own: the first's claim of the quote's number is then refused at every retry.
    type Ready = { results: Array<{ customer_invoice_number: string }> };
    const held: { other: Promise<Ready> | null } = { other: null };
    const get = UniqueClaim.get.bind(UniqueClaim);
    const spy = vi.spyOn(UniqueClaim, "get").mockImplementation(((key: { scope: string; value: string }) => {
      const q = get(key);
      if (held.other || key.scope !== `wsinvoice#quote#${quote.id}`) return q;
      const go = q.go.bind(q);
      let release: (r: Ready) => void = () => {};
      held.other = new Promise<Ready>((r) => (release = r));
      return Object.assign(q, {
        go: async (o?: object) => {
          const read = await go(o);
          release(await ok(api.put("work/readytoapprove", sendable(second))));
          return read;
        },
      });
    }) as unknown as typeof UniqueClaim.get);
    try {
      const answer = await ok(api.put("work/readytoapprove", sendable(first)));
      expect(held.other).not.toBeNull();
      const late = await held.other!;
      expect(late.results[0].customer_invoice_number).toMatch(/^WO\d{5}$/);
      expect(answer.results[0].customer_invoice_number).toBe(late.results[0].customer_invoice_number);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("GET worktotals/{id}", () => {
  it("answers the job's estimated and actual labour and part costs", async () => {
    const { job } = await newJob([item(ref, { estimated_labour_hours: 1, parts: [part(ref, { estimated_cost: 80 })] })]);
    const t = await ok(api.get(`worktotals/${job.id}`));
    expect(t).toEqual({ total_estimate_labour_cost: job.estimated_labour_cost_total, total_job_labour_cost: 100, total_estimate_part_cost: 80, total_job_part_cost: 100 });
    expect((await api.get("worktotals/999999999")).status).toBe(404);
    expect((await client("nope").get(`worktotals/${job.id}`)).status).toBe(401);
  });
});

describe("index upgrade: work items saved before their lists", () => {
  it("indexes every stored work item once", async () => {
    const { job, dept } = await newJob([item(ref), item(ref, { description: "Tyres" })]);
    const list = `po#current#d#${dept}`;
    // As a release before left them: no entries, no count.
    for (const e of await JobLines.lineEntriesIn("work_items", list)) await ListEntry.delete({ list: `job.work_items#${list}`, sort: e.sort, id: e.id } as any).go();
    await Counter.update({ name: listCounter("job.work_items", list) }).set({ live: 0 }).go();
    expect((await view(`type=po&view=current&department=${dept}`)).count).toBe(0);
    await Counter.update({ name: "indexversion#line#job.work_items" }).set({ seq: 1 }).go();
    await upgradeIndexes();
    const page = await view(`type=po&view=current&department=${dept}`);
    expect(page.count).toBe(2);
    expect(ids(page)).toEqual(job.work_items.map((w: any) => w.id).sort());
  });
});
