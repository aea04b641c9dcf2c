/**
 * The accounts records as the API answers them, inferred from their
 * definitions (issue 23: one definition per field). Pure, types only: the
 * web's row and form types come from here, never a hand-written field list.
 * Adding a field to a definition adds it here; a screen that reads more of
 * a reference says what the answer carries for it (`Refs`).
 */
import type { FormOf, RowOf } from "../platform/definition.js";
import type { invoice } from "./invoice-definitions.js";
import type { transaction } from "./transaction-definitions.js";

export type TransactionRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof transaction, Refs>;
export type TransactionForm = FormOf<typeof transaction>;
/** An invoice answers its references as ids (their names beside them, `*_detail`). */
export type InvoiceRecord<Refs extends Partial<Record<string, unknown>> = Record<never, never>> = RowOf<typeof invoice, Refs, number>;
export type InvoiceForm = FormOf<typeof invoice>;
