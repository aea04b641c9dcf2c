import { offers } from "../platform/offers.js";
import type { PlannedWrite, WriteExtra } from "../platform/records.js";

type Ref = number | { id: number } | null;

/** A completed part order as the invoice it raises reads it (core/workshop/partorders.ts). */
export type OrderToInvoice = { id: number; customer?: Ref; department?: Ref; tracking_option?: Ref; description?: string | null; order_number?: string | null; total_part_customer_charge?: number | null };

/** A completed chargeable movement's invoice (core/workshop/movements.ts `movementInvoice`). */
export type MovementInvoice = {
  src: "MOVEMENT";
  movement: number;
  customer: number;
  department: number | null;
  amount: number | null;
  internal_charge: number | null;
  tracking_option: number | null;
  invoice_date: string;
  description: string;
};

/**
 * What accounts offers the workshop (core/platform/offers.ts; accounts
 * depends on the workshop, never the other way): the Xero purchase-invoice
 * push of approved parts (core/accounts/xero-push.ts `partsPush`), the
 * invoice a completed part order raises and a completed movement's
 * (core/accounts/invoices.ts), each in the workshop save's own unit.
 */
export type WorkshopOffers = {
  partsPush: (invoices: Array<{ supplier: number; invoice: string }>, actor: string) => WriteExtra | undefined;
  raiseOrderInvoice: (order: OrderToInvoice, actor: string) => WriteExtra | undefined;
  planInvoice: (fields: MovementInvoice, actor: string) => Promise<PlannedWrite>;
};

export const workshopOffers = offers<WorkshopOffers>("workshopOffers");
