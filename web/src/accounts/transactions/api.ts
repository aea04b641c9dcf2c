import { TRANSACTION_MESSAGES } from "../../../../core/accounts/transaction-definitions";
import type { TransactionRecord } from "../../../../core/accounts/types";
import { useApiMutation, useCreate, useRemove, useUpdate, type ApiRecord } from "../../platform/api";

/** A transaction as the API answers it (003 §3): its fields from the definition (core/accounts/types.ts), references as the objects answered. */
export type TransactionRow = ApiRecord &
  TransactionRecord<{
    /** Every transaction is answered with its type (the create refuses one without). */
    type: "IN" | "OUT";
    contact: { id: number; display_name: string; partial_contact: boolean | null } | null;
    department: { id: number; name: string } | null;
    cost_centre: { id: number; name: string } | null;
    nominal_code: { id: number; code: string; name: string; tax_type: string; rate: number } | null;
    tracking_option: { id: number; name: string | null } | null;
    vehicle: { id: number; registration: string | null; fleet_number: string | null } | null;
    template: number | null;
  }> & {
    /** Answered, never stored: who created it and the VAT warnings of 003 §5. */
    creator: string | null;
    vat_warnings: string[];
  };

export type TransactionFigures = { start: string; end: string; categories: Array<{ id: number | null; name: string; in: number; out: number }>; total_in: number; total_out: number; net: number };

/** Lists and figures a transaction write changes. */
const CHANGES = { invalidates: ["transactions/figures"] };

/** The transaction calls of 003 §7 with the failure message of 003 §8 (the server's own message when it gives one). */
export function useTransactionCalls() {
  return {
    create: useCreate<TransactionRow>("transactions", { ...CHANGES, errorMessage: TRANSACTION_MESSAGES.saveFailed }),
    save: useUpdate<TransactionRow>("transactions", { ...CHANGES, path: "transactions/update", errorMessage: TRANSACTION_MESSAGES.saveFailed }),
    remove: useRemove("transactions", { ...CHANGES, errorMessage: TRANSACTION_MESSAGES.saveFailed }),
    approve: useApiMutation<Array<{ id: number; last_saved: string | null }>, { count: number; results: TransactionRow[] }>("PUT", "transactions/update", {
      resource: "transactions",
      ...CHANGES,
      errorMessage: TRANSACTION_MESSAGES.saveFailed,
    }),
  };
}
