import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { client, signIn, type Res } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { moneyReference, type MoneyRef, type Rec } from "./money-support.js";
import { outstandingEquals } from "../../core/accounts/invariants.js";

/**
 * Property-based tests of the money invariants (issue 22;
 * core/accounts/invariants.ts; docs/accounts.md "Money invariants"): random
 * sequences of create invoice, approve, create credit, approve credits (one
 * and batches), pay, pay again with the same idempotency key, mark unpaid,
 * label or unlabel an overpayment,
 * delete a payment, edit or delete after approval, and concurrent duplicates
 * (Promise.all), against the real API on DynamoDB Local. After every step
 * every invariant is checked by reading back through the API: each invoice's
 * credited, paid and outstanding agree with the approved credits and PAID
 * payments listed, paid + credited stays within the total unless labelled
 * overpayments cover the excess, nothing is paid or credited on an invoice
 * not approved, approved documents are unchanged, and no answer is a 500.
 *
 * Seeded and reproducible: the seed is printed; `FC_SEED=<seed>` replays it.
 * `npm test` runs a few short sequences; `npm run props -- --steps 10000`
 * (scripts/props.mjs, FC_STEPS) runs as many steps as asked.
 */

const STEPS = Number(process.env.FC_STEPS ?? 0);
const LONG = STEPS > 0;
const PER_RUN = LONG ? 25 : 15;
const RUNS = LONG ? Math.ceil(STEPS / PER_RUN) : 6;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);

let api: ReturnType<typeof client>;
let ref: MoneyRef;
let runNo = 0;
let stepsDone = 0;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await moneyReference(api);
}, 60_000);

const pence = (min: number, max: number) => fc.integer({ min, max }).map((p) => p / 100);
const pick = fc.nat({ max: 1000 });

const action = fc.oneof(
  { arbitrary: fc.record({ a: fc.constant("invoice" as const), amount: pence(100, 50_000) }), weight: 3 },
  { arbitrary: fc.record({ a: fc.constant("approve" as const), i: pick }), weight: 3 },
  { arbitrary: fc.record({ a: fc.constant("credit" as const), i: pick, amount: pence(1, 30_000) }), weight: 3 },
  { arbitrary: fc.record({ a: fc.constant("approveCredit" as const), c: pick }), weight: 2 },
  { arbitrary: fc.record({ a: fc.constant("approveBatch" as const), cs: fc.array(pick, { minLength: 2, maxLength: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ a: fc.constant("pay" as const), i: pick, amount: pence(1, 40_000) }), weight: 4 },
  { arbitrary: fc.record({ a: fc.constant("overpay" as const), i: pick, amount: pence(1, 10_000) }), weight: 1 },
  { arbitrary: fc.record({ a: fc.constant("payAgain" as const), p: pick }), weight: 2 },
  { arbitrary: fc.record({ a: fc.constant("unpay" as const), p: pick }), weight: 1 },
  { arbitrary: fc.record({ a: fc.constant("relabel" as const), p: pick }), weight: 1 },
  { arbitrary: fc.record({ a: fc.constant("deletePayment" as const), p: pick }), weight: 1 },
  { arbitrary: fc.record({ a: fc.constant("editApproved" as const), i: pick, c: pick, amount: pence(1, 50_000) }), weight: 1 },
  { arbitrary: fc.record({ a: fc.constant("concurrentPay" as const), i: pick, n: fc.integer({ min: 2, max: 6 }), amount: pence(1, 20_000) }), weight: 2 },
  { arbitrary: fc.record({ a: fc.constant("concurrentSame" as const), i: pick, n: fc.integer({ min: 2, max: 4 }), amount: pence(1, 20_000) }), weight: 1 },
  { arbitrary: fc.record({ a: fc.constant("concurrentCredits" as const), i: pick, n: fc.integer({ min: 2, max: 4 }), amount: pence(1, 20_000) }), weight: 1 },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** One run's world: its own department, so its lists hold only its own documents. */
type World = { department: number; invoices: Rec[]; credits: Rec[]; payments: Array<{ id: number; key: string; body: Rec; deleted?: boolean }>; locked: Map<string, Rec>; keys: number };

const at = <T,>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** An invoice to pay or credit: an approved one three times in four (when there is one), any one otherwise. */
function target(w: World, n: number): Rec | undefined {
  const approved = w.invoices.filter((i) => w.locked.has(`invoice#${i.id}`));
  return n % 4 !== 0 && approved.length ? at(approved, n >> 2) : at(w.invoices, n);
}

/** How each kind of call was answered over the whole test (printed at the end). */
const answered = new Map<string, number>();

function expectStatus(res: Res, allowed: number[], what: string) {
  answered.set(`${what} ${res.status}`, (answered.get(`${what} ${res.status}`) ?? 0) + 1);
  if (!allowed.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)} (allowed ${allowed.join(", ")})`);
}

async function fresh(kind: "invoices" | "credit", row: Rec): Promise<Rec> {
  return ok(api.get(`${kind}/${row.id}`));
}

function payBody(w: World, inv: Rec, amount: number, extra: Rec = {}): { key: string; body: Rec } {
  const key = `prop-${SEED}-${runNo}-${w.keys++}`;
  return { key, body: { contact: ref.customer.id, department: w.department, amount, payment_date: today, date_paid: today, invoice_number: inv.invoice_number, ...extra } };
}

/** POST payments with its idempotency key (the header the screens' calls carry). */
function postPayment(p: { key: string; body: Rec }) {
  return api.postWith("payments", p.body, { "Idempotency-Key": p.key });
}

async function step(w: World, act: Action): Promise<void> {
  switch (act.a) {
    case "invoice": {
      const res = await api.post("invoices", { customer: ref.customer.id, department: w.department, amount: act.amount, no_vat_amount: 0, vat_nominal_code: ref.nominal.id, invoice_date: today, description: "Property" });
      expectStatus(res, [201], "create invoice");
      w.invoices.push(res.body);
      return;
    }
    case "approve": {
      const inv = at(w.invoices, act.i);
      if (!inv) return;
      const now = await fresh("invoices", inv);
      if (now.approved) return;
      const ready = now.ready_to_invoice ? now : (await ok(api.put("invoiceready", [{ id: now.id, last_saved: now.last_saved }]))).results[0];
      const res = await api.put("invoiceapprove", [{ id: ready.id, last_saved: ready.last_saved }]);
      expectStatus(res, [200], "approve invoice");
      const done = res.body.results[0];
      w.locked.set(`invoice#${done.id}`, { amount: done.amount, no_vat_amount: done.no_vat_amount, vat_rate: done.vat_rate, customer: done.customer, invoice_number: done.invoice_number, department: done.department });
      return;
    }
    case "credit": {
      const inv = target(w, act.i);
      if (!inv) return;
      const res = await api.post("credit", { invoice: inv.id, amount: act.amount, date_issued: today, vat_nominal_code: ref.nominal.id });
      expectStatus(res, [201, 400], "create credit");
      if (res.status === 201) w.credits.push((await ok(api.put("creditready", [{ id: res.body.id, last_saved: res.body.last_saved }]))).results[0]);
      return;
    }
    case "approveCredit":
    case "approveBatch": {
      const picks = act.a === "approveCredit" ? [act.c] : act.cs;
      const chosen = [...new Map(picks.map((n) => at(w.credits, n)).filter((c): c is Rec => !!c).map((c) => [c.id, c])).values()];
      if (!chosen.length) return;
      const rows = await Promise.all(chosen.map((c) => fresh("credit", c)));
      const res = await api.put("creditapprove", rows.map((c) => ({ id: c.id, last_saved: c.last_saved })));
      expectStatus(res, [200, 400], "approve credits");
      if (res.status === 200) for (const c of res.body.results as Rec[]) w.locked.set(`credit#${c.id}`, { amount: c.amount, no_vat_amount: c.no_vat_amount, invoice: c.invoice });
      return;
    }
    case "pay":
    case "overpay": {
      const inv = target(w, act.i);
      if (!inv) return;
      const { key, body } = payBody(w, inv, act.amount, act.a === "overpay" ? { overpayment: true } : {});
      const res = await postPayment({ key, body });
      expectStatus(res, [201, 400], "pay");
      if (res.status === 201) w.payments.push({ id: res.body.id, key, body });
      return;
    }
    case "payAgain": {
      const p = at(w.payments, act.p);
      if (!p) return;
      const res = await postPayment(p);
      expectStatus(res, [201, 400], "pay again");
      // The same key answers the first payment (edited since: 400), never a second one; a deleted payment's key is free again.
      if (res.status === 201 && !p.deleted) expect(res.body.id).toBe(p.id);
      if (res.status === 201) Object.assign(p, { id: res.body.id, deleted: false });
      return;
    }
    case "unpay": {
      const p = at(w.payments, act.p);
      if (!p) return;
      const now = await api.get(`payment/${p.id}`);
      if (now.status === 404) return;
      const res = await api.put(`payment/${p.id}`, { last_saved: now.body.last_saved, date_paid: now.body.date_paid ? null : today });
      expectStatus(res, [200, 400], "mark unpaid or paid");
      return;
    }
    case "relabel": {
      const p = at(w.payments, act.p);
      if (!p) return;
      const now = await api.get(`payment/${p.id}`);
      if (now.status === 404) return;
      const res = await api.put(`payment/${p.id}`, { last_saved: now.body.last_saved, overpayment: !now.body.overpayment });
      expectStatus(res, [200, 400], "label or unlabel an overpayment");
      return;
    }
    case "deletePayment": {
      const p = at(w.payments, act.p);
      if (!p) return;
      const res = await api.del(`payment/${p.id}`);
      expectStatus(res, [200, 404], "delete payment");
      p.deleted = true;
      return;
    }
    case "editApproved": {
      const inv = at(w.invoices, act.i);
      if (inv && w.locked.has(`invoice#${inv.id}`)) {
        const now = await fresh("invoices", inv);
        expectStatus(await api.put(`invoices/${inv.id}`, { ...now, amount: act.amount }), [400], "edit approved invoice");
        expectStatus(await api.del(`invoices/${inv.id}`), [400], "delete approved invoice");
      }
      const c = at(w.credits, act.c);
      if (c && w.locked.has(`credit#${c.id}`)) {
        const now = await fresh("credit", c);
        expectStatus(await api.put(`credit/${c.id}`, { ...now, amount: act.amount }), [400], "edit approved credit");
        expectStatus(await api.del(`credit/${c.id}`), [400], "delete approved credit");
      }
      return;
    }
    case "concurrentPay": {
      const inv = target(w, act.i);
      if (!inv) return;
      const bodies = Array.from({ length: act.n }, () => payBody(w, inv, act.amount));
      const answers = await Promise.all(bodies.map((b) => postPayment(b)));
      answers.forEach((res, n) => {
        expectStatus(res, [201, 400, 409], "concurrent pay");
        if (res.status === 201) w.payments.push({ id: res.body.id, key: bodies[n].key, body: bodies[n].body });
      });
      return;
    }
    case "concurrentSame": {
      const inv = target(w, act.i);
      if (!inv) return;
      const b = payBody(w, inv, act.amount);
      const answers = await Promise.all(Array.from({ length: act.n }, () => postPayment(b)));
      for (const res of answers) expectStatus(res, [201, 400, 409], "concurrent duplicate");
      const ids = new Set(answers.filter((r) => r.status === 201).map((r) => r.body.id as number));
      expect(ids.size).toBeLessThanOrEqual(1);
      if (ids.size) w.payments.push({ id: [...ids][0], key: b.key, body: b.body });
      return;
    }
    case "concurrentCredits": {
      const inv = target(w, act.i);
      if (!inv) return;
      const made: Rec[] = [];
      for (let n = 0; n < act.n; n++) {
        const res = await api.post("credit", { invoice: inv.id, amount: act.amount, date_issued: today, vat_nominal_code: ref.nominal.id });
        expectStatus(res, [201, 400], "create credit");
        if (res.status === 201) made.push((await ok(api.put("creditready", [{ id: res.body.id, last_saved: res.body.last_saved }]))).results[0]);
      }
      w.credits.push(...made);
      const answers = await Promise.all(made.map((c) => api.put("creditapprove", [{ id: c.id, last_saved: c.last_saved }])));
      answers.forEach((res) => {
        expectStatus(res, [200, 400, 409], "concurrent credit approvals");
        if (res.status === 200) for (const c of res.body.results as Rec[]) w.locked.set(`credit#${c.id}`, { amount: c.amount, no_vat_amount: c.no_vat_amount, invoice: c.invoice });
      });
      return;
    }
  }
}

/** Every invariant, read back through the API (one page of each of the run's lists). */
async function checkInvariants(w: World, where: string) {
  const [invoices, credits, payments] = await Promise.all([
    ok(api.get(`invoices?department=${w.department}&page_size=1000`)),
    ok(api.get(`credit?approved=approved&department=${w.department}&page_size=1000`)),
    ok(api.get(`payments?view=paid&department=${w.department}&page_size=1000`)),
  ]);
  const creditsOf = new Map<number, Rec[]>();
  for (const c of credits.results as Rec[]) creditsOf.set(c.invoice, [...(creditsOf.get(c.invoice) ?? []), c]);
  const paymentsOf = new Map<string, Rec[]>();
  for (const p of payments.results as Rec[]) {
    const n = String(p.invoice_number ?? "").toUpperCase();
    paymentsOf.set(n, [...(paymentsOf.get(n) ?? []), p]);
  }
  for (const inv of invoices.results as Rec[]) {
    const wrong = outstandingEquals(inv, creditsOf.get(inv.id) ?? [], paymentsOf.get(String(inv.invoice_number).toUpperCase()) ?? []);
    if (wrong.length) throw new Error(`${where}: invoice ${inv.id} (${inv.invoice_number}): ${wrong.join("; ")}`);
    const locked = w.locked.get(`invoice#${inv.id}`);
    if (locked) for (const [f, v] of Object.entries(locked)) if (inv[f] !== v) throw new Error(`${where}: approved invoice ${inv.id} changed ${f}: ${v} -> ${inv[f]}`);
  }
  for (const c of credits.results as Rec[]) {
    const locked = w.locked.get(`credit#${c.id}`);
    if (locked) for (const [f, v] of Object.entries(locked)) if (c[f] !== v) throw new Error(`${where}: approved credit ${c.id} changed ${f}: ${v} -> ${c[f]}`);
  }
  // Every approved credit the run saw is still listed as approved (never unapproved nor deleted).
  const listed = new Set((credits.results as Rec[]).map((c) => c.id));
  for (const k of w.locked.keys()) if (k.startsWith("credit#") && !listed.has(Number(k.slice(7)))) throw new Error(`${where}: approved credit ${k} is gone`);
}

describe("money invariants hold after every step of random sequences (fast-check)", () => {
  it(
    `${RUNS} runs of ${PER_RUN} steps (seed printed; FC_SEED replays)`,
    async () => {
      console.log(`money properties: seed ${SEED}, ${RUNS} runs of up to ${PER_RUN} steps (replay: FC_SEED=${SEED}${LONG ? ` FC_STEPS=${STEPS}` : ""})`);
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(fc.array(pence(100, 50_000), { minLength: 2, maxLength: 2 }), fc.array(action, { minLength: LONG ? PER_RUN - 4 : 8, maxLength: PER_RUN - 4 }), async (opening, rest) => {
          runNo++;
          const department = (await ok(api.post("createdepartment", { name: `PROPERTY ${SEED} ${runNo}` }))).id as number;
          const w: World = { department, invoices: [], credits: [], payments: [], locked: new Map(), keys: 0 };
          // Each run opens with two invoices, both approved (4 steps), then its random steps.
          const actions: Action[] = [...opening.map((amount) => ({ a: "invoice" as const, amount })), { a: "approve", i: 0 }, { a: "approve", i: 1 }, ...rest];
          for (const [n, act] of actions.entries()) {
            await step(w, act);
            stepsDone++;
            await checkInvariants(w, `run ${runNo} step ${n + 1} (${act.a})`);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      console.log(`money properties: ${stepsDone} steps in ${((Date.now() - started) / 1000).toFixed(1)} s, every invariant held (seed ${SEED})`);
      console.log([...answered].sort().map(([k, n]) => `  ${k}: ${n}`).join("\n"));
    },
    LONG ? 24 * 3600_000 : 120_000,
  );
});
