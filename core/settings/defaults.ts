import { appDefaults } from "./definitions.js";
import { XERO_PAYMENTS_ACCOUNT_MESSAGES, takesPayments } from "./xero-rules.js";
import { defineRecordType } from "../platform/records.js";
import { NotFoundError, ValidationError } from "../platform/errors.js";
import { NominalCode } from "./accounting.js";

/** App defaults (001 §3): one record, id 1, edited in place. */
export const AppDefaultsRecord = defineRecordType({
  type: "appdefaults",
  label: "App defaults",
  fields: appDefaults.schema,
});

/**
 * The two readings of the long-term contract notes (001 §9), as printed
 * until staff edit them in Settings > Defaults. Reading B's early-return
 * penalty comes from the rental ({penalty}).
 */
export const HIRE_TEXT_DEFAULTS = {
  long_term_terms_reading: "A" as const,
  long_term_terms_a:
    "This is a 12 month agreement. Returning the vehicle early is charged at £20 per week for the remaining weeks. A fair wear and tear allowance of £25 applies at return. Returns: Monday to Friday 07:30-17:00, Saturday 08:00-13:00.",
  long_term_terms_b:
    "This agreement has a 12 month minimum. Returning the vehicle early is charged at {penalty} per week for the remaining weeks. A fair wear allowance of £50 a month applies. Mileage over 60,000 miles is charged at 0.25p per mile for the make named in the schedule.",
  hire_terms_and_conditions:
    "The hirer takes the vehicle in the condition recorded at on-hire, keeps it insured as stated, uses it lawfully and only for the purposes agreed, and returns it on the return date with the same fuel level. The hirer is liable for fines, tolls and charges incurred during the hire, for damage not recorded at on-hire, and for excess mileage at the rate shown.",
};

const SINGLE_ID = 1;

export const AppDefaults = {
  async get() {
    try {
      const row = (await AppDefaultsRecord.get(SINGLE_ID)) as Record<string, unknown>;
      // Texts never edited read as the defaults.
      const filled: Record<string, unknown> = { ...row };
      for (const [k, v] of Object.entries(HIRE_TEXT_DEFAULTS)) if (filled[k] === null || filled[k] === undefined) filled[k] = v;
      return filled;
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      return { id: SINGLE_ID, default_depreciation: null, default_labour_estimate_rate: null, default_parts_markup: null, xero_payments_account: null, ...HIRE_TEXT_DEFAULTS, last_saved: null };
    }
  },
  /** The Xero payments account default (issue 22): its nominal code id, or null while unset. */
  async xeroPaymentsAccount(): Promise<number | null> {
    const id = Number((await AppDefaults.get()).xero_payments_account);
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  async save(body: unknown, actor: string) {
    await checkPaymentsAccount(body);
    try {
      return await AppDefaultsRecord.update(SINGLE_ID, body, actor, { partial: true });
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
      return AppDefaultsRecord.create(body, actor);
    }
  },
};

/** A Xero payments account must be a nominal code Xero takes payments into: type BANK, or payments enabled (003 §3 nominal codes). */
async function checkPaymentsAccount(body: unknown) {
  if (!body || typeof body !== "object" || !("xero_payments_account" in body)) return;
  const raw = body.xero_payments_account;
  const value = raw && typeof raw === "object" && "id" in raw ? raw.id : raw;
  if (value === null || value === undefined || value === "") return;
  const id = Number(value);
  const [nominal] = Number.isInteger(id) && id > 0 ? ((await NominalCode.getMany([id])) as Array<{ type?: unknown; enable_payments_to_account?: unknown }>) : [];
  const m = XERO_PAYMENTS_ACCOUNT_MESSAGES;
  if (!nominal) throw new ValidationError(m.unknown, { xero_payments_account: m.unknown });
  if (!takesPayments(nominal)) throw new ValidationError(m.notPayable, { xero_payments_account: m.notPayable });
}
