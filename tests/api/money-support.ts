import { client } from "../support/api.js";
import { company, ok } from "./fleet-support.js";

/**
 * Shared by the money invariant tests (issue 22): reference data for
 * approvable invoices and credits, and helpers that make, approve, credit
 * and pay through the API. Bodies are loosely typed (JSON answers).
 */

type Api = ReturnType<typeof client>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of the API
export type Rec = Record<string, any>;

export async function moneyReference(api: Api) {
  const nominal = await ok(api.post("nominal", { name: "Sales", code: "200", tax_type: "OUTPUT2" }));
  const customer = await ok(api.post("contacts", company("Ledger Hire Ltd", "CC")));
  const department = await ok(api.post("createdepartment", { name: "MONEY TESTS" }));
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]) await api.post("costcentre", { name });
  return { nominal, customer, department };
}
export type MoneyRef = Awaited<ReturnType<typeof moneyReference>>;

export function money(api: Api, ref: MoneyRef) {
  const today = new Date().toISOString().slice(0, 10);
  const batch = (rows: Rec[]) => rows.map((r) => ({ id: r.id, last_saved: r.last_saved }));
  const h = {
    today,
    /** A not approved sale invoice of `amount` net (total 1.2 x amount). */
    invoice: (amount: number) => ok(api.post("invoices", { customer: ref.customer.id, department: ref.department.id, amount, no_vat_amount: 0, vat_nominal_code: ref.nominal.id, invoice_date: today, description: "Money test" })),
    async approveInvoice(inv: Rec): Promise<Rec> {
      const ready = (await ok(api.put("invoiceready", batch([inv])))).results[0];
      return (await ok(api.put("invoiceapprove", batch([ready])))).results[0];
    },
    async approvedInvoice(amount: number): Promise<Rec> {
      return h.approveInvoice(await h.invoice(amount));
    },
    /** A credit note of `amount` net on a record, made ready to approve (date issued and nominal code set). */
    async readyCredit(link: Rec, amount: number): Promise<Rec> {
      const made = await ok(api.post("credit", { ...link, amount, date_issued: today, vat_nominal_code: ref.nominal.id }));
      return (await ok(api.put("creditready", batch([made])))).results[0];
    },
    approveCredits: (credits: Rec[]) => api.put("creditapprove", batch(credits)),
    get: async (inv: Rec): Promise<Rec> => ok(api.get(`invoices/${inv.id}`)),
    pay: (inv: Rec, amount: number, extra: Rec = {}, headers: Record<string, string> = {}) =>
      api.postWith("payments", { contact: ref.customer.id, department: ref.department.id, amount, payment_date: today, date_paid: today, invoice_number: inv.invoice_number, ...extra }, headers),
  };
  return h;
}
