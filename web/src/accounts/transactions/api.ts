import { TRANSACTION_MESSAGES } from "../../../../core/accounts/transaction-definitions";
import { useApiMutation, useCreate, useRemove, useUpdate, type ApiRecord } from "../../platform/api";

/** A transaction as the API answers it (003 §3, references as objects). */
export type TransactionRow = ApiRecord & {
  type: "IN" | "OUT";
  date: string | null;
  description: string | null;
  contact: { id: number; display_name: string; partial_contact: boolean | null } | null;
  department: { id: number; name: string } | null;
  cost_centre: { id: number; name: string } | null;
  nominal_code: { id: number; code: string; name: string; tax_type: string; rate: number } | null;
  tracking_option: { id: number; name: string | null } | null;
  payment_type: string | null;
  customer_account: string | null;
  category: string | null;
  amount: number | null;
  vat: number | null;
  invoice_date: string | null;
  invoice_number: string | null;
  invoice_amount: number | null;
  invoice_vat: number | null;
  invoice_total: number | null;
  comments: string | null;
  repeating: boolean;
  frequency: "WEEKLY" | "MONTHLY" | null;
  next_date: string | null;
  template: number | null;
  approved: boolean;
  approver: { first_name: string; last_name: string } | null;
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
