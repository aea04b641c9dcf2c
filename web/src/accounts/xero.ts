import type { XeroPushAnswer } from "../../../core/accounts/types";
import { useApiGet, useApiMutation } from "../platform/api";

/**
 * The Xero push rows as the API gives them (GET xero/pushes, GET
 * xero/pushes/source/{type}/{id}; docs/xero.md): inferred from the push's
 * record type (core/accounts/types.ts `XeroPushAnswer`). The calls the sync
 * page and the record screens share are below.
 */
export type PushRow = XeroPushAnswer;

export type XeroStatus = { connected: boolean; pending: number; sending: number; sent: number; failed: number; held?: number; message?: string | null };

/** 003 §8 "Accounting push" messages. */
export const XERO_MESSAGES = {
  allSent: "All data has been sent to Xero",
  sent: "Data has been sent to Xero",
  failed: "There was an error sending data to Xero",
} as const;

/** What each target is called on screen (003 §7 targets; IN, CNS, CNP codes). */
export const TARGET_LABEL: Record<string, string> = {
  nominal: "Nominal code",
  trackingcategories: "Tracking category",
  supplier: "Supplier",
  customer: "Customer",
  purchaseinvoice: "Purchase invoice",
  purchasecreditnote: "Purchase credit note (CNP)",
  salesinvoice: "Sales invoice (IN)",
  salescreditnote: "Sales credit note (CNS)",
  allocation: "Credit note allocated to its invoice",
  payment: "Payment against its invoice",
};

export const STATUS_LABEL: Record<PushRow["status"], string> = { PENDING: "Queued", SENDING: "Sending", SENT: "Sent", FAILED: "Failed", HELD: "Held back" };
export const STATUS_COLOR: Record<PushRow["status"], string> = { PENDING: "gray", SENDING: "blue", SENT: "green", FAILED: "red", HELD: "yellow" };

/** The screen where staff fix the record a push came from. */
export function sourceLink(r: Pick<PushRow, "source_type" | "source_id" | "label">): string {
  const id = encodeURIComponent(r.source_id);
  switch (r.source_type) {
    case "contact":
      return `/editcontact/${id}`;
    case "invoice":
      return `/invoices`;
    case "credit":
    case "allocation":
      return `/credit`;
    case "nominal":
      return `/settings?screen=nominal-codes`;
    case "trackingcategory":
      return `/settings?screen=tracking-categories`;
    case "workpo":
    case "workinvoice":
      return `/editjob/${id}`;
    case "part":
      return `/parts`;
    case "payment":
      return `/payments`;
    default:
      return `/xero`;
  }
}

/** Xero's own reasons for a refusal, else the last error (a transient one says when it is tried again). */
export function pushMessages(r: Pick<PushRow, "errors" | "last_error" | "status" | "held_reason">): string[] {
  if (r.status === "SENT") return [];
  if (r.status === "HELD") return r.held_reason ? [r.held_reason] : [];
  if (r.errors?.length) return r.errors;
  return r.last_error ? [r.last_error] : [];
}

export function useXeroStatus() {
  return useApiGet<XeroStatus>("xero/status", undefined, { errorMessage: XERO_MESSAGES.failed });
}

/** POST xero/pushes/{id}/retry: that item now. */
export function useRetryPush() {
  return useApiMutation<{ id: number }>("POST", (b) => `xero/pushes/${b.id}/retry`, { resource: "xero", errorMessage: XERO_MESSAGES.failed, successMessage: XERO_MESSAGES.sent });
}

/** POST xero/sync: everything due now. */
export function useSyncNow() {
  return useApiMutation<Record<string, never>>("POST", "xero/sync", { resource: "xero", errorMessage: XERO_MESSAGES.failed, successMessage: XERO_MESSAGES.allSent });
}
