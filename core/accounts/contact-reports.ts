import { balancesOf } from "./balances.js";
import { poundsCell } from "../platform/money.js";
import type { Cell, ReportDefinition } from "../platform/reports.js";
import { Contact } from "../contacts/index.js";

/**
 * contactreport (003 §7): the whole contact book, customers and suppliers,
 * deactivated ones included, by display name, a chunk at a time. Contacts
 * have no department, so the department selector does not narrow it.
 * The Outstanding Balance is the customer's true balance (opening balance
 * plus the money records' balance facets: core/accounts/balances.ts, one
 * BatchGet per chunk), as the contact page and Customer Account Balance
 * show it, never the stored field (issue 22 finding 13); a supplier's is
 * left empty. The main credit limit sits beside the three areas'.
 */
const TYPE_LABELS: Record<string, string> = { CC: "Customer", SP: "Supplier" };

export const contactReport: ReportDefinition = {
  name: "contactreport",
  title: "Contacts",
  needs: "none",
  filename: "contacts",
  async build() {
    async function* chunks(): AsyncIterable<Cell[][]> {
      for await (const rows of Contact.rowsInChunks("type#ALL#all")) {
        const balances = await balancesOf(rows.filter((c) => c.contact_type !== "SP"));
        yield rows.map((c) => [
          c.id, c.display_name ?? "", TYPE_LABELS[c.contact_type ?? ""] ?? c.contact_type ?? "", c.company_name ?? "", [c.first_name, c.last_name].filter(Boolean).join(" "),
          c.email ?? c.company_email ?? "", c.contact_number ?? "", c.company_phone ?? "", c.address_line1 ?? "", c.town ?? "", c.region ?? "", c.postcode ?? "", c.country ?? "",
          c.vat_no ?? "", c.company_registration_no ?? "", c.payment_terms ?? "", c.payment_term_days ?? "", c.payment_method ?? "",
          poundsCell(c.credit_limit), poundsCell(c.direct_van_hire_credit_limit), poundsCell(c.rapid_fit_credit_limit), poundsCell(c.van_sales_direct_credit_limit), poundsCell(balances.get(c.id)?.outstanding_balance),
          c.partial_contact ? "Yes" : "No", c.deactivated ? "Yes" : "No",
        ]);
      }
    }
    return {
      header: [
        "Id", "Display Name", "Type", "Company", "Contact Name", "Email", "Contact Number", "Company Phone", "Address", "Town", "Region", "Postcode", "Country",
        "VAT No", "Company Reg No", "Payment Terms", "Payment Term Days", "Payment Method",
        "Credit Limit", "Direct Van Hire Credit Limit", "Rapid Fit Credit Limit", "Van Sales Direct Credit Limit", "Outstanding Balance", "Incomplete", "Deactivated",
      ],
      chunks: chunks(),
    };
  },
};
