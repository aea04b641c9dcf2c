import { ukDate } from "../platform/dates.js";
import { poundsCell, sum } from "../platform/money.js";
import { REPORT_MESSAGES, type Cell, type ReportDefinition, type ReportParams } from "../platform/reports.js";
import { ValidationError } from "../platform/errors.js";
import { PAYMENT_TYPES, normalisePaymentType } from "./payment-definitions.js";
import { Payment } from "./payment.js";

/**
 * paymenttypereport (003 §7): the payments of one payment type whose
 * payment (due) date falls between start and end, oldest first, for the
 * department, with a total: the payments' `type#<payment type>#d#<D>`
 * list, a range on payment date, read a chunk at a time. Columns and
 * sources: docs/reports.md.
 */
const name = (x: unknown, field = "name") => (x && typeof x === "object" ? ((x as Record<string, string | null>)[field] ?? "") : "");

export const paymentTypeReport: ReportDefinition = {
  name: "paymenttypereport",
  title: "Payments by type",
  needs: "rangeAndType",
  filename: "payments-by-type",
  check(p: ReportParams) {
    if (!PAYMENT_TYPES.includes(normalisePaymentType(p.paymentType) as (typeof PAYMENT_TYPES)[number]))
      throw new ValidationError(REPORT_MESSAGES.rangeAndType, { paymentType: `${REPORT_MESSAGES.rangeAndType}: one of ${PAYMENT_TYPES.join(", ")}` });
  },
  async build(p: ReportParams) {
    const type = normalisePaymentType(p.paymentType);
    const list = `type#${String(type).replace(/\s+/g, "_")}#d#${p.department ?? "ALL"}`;
    async function* chunks(): AsyncIterable<Cell[][]> {
      const amounts: unknown[] = [];
      let rows = 0;
      for await (const payments of Payment.rowsInChunks(list, { from: p.start!, to: p.end! })) {
        rows += payments.length;
        amounts.push(...payments.map((r) => r.amount));
        yield payments.map((r) => [
          ukDate(r.payment_date), name(r.contact, "display_name"), r.invoice_number ?? "", poundsCell(r.amount), r.payment_type ?? "", name(r.department), name(r.cost_centre),
          r.date_paid ? "Paid" : "Unpaid", ukDate(r.date_paid), r.comments ?? "",
        ]);
      }
      if (rows) yield [["Total", "", "", sum(...(amounts as number[])).toFixed(2), "", "", "", "", "", ""]];
    }
    return { header: ["Payment Date", "Contact", "Invoice Number", "Amount", "Payment Type", "Department", "Cost Centre", "Status", "Date Paid", "Comments"], chunks: chunks() };
  },
};
