import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { PartLineRow, WorkItemRow } from "../../core/workshop/types.js";
import type { part, workItem } from "../../core/workshop/definitions.js";
import type { ClientFieldName, SpecsOf } from "../../core/platform/definition.js";
import type { AccountBalanceRow } from "../../core/contacts/types.js";
import type { XeroPushAnswer } from "../../core/accounts/types.js";
import type { ComplianceWarningRecord, InspectionAnswer } from "../../core/fleet/types.js";
import type { TrackingCategoryRecord, TrackingOptionRecord } from "../../core/settings/types.js";
import type { AgreementLine } from "../../core/agreements/types.js";

/**
 * Issue 23, one definition per field: the web declares no hand-written row
 * type for vehicles, rentals, jobs, quotes, invoices or transactions. Each
 * is inferred from its definition and exported from core/<area>/types.ts
 * (`VehicleAnswer`, `RentalAnswer`, `JobAnswer`, `QuoteAnswer`,
 * `InvoiceRecord`, `TransactionRecord`); a screen names the one it reads,
 * adding at most what its own view holds. This scan fails on a type or
 * interface for one of the six whose body names none of them, or that
 * leaves its fields loose (`Record<string, any>`, `[field: string]: any`).
 */
const WEB = join(import.meta.dirname, "../../web/src");
const RECORDS = ["Vehicle", "Rental", "Job", "Quote", "Invoice", "Transaction"];
const INFERRED = /\b(VehicleAnswer|VehicleRecord|VehicleBrief|AvailableVehicle|RentalAnswer|RentalRecord|JobAnswer|JobRecord|QuoteAnswer|QuoteRecord|InvoiceRecord|TransactionRecord)\b/;
/** A declaration named after one of the six records, as a row/record of it (`Job`, `QuoteRow`, `RentalRecord`...). */
const DECLARATION = new RegExp(`^\\s*(?:export\\s+)?(?:type|interface)\\s+((?:${RECORDS.join("|")})(?:Row|Record)?)\\b[^=]*?(?:=|\\{)`, "gm");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of the declaration starting at `from`: up to its closing `;` at depth 0 (or the interface's closing brace). */
function declarationAt(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "<" || c === "(") depth++;
    else if (c === "}" || c === ">" || c === ")") {
      depth--;
      if (depth === 0 && text.slice(from, i).trimStart().match(/^(export\s+)?interface/)) return text.slice(from, i + 1);
    } else if (c === ";" && depth <= 0) return text.slice(from, i + 1);
  }
  return text.slice(from);
}

/** Every declaration in web/src of a row type for one of the six records. */
function rowTypeDeclarations(root = WEB): Array<{ file: string; name: string; text: string }> {
  return sources(root).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(DECLARATION)].map((m) => ({ file: file.slice(root.length + 1), name: m[1], text: declarationAt(text, m.index) }));
  });
}

/** Why a declaration is hand-written, or null when it is inferred from the definition. */
function handWritten(text: string): string | null {
  if (!INFERRED.test(text)) return "names no type inferred from the definition (core/<area>/types.ts)";
  if (/Record<string,\s*any>|\[\w+:\s*string\]:\s*any/.test(text)) return "leaves its fields loose (any)";
  return null;
}

/** A declaration that leaves its fields loose: `Record<string, any>` or `[field: string]: any` anywhere in it. */
const LOOSE = /Record<string,\s*any>|\[\w+:\s*string\]:\s*any\b/;
/** Every type alias or interface of web/src, whatever its name. */
const ANY_DECLARATION = /^\s*(?:export\s+)?(?:type|interface)\s+(\w+)\b[^=]*?(?:=|\{)/gm;
function looseDeclarations(root = WEB): string[] {
  return sources(root).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(ANY_DECLARATION)].filter((m) => LOOSE.test(declarationAt(text, m.index))).map((m) => `${file.slice(root.length + 1)}: ${m[1]}`);
  });
}
/** The loose declarations left: none (the agreements' screens hold the agreement as core/agreements/types.ts `AgreementLine`). */
const LOOSE_LEFT: string[] = [];

/** A row type written by hand over the API's record: `ApiRecord & { field: ...; ... }`. */
const HAND_ROW = /ApiRecord\s*&\s*\{/g;
/**
 * The hand-written rows left per file (pickers' and lookups' slices of a
 * record: a department's name, a fitter's name, an image's url...): this
 * list only shrinks. A new one, or one more in a file, fails: infer the row
 * from its definition in core/<area>/types.ts (RowOf, a Pick of it, the
 * record type's z.infer) instead. One inferred fails until its count is lowered.
 */
const HAND_ROWS_LEFT: Record<string, number> = {
  "accounts/transactions/TransactionsPage.tsx": 1,
  "agreements/PrintSalePage.tsx": 1,
  "contacts/ContactsListPage.tsx": 1,
  "contacts/pickers.tsx": 1,
  "fleet/edit/ImagesSection.tsx": 2,
  "fleet/edit/TrackerSection.tsx": 1,
  "fleet/league/FleetLeaguePage.tsx": 1,
  "fleet/picker/VehiclePicker.tsx": 2,
  "fleet/trackers/TrackersPage.tsx": 1,
  "home/CompliancePanel.tsx": 1,
  "home/Dashboard.tsx": 4,
  "parts/PartOrdersListPage.tsx": 1,
  "settings/JobTabWorkshops.tsx": 1,
  "workshop/JobModals.tsx": 2,
  "workshop/JobsListPage.tsx": 1,
  "workshop/QuotesListPage.tsx": 1,
  "workshop/fitter/FitterJobPage.tsx": 1,
  "workshop/movements/MovementsPage.tsx": 1,
  "workshop/selectors.tsx": 2,
};
function handRows(root = WEB): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of sources(root)) {
    const n = (readFileSync(file, "utf8").match(HAND_ROW) ?? []).length;
    if (n) counts[file.slice(root.length + 1)] = n;
  }
  return counts;
}

describe("the web's row types are the definitions' (issue 23)", () => {
  it("no new type in web/src leaves its fields loose (Record<string, any>): rows are inferred from core", () => {
    expect(looseDeclarations().sort()).toEqual([...LOOSE_LEFT].sort());
  });

  it("no new hand-written row (`ApiRecord & { ... }`) in web/src: the account balance, Xero push, inspection, compliance warning, tracking category and agreement rows are inferred", () => {
    expect(handRows()).toEqual(HAND_ROWS_LEFT);
    const declared = (file: string, name: string) => {
      const text = readFileSync(join(WEB, file), "utf8");
      const m = new RegExp(`(?:export )?type ${name}\\b[^=]*=`).exec(text);
      expect(m, `${file} declares ${name}`).not.toBeNull();
      return declarationAt(text, m!.index);
    };
    const inferred: Array<[string, string, RegExp]> = [
      ["contacts/AccountBalancePage.tsx", "Row", /\bAccountBalanceRow\b/],
      ["accounts/xero.ts", "PushRow", /\bXeroPushAnswer\b/],
      ["fleet/inspections/InspectionsPage.tsx", "Inspection", /\bInspectionAnswer\b/],
      ["fleet/picker/VehiclePicker.tsx", "Inspection", /\bInspectionAnswer\b/],
      ["fleet/edit/InspectionsSection.tsx", "InspectionRow", /\bInspectionLine\b/],
      ["fleet/compliance/warnings.tsx", "WarningRow", /\bComplianceWarningRecord\b/],
      ["settings/TrackingCategories.tsx", "Category", /\bTrackingCategoryRecord\b/],
      ["settings/TrackingCategories.tsx", "Option", /\bTrackingOptionRecord\b/],
      ["agreements/AgreementsSection.tsx", "Agreement", /\bAgreementLine\b/],
      ["agreements/SaleModals.tsx", "Agreement", /\bAgreementLine\b/],
    ];
    for (const [file, name, type] of inferred) {
      const text = declared(file, name);
      expect(text, `${file}: ${name}`).toMatch(type);
      expect(text, `${file}: ${name} adds no field by hand`).not.toMatch(/\{\s*\w+\??:/);
    }
    // The inferred types carry the definitions' fields and the answers' extras.
    expectTypeOf<InspectionAnswer["booked_in_date"]>().toEqualTypeOf<string | null>();
    expectTypeOf<InspectionAnswer["due"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<XeroPushAnswer["errors"]>().toEqualTypeOf<string[]>();
    expectTypeOf<XeroPushAnswer["status"]>().toEqualTypeOf<"PENDING" | "SENDING" | "SENT" | "FAILED" | "HELD">();
    expectTypeOf<AccountBalanceRow["outstanding_balance"]>().toEqualTypeOf<number | null>();
    expectTypeOf<ComplianceWarningRecord["resolved_at"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<TrackingOptionRecord["name"]>().toEqualTypeOf<TrackingCategoryRecord["name"] & string>();
    expectTypeOf<AgreementLine["remaining_balance"]>().toEqualTypeOf<number | null | undefined>();
    // The scan catches one.
    expect("type Row = ApiRecord & { display_name: string };".match(HAND_ROW)).toHaveLength(1);
    expect("type Row = ApiRecord & AccountBalanceRow;".match(HAND_ROW)).toBeNull();
  });

  it("the loose scan catches a hand-written row of any name", () => {
    const loose = (decl: string) => LOOSE.test(declarationAt(decl, 0));
    expect(loose("type OrderRow = ApiRecord & Record<string, any>;")).toBe(true);
    expect(loose("type Row = Record<string, any>;")).toBe(true);
    expect(loose("interface KeyRow { id: number; [field: string]: any }")).toBe(true);
    expect(loose("type Refs = { defaults: Record<string, any> };")).toBe(true);
    expect(loose("type MovementRow = ApiRecord & MovementAnswer;")).toBe(false);
    expect(loose("type ChildRow = Record<string, unknown> & { id?: number };")).toBe(false);
  });

  it("no hand-written row type for vehicles, rentals, jobs, quotes, invoices or transactions in web/src", () => {
    const found = rowTypeDeclarations();
    expect(found.length, "the scan finds the screens' row types").toBeGreaterThanOrEqual(10);
    const hand = found.flatMap((d) => {
      const why = handWritten(d.text);
      return why ? [`${d.file}: ${d.name} ${why}`] : [];
    });
    expect(hand).toEqual([]);
  });

  it("the scan catches a hand-written row type", () => {
    expect(handWritten("type Rental = ApiRecord & Record<string, any>;")).toMatch(/names no type/);
    expect(handWritten("type Job = { id: number; [field: string]: any };")).toMatch(/names no type/);
    expect(handWritten("type Quote = ApiRecord & QuoteAnswer & Record<string, any>;")).toMatch(/loose/);
    expect(handWritten("type Vehicle = ApiRecord & VehicleAnswer;")).toBeNull();
  });

  it("the job card's work item and part rows (WorkRow, PartRow) are inferred from their definitions, not written by hand", () => {
    const declared = (file: string, name: string) => {
      const text = readFileSync(join(WEB, file), "utf8");
      const m = new RegExp(`export type ${name}\\b[^=]*=`).exec(text);
      expect(m, `${file} declares ${name}`).not.toBeNull();
      return declarationAt(text, m!.index);
    };
    expect(declared("workshop/WorkItems.tsx", "WorkRow")).toMatch(/\bWorkItemRow\b/);
    expect(declared("workshop/selectors.tsx", "PartRow")).toMatch(/\bPartLineRow\b/);
    for (const t of [declared("workshop/WorkItems.tsx", "WorkRow"), declared("workshop/selectors.tsx", "PartRow")]) expect(t).not.toMatch(/Record<string,\s*any>|\[\w+:\s*string\]:\s*any|\{\s*\w+\??:/);
    // Every field a client may send of the definition is on the row, with the definition's type (figures as typed: number or text).
    expectTypeOf<Exclude<ClientFieldName<SpecsOf<typeof workItem>>, keyof WorkItemRow>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<ClientFieldName<SpecsOf<typeof part>>, keyof PartLineRow>>().toEqualTypeOf<never>();
    expectTypeOf<WorkItemRow["labour_cost"]>().toEqualTypeOf<number | string | null | undefined>();
    expectTypeOf<WorkItemRow["complete"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<WorkItemRow["description"]>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<PartLineRow["to_be_ordered"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PartLineRow["cost"]>().toEqualTypeOf<number | string | null | undefined>();
    expectTypeOf<WorkItemRow["parts"]>().toEqualTypeOf<PartLineRow[]>();
  });
});
