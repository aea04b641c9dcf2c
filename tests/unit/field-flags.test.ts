import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transaction, TRANSACTION_SERVER_FIELDS } from "../../core/accounts/transaction-definitions.js";
import { JOB_DERIVED, PART_SERVER_FIELDS, WORK_SERVER_FIELDS, job, part, workItem } from "../../core/workshop/definitions.js";
import { TOTAL_FIELDS } from "../../core/workshop/costs.js";
import { ESTIMATED_ITEM_OUTPUT, QUOTE_OUTPUT, QUOTE_SERVER_FIELDS, estimatedItemExtras, quote, quoteExtras } from "../../core/workshop/quote-definitions.js";
import { movement, movementExtras } from "../../core/workshop/movement-definitions.js";
import { jobExtras } from "../../core/workshop/definitions.js";
import { partLookup, partLookupExtras } from "../../core/workshop/lookup-definitions.js";
import { transactionExtras } from "../../core/accounts/transaction-definitions.js";
import { payment, paymentExtras } from "../../core/accounts/payment-definitions.js";
import { credit, creditExtras } from "../../core/accounts/credit-definitions.js";
import { invoice, invoiceExtras } from "../../core/accounts/invoice-definitions.js";
import { fixedExpense, fixedExpenseExtras } from "../../core/accounts/fixedexpense-definitions.js";
import { agreement, agreementExtras } from "../../core/agreements/definitions.js";
import { DERIVED_AGREEMENT_FIELDS } from "../../core/agreements/finance.js";
import { agreementFields } from "../../core/agreements/schema.js";
import { rental } from "../../core/hire/definitions.js";
import { LINE_LOCKS } from "../../core/workshop/definitions.js";
import { inspection, inspectionExtras, tracker, trackerExtras, vehicle, vehicleExtras } from "../../core/fleet/definitions.js";
import type { FieldDef } from "../../web/src/platform/form/fields";

/**
 * Issue 23, one definition per field: a field's flags live on the field
 * (`server: true`, core/platform/definition.ts); the lists the server keeps
 * are the definition's, and the screens' inputs and blank records agree
 * with it. Adding a field to the job, a work item or a quote that the
 * screen does not draw (or drawing one the definition does not have, or
 * one the server sets) fails here (docs/contributing.md "Adding a field").
 */

// The screens are .tsx modules, which the server's type check does not compile: imported by paths held in variables.
const JOB_CARD_MODULE = "../../web/src/workshop/JobEditPage";
const WORK_ITEMS_MODULE = "../../web/src/workshop/WorkItems";
const QUOTE_MODULE = "../../web/src/workshop/QuoteEditPage";
const card = (await import(JOB_CARD_MODULE)) as { FORM_FIELDS: FieldDef[]; KEPT: string[] };
const works = (await import(WORK_ITEMS_MODULE)) as { blankWorkItem: (chargeable?: boolean) => Record<string, unknown> };
const SELECTORS_MODULE = "../../web/src/workshop/selectors";
const selectors = (await import(SELECTORS_MODULE)) as { blankPart: () => Record<string, unknown> };
const quoteScreen = (await import(QUOTE_MODULE)) as { FIELDS: FieldDef[] };

type Def = { fields: Array<{ name: string; label: string }>; clientFields: readonly string[]; serverFields: readonly string[] };

/** Each screen input is a field of the definition a client may send, under the definition's label. */
function expectInputsOf(def: Def, inputs: FieldDef[]) {
  for (const f of inputs) {
    expect(def.clientFields, `${f.name}: a client field of the definition`).toContain(f.name);
    expect(def.serverFields, `${f.name}: not one the server sets`).not.toContain(f.name);
    expect(f.label, f.name).toBe(def.fields.find((m) => m.name === f.name)!.label);
  }
}

describe("a field's flags live on the field (issue 23)", () => {
  it("the server's lists are the definition's server-set fields, and a save's body loses them", () => {
    expect(WORK_SERVER_FIELDS).toEqual(workItem.serverFields);
    expect(WORK_SERVER_FIELDS).toEqual(expect.arrayContaining(["invoice_approved", "po_approved", "movement", "invoiced_parts_charge"]));
    expect(PART_SERVER_FIELDS).toEqual(part.serverFields);
    expect([...PART_SERVER_FIELDS].sort()).toEqual(["approved", "approver", "work"]);
    expect(QUOTE_SERVER_FIELDS).toEqual(expect.arrayContaining(["qstate", "approved", "customer_name"]));
    expect([...TRANSACTION_SERVER_FIELDS].sort()).toEqual(["approved", "approver", "invoice_total", "next_date", "occurs", "template"]);
    // No field is both: client and server fields split the definition.
    for (const d of [job, workItem, part, quote, transaction] as Def[]) expect([...d.clientFields, ...d.serverFields].sort()).toEqual(d.fields.map((f) => f.name).sort());
    expect(transaction.withoutServerFields({ amount: 5, approved: true, approver: { first_name: "A" }, description: "x" })).toEqual({ amount: 5, description: "x" });
    expect(transaction.fields.find((f) => f.name === "approved")).toMatchObject({ server: true });
    // The job's server-written fields are flagged on the field: approval, defect creator, state, the summary box's totals.
    expect(JOB_DERIVED).toEqual(job.serverFields);
    expect(JOB_DERIVED).toEqual(expect.arrayContaining(["approved", "approving_user", "approved_date", "defect_creator", "part_order", "jstate", "latest_comment", ...TOTAL_FIELDS]));
    // What a quote and its items answer besides their fields is declared once (answerExtras): the save's strip list is its names, none a field.
    expect(QUOTE_OUTPUT).toEqual(Object.keys(quoteExtras.kinds));
    expect(QUOTE_OUTPUT).toEqual(expect.arrayContaining(["row_colour", "latest_comment", "default_parts_markup"]));
    expect(ESTIMATED_ITEM_OUTPUT).toEqual(Object.keys(estimatedItemExtras.kinds));
    for (const n of QUOTE_OUTPUT) expect(quote.fields.map((f) => f.name), n).not.toContain(n);
    // And a movement's (its creator, view and search terms), none of them a field.
    expect(movementExtras.names).toEqual(["creator", "view", "search_terms"]);
    for (const n of movementExtras.names) expect(movement.fields.map((f) => f.name), n).not.toContain(n);
  });

  it("each lock is a flag on the field, its list the definition's: a movement's item, an approved rental's off hire, a booked inspection", () => {
    // 002 §4: a work item of a movement keeps its hours, override, completion and work type; lockRules reads the flag (LINE_LOCKS.movement).
    expect([...workItem.lockedInMovement].sort()).toEqual(["complete", "cost_override", "labour_hours", "work_type"]);
    expect(LINE_LOCKS.movement).toEqual(workItem.lockedInMovement);
    expect(workItem.fields.find((f) => f.name === "complete")).toMatchObject({ lockedInMovement: true });
    // docs/rentals.md "Approving a rental": the off-hire details and the per-mile rate (the screen's Rates and Off Hire sections lock the same).
    expect([...rental.lockedWhenApproved].sort()).toEqual(
      ["excess_mileage_charge_per_mile", "off_hire_ad_blue_charge", "off_hire_date", "off_hire_excess_mileage", "off_hire_insurance_completed", "off_hire_mileage", "off_hire_missing_fuel", "off_hire_new_damage", "off_hire_tracker_completed"],
    );
    // 000 §4: a booked-in inspection keeps its type, dates and warning days.
    expect([...inspection.lockedWhenBooked].sort()).toEqual(["date_completed", "expiry_date", "inspection_type", "start_date", "warning_days"]);
    // A definition flagging none lists none.
    expect(part.lockedInMovement).toEqual([]);
    expect(job.lockedWhenBooked).toEqual([]);
  });

  it("the job card draws every job field a client may send, each under its label, and no other", () => {
    expectInputsOf(job, card.FORM_FIELDS);
    const drawnOrKept = new Set([...card.FORM_FIELDS.map((f) => f.name), ...card.KEPT]);
    const derived = new Set<string>(JOB_DERIVED);
    expect(job.clientFields.filter((n) => !drawnOrKept.has(n) && !derived.has(n)), "job fields the card neither draws nor keeps").toEqual([]);
  });

  it("a blank work item and a blank part are their definition's blank: exactly the fields a client may send", () => {
    const blank = Object.keys(works.blankWorkItem()).filter((k) => k !== "parts");
    expect(blank.sort()).toEqual([...workItem.clientFields].sort());
    expect(Object.keys(selectors.blankPart()).sort()).toEqual([...part.clientFields].sort());
    expect(works.blankWorkItem(true)).toMatchObject({ chargeable: true, labour_cost: 0, description: "", parts: [] });
  });

  it("blank() has exactly the definition's input fields, each at its declared default (else false for a flag, null for the rest)", () => {
    for (const d of [job, workItem, part, quote, transaction, payment, invoice, credit] as Array<Def & { blank(): Record<string, unknown> }>) {
      const b = d.blank();
      expect(Object.keys(b)).toEqual([...d.clientFields]);
      for (const s of d.serverFields) expect(b, s).not.toHaveProperty(s);
    }
    expect(workItem.blank()).toMatchObject({ key: null, description: "", labour_hours: 0, labour_cost: 0, estimated_customer_labour_cost: 0, cost_override: false, work_type: null, supplier_tracking_option: null });
    expect(part.blank()).toMatchObject({ name: "", part_number: "", cost: 0, customer_cost: 0, to_be_ordered: true, from_stock: false, supplier: null, estimated_cost: null });
    expect(quote.blank()).toMatchObject({ quote_type: "NONE", priced: false, vehicle: null, description: null });
    expect(payment.blank()).toMatchObject({ payment_type: "BACS", department: 1, contact: null, amount: null, overpayment: false });
  });

  it("the quote editor's inputs are quote fields a client may send, each under its label", () => {
    expectInputsOf(quote, quoteScreen.FIELDS);
  });

  it("no hand-written strip list beside a definition: what a save drops is the definition's extras, server fields and the engine's meta fields", () => {
    // A list of names a save drops, written by hand in core (`const OUTPUT_ONLY = ["..."]`, `ANSWER_ONLY`, `*_SERVER_FIELDS`, a Set of them), fails here.
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const n of readdirSync(dir)) {
        const p = join(dir, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".ts")) files.push(p);
      }
    };
    walk(join(import.meta.dirname, "../../core"));
    const handList = /\b(?:const|let)\s+(\w*(?:OUTPUT_ONLY|ANSWER_ONLY|SERVER_FIELDS|OUTPUT|answerOnly|dropped)\w*)\b[^=\n]*=\s*(?:new Set(?:<[^>]*>)?\()?\[\s*["'`]/;
    const aliased = /\bconst\s+(\w*SERVER_FIELDS)\s*=\s*(?!\s|\w+\.serverFields;)/;
    const found: string[] = [];
    for (const f of files) {
      readFileSync(f, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (handList.test(line) || aliased.test(line)) found.push(`${f.replace(/^.*\/core\//, "core/")}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, "hand-written strip lists (declare them on the definition: server: true, answerExtras)").toEqual([]);
    // The scan catches one.
    expect(handList.test(`const OUTPUT_ONLY = ["id", "mileage_warning"];`)).toBe(true);
    expect(handList.test(`const ANSWER_ONLY = new Set<string>(["state"]);`)).toBe(true);
    expect(aliased.test(`export const WORK_SERVER_FIELDS = ["movement"] as const;`)).toBe(true);
    expect(aliased.test(`export const WORK_SERVER_FIELDS = workItem.serverFields;`)).toBe(false);

    // Nor a hand list of locked fields: a lock is a flag on the field (`lockedWhenApproved`, `lockedMoney`), its list the definition's.
    const lockList = /\bconst\s+(\w*LOCKED\w*)\b[^=\n]*=\s*\[/;
    const locks: string[] = [];
    for (const f of files)
      for (const line of readFileSync(f, "utf8").split("\n")) {
        const m = lockList.exec(line);
        if (m) locks.push(`${f.replace(/^.*\/core\//, "core/")}: ${m[1]}`);
      }
    // None left: a movement's item, an approved rental's off hire and a booked inspection read their flags too.
    expect(locks.sort(), "hand-written lock lists (flag the field: lockedWhenApproved, lockedMoney, lockedInMovement, lockedWhenBooked)").toEqual([]);
    expect(lockList.test("export const LOCKED_WORK_MONEY = [")).toBe(true);
    expect(lockList.test("const LOCKED_PART_MONEY = [\"cost\"] as const;")).toBe(true);
    expect(lockList.test("moneyChanges(old, now, workItem.lockedMoney)")).toBe(false);

    // Each area's extras are declared once and are no field of their definition.
    const pairs: Array<[Def, { names: readonly string[] }, string[]]> = [
      [job, jobExtras, ["mileage_warning", "image_count", "after_ready", "parts"]],
      [partLookup, partLookupExtras, ["work_lookup", "record_type"]],
      [transaction, transactionExtras, ["creator", "vat_warnings", "search_terms"]],
      [payment, paymentExtras, ["state", "colour"]],
      [credit, creditExtras, ["cstate", "vat", "total", "contact_detail", "department_detail", "vat_nominal_code_detail", "no_vat_nominal_code_detail", "area"]],
      [invoice, invoiceExtras, ["istate", "vat", "total", "outstanding", "customer_detail", "department_detail", "vat_nominal_code_detail", "no_vat_nominal_code_detail", "search_terms", "area"]],
      [fixedExpense, fixedExpenseExtras, ["department_name"]],
      [vehicle, vehicleExtras, ["purchase_type", "inspections", "images", "remaining_capital"]],
      [inspection, inspectionExtras, ["due"]],
      [tracker, trackerExtras, ["active"]],
      [agreement, agreementExtras, ["remaining_balance", "hp_remaining_interest", "early_settlement_charges", "estimated_value", "this_months_payment", "internal_sale_price", "remaining_capital"]],
    ];
    for (const [def, extras, names] of pairs) {
      expect([...extras.names].sort()).toEqual([...names].sort());
      for (const n of extras.names) expect(def.fields.map((f) => f.name), n).not.toContain(n);
    }
    // An agreement's derived figures are its extras and the interest rate (a field too: entered for Variable Rate); a save drops the extras, keeps the rate.
    expect([...DERIVED_AGREEMENT_FIELDS].sort()).toEqual([...agreementExtras.names, "hp_interest_rate"].sort());
    const parsed = agreementFields.parse({ remaining_balance: 5, estimated_value: 9, hp_interest_rate: 4.5 }) as Record<string, unknown>;
    expect(parsed.remaining_balance).toBeUndefined();
    expect(parsed.estimated_value).toBeUndefined();
    expect(parsed.hp_interest_rate).toBe(4.5);
  });
});
