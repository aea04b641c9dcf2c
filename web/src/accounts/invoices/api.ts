import { CREDIT_MESSAGES } from "../../../../core/accounts/credit-definitions";
import { INVOICE_MESSAGES } from "../../../../core/accounts/invoice-definitions";
import type { CreditRecord, InvoiceRecord } from "../../../../core/accounts/types";
import { useApiMutation, useCreate, useRemove, useUpdate, type ApiRecord } from "../../platform/api";

type Named = { id: number; name?: string | null; code?: string | null } | null;

/** An invoice as the API answers it (003 §3): its fields from the definition (core/accounts/types.ts), references as ids, names beside them. */
export type InvoiceRow = ApiRecord &
  InvoiceRecord<{
    /** Every invoice is answered with its source. */
    src: "HIRE" | "MOVEMENT" | "SALES" | "ORDER";
  }> & {
    /** Answered, never stored: the state, the figures and the references' names. */
    istate: "NOTAPPROVED" | "READY" | "APPROVED";
    customer_detail: { id: number; display_name: string; partial_contact: boolean | null } | null;
    department_detail: Named;
    vat: number;
    total: number;
    outstanding: number;
    vat_nominal_code_detail: Named;
    no_vat_nominal_code_detail: Named;
  };

/** A credit note as the API answers it: its fields from the definition (core/accounts/types.ts), references as ids, names beside them. */
export type CreditRow = ApiRecord &
  CreditRecord & {
    /** Answered, never stored: the state, the figures and the references' names. */
    cstate: "NOTAPPROVED" | "READY" | "APPROVED";
    vat: number;
    total: number;
    contact_detail: { id: number; display_name: string } | null;
    department_detail: Named;
  };

type Batch = Array<{ id: number; last_saved: string | null }>;
const batchOf = (rows: Array<{ id: number; last_saved: string | null }>): Batch => rows.map((r) => ({ id: r.id, last_saved: r.last_saved }));

/** Lists and figures an invoice or credit write changes (the balances too). */
const CHANGES = { invalidates: ["invoices", "credit", "accountbalance", "contacts"] };

/** The invoice calls of 003 §7 with the failure messages of 003 §8 (the server's own message when it gives one). */
export function useInvoiceCalls() {
  return {
    save: useUpdate<InvoiceRow>("invoices", { ...CHANGES, errorMessage: INVOICE_MESSAGES.saveFailed }),
    remove: useRemove("invoices", { ...CHANGES, errorMessage: INVOICE_MESSAGES.deleteFailed }),
    ready: useApiMutation<Batch, unknown>("PUT", "invoiceready", { resource: "invoices", ...CHANGES, errorMessage: INVOICE_MESSAGES.readyFailed }),
    approve: useApiMutation<Batch, unknown>("PUT", "invoiceapprove", { resource: "invoices", ...CHANGES, errorMessage: INVOICE_MESSAGES.readyFailed }),
    batchOf,
  };
}

/** The credit note calls of 003 §7 ('There was an error' for ready and credit calls, 003 §8). */
export function useCreditCalls() {
  return {
    create: useCreate<CreditRow>("credit", { ...CHANGES, errorMessage: CREDIT_MESSAGES.failed }),
    save: useUpdate<CreditRow>("credit", { ...CHANGES, errorMessage: CREDIT_MESSAGES.failed }),
    remove: useRemove("credit", { ...CHANGES, errorMessage: CREDIT_MESSAGES.failed }),
    ready: useApiMutation<Batch, unknown>("PUT", "creditready", { resource: "credit", ...CHANGES, errorMessage: CREDIT_MESSAGES.failed }),
    approve: useApiMutation<Batch, unknown>("PUT", "creditapprove", { resource: "credit", ...CHANGES, errorMessage: CREDIT_MESSAGES.failed }),
    batchOf,
  };
}
