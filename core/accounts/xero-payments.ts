import { money, pounds } from "../platform/money.js";
import { AppDefaults, NominalCode } from "../settings/index.js";
import { Invoice } from "./invoice.js";
import { Payment } from "./payment.js";
import type { PaymentBody } from "./xero-client.js";
import { pushOf } from "./xero-push.js";
import { registerSources } from "./xero-sync.js";

/**
 * The `payment` source's body for the runner (issue 22, docs/xero.md
 * "Payments"): importing this module registers it. Kept apart from
 * xero-documents.ts so the workshop Lambda, which sends documents but never
 * payments, does not carry the payment record type (tests/stacks/bundles.test.ts);
 * imported by the accounts routes, the cron and the reconcile check.
 */

type PaymentRow = { id: number; invoice_number?: string | null; date_paid?: string | null; amount?: number | null; overpayment?: boolean | null };
type NominalRow = { code?: string | null };

registerSources({
  // A payment against its invoice (issue 22): what Xero should hold for it now (`remove` when nothing: deleted, unpaid, or naming no invoice of ours).
  payment: async (sid): Promise<PaymentBody> => {
    const [p] = (await Payment.getMany([Number(sid)])) as PaymentRow[];
    const number = String(p?.invoice_number ?? "").trim().toUpperCase();
    if (!p || !p.date_paid || !number || !(Number(p.amount) > 0)) return { remove: true };
    const invoiceId = (await Invoice.claimedBy("number", [number])).get(number);
    if (invoiceId === undefined) return { remove: true };
    const accountId = await AppDefaults.xeroPaymentsAccount();
    const [[nominal], invoicePush, accountPush] = await Promise.all([
      accountId ? (NominalCode.getMany([accountId]) as Promise<NominalRow[]>) : Promise.resolve([] as NominalRow[]),
      pushOf("salesinvoice", "invoice", invoiceId),
      accountId ? pushOf("nominal", "nominal", accountId) : Promise.resolve(null),
    ]);
    return {
      invoiceID: invoicePush?.xero_id ?? null,
      invoiceNumber: number,
      // Xero's id of the account once the nominal code's own push is sent, else its code (Xero finds an account by code).
      account: nominal ? (accountPush?.xero_id ? { accountID: accountPush.xero_id } : { code: String(nominal.code ?? "") }) : null,
      date: String(p.date_paid).slice(0, 10),
      amount: pounds(money(p.amount)),
      overpayment: !!p.overpayment,
      reference: `Payment ${p.id}`,
    };
  },
});
