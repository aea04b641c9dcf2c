/**
 * The contacts records as the API answers them, inferred from their
 * definitions (issue 23: one definition per field). Pure, types only.
 */
import type { RowOf } from "../platform/definition.js";
import type { contact } from "./definitions.js";

/** A contact as answered; `Refs` says what the answer carries for a reference a screen reads more of. */
export type ContactRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof contact, Refs>;

/** A customer as GET accountbalance answers it (service.ts `accountBalance`): the contact's own fields, its balance from the money records' facets. */
export type AccountBalanceRow = Pick<ContactRecord, "id" | "display_name" | "company_phone" | "credit_limit" | "opening_balance" | "outstanding_balance" | "partial_contact">;
