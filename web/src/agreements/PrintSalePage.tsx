import type { VehicleAnswer } from "../../../core/fleet/types";
import { Text } from "@mantine/core";
import { useParams, useSearchParams } from "react-router-dom";
import { proFormaTotal } from "../../../core/agreements/rules";
import { vatOn } from "../../../core/platform/money";
import { useOne, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney, todayIso } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { FactTable, PrintDocument, SignatureLines } from "../platform/print";

type Vehicle = ApiRecord & VehicleAnswer;
type Department = ApiRecord & { name: string; bank_name?: string | null; bank_account_name?: string | null; bank_sort_code?: string | null; bank_account_number?: string | null; registration_footer?: string | null };

const TITLES: Record<string, string> = { pro: "Pro Forma Invoice", invoice: "Invoice", quote: "Quote", sheet: "Customer Collection/Delivery Sheet", salespurchase: "Sales and Purchase Form" };

/** The department's bank details and registration footer; blank with no department (000 Print documents). */
function DepartmentFooter({ dept }: { dept: Department | undefined }) {
  return (
    <footer style={{ marginTop: "8mm", fontSize: "9pt", borderTop: "1px solid #999", paddingTop: "2mm" }} aria-label="Department footer">
      <div>
        {dept?.bank_name ? `Bank: ${dept.bank_name}` : ""} {dept?.bank_account_name ? `· Account name: ${dept.bank_account_name}` : ""} {dept?.bank_sort_code ? `· Sort code: ${dept.bank_sort_code}` : ""}{" "}
        {dept?.bank_account_number ? `· Account: ${dept.bank_account_number}` : ""}
      </div>
      <div>{dept?.registration_footer ?? ""}</div>
    </footer>
  );
}

function vehicleRows(v: Vehicle): Array<[string, string]> {
  return [
    ["Registration", v.registration ?? ""],
    ["Make / model", `${v.make?.name ?? ""} ${v.model?.name ?? ""}`],
    ["Variant", v.variant ?? ""],
    ["VIN", v.vin_number ?? ""],
    ["Mileage", String(v.mileage ?? "")],
    ["First registered", formatDate(v.first_registration_date)],
  ];
}

function SaleDocument({ v, a, doc }: { v: Vehicle; a: Record<string, any>; doc: string }) {
  const customer = a.sale_customer?.display_name ?? "";
  const total = proFormaTotal(a.sold_price, a.sale_warranty_cost);
  if (doc === "sheet")
    return (
      <>
        <h1>{TITLES.sheet}</h1>
        <FactTable label="Customer" rows={[["Customer", customer], ["Delivery address", a.sale_delivery_address ?? ""], ["Phone", a.sale_customer_phone ?? ""], ["Expected delivery", formatDate(a.sale_expected_delivery_date)]]} />
        <h2>Vehicle</h2>
        <FactTable label="Vehicle" rows={vehicleRows(v)} />
        <h2>Handed over</h2>
        <FactTable
          label="Handed over"
          rows={[
            ["V5", a.sale_v5 ? "Yes" : "No"],
            ["Service book", a.sale_service_book ? "Yes" : "No"],
            ["Main key / spare key", `${a.sale_main_key ? "Yes" : "No"} / ${a.sale_spare_key ? "Yes" : "No"}`],
            ["Slam lock keys", String(a.sale_slam_lock_key ?? 0)],
            ["Radio code", a.sale_radio_code ? "Yes" : "No"],
          ]}
        />
        <SignatureLines />
      </>
    );
  if (doc === "salespurchase")
    return (
      <>
        <h1>{TITLES.salespurchase}</h1>
        <FactTable label="Vehicle" rows={vehicleRows(v)} />
        <h2>Purchase</h2>
        <FactTable
          label="Purchase"
          rows={[
            ["Supplier invoice", a.invoice_number ?? ""],
            ["Invoice date", formatDate(a.invoice_date)],
            ["Purchase price", formatMoney(a.purchase_price ?? 0)],
            ["Purchase VAT", formatMoney(a.purchase_price_vat ?? 0)],
            ["Finance", `${a.finance_company ?? ""} ${a.agreement_no ?? ""}`],
          ]}
        />
        <h2>Sale</h2>
        <FactTable
          label="Sale"
          rows={[
            ["Customer", customer],
            ["Sold by", a.sold_by ?? ""],
            ["Sold date", formatDate(a.sold_date)],
            ["Sold price", formatMoney(a.sold_price ?? 0)],
            ["Warranty", `${formatMoney(a.sale_warranty_cost ?? 0)} ${a.sale_warranty_term ?? ""}`],
            ["Part exchange", a.part_exchange ?? ""],
            ["Method of payment", a.sale_method_of_payment ?? ""],
          ]}
        />
        <SignatureLines />
      </>
    );
  return (
    <>
      <h1>{TITLES[doc] ?? TITLES.pro}</h1>
      <FactTable
        label="Customer"
        rows={[
          ["Customer", customer],
          ["Invoice address", a.sale_invoice_address ?? a.sale_customer_address ?? ""],
          ["Date", formatDate(a.pro_forma_date ?? todayIso())],
        ]}
      />
      <h2>Vehicle</h2>
      <FactTable label="Vehicle" rows={vehicleRows(v)} />
      <h2>Price</h2>
      <FactTable
        label="Price"
        rows={[
          ["Vehicle price", formatMoney(a.sold_price ?? 0)],
          ["Warranty", formatMoney(a.sale_warranty_cost ?? 0)],
          ["VAT (20% of the vehicle price)", formatMoney(vatOn(a.sold_price ?? 0))],
          ["Total", formatMoney(total)],
          ["Deposit paid", formatMoney(a.sale_deposit ?? 0)],
        ]}
      />
      {a.free_print_text && <p>{a.free_print_text}</p>}
    </>
  );
}

/** /printsale/{vehicle}?agreement=&doc=pro|invoice|quote|sheet|salespurchase: the sale paperwork, A4 portrait. */
export function PrintSalePage() {
  const { vehicle } = useParams();
  const [sp] = useSearchParams();
  const doc = sp.get("doc") ?? "pro";
  const index = Number(sp.get("agreement") ?? 0);
  const q = useOne<Vehicle>("vehicles", vehicle ?? null, { errorMessage: "There was an error" });
  const dept = useOne<Department>("departments", (q.data?.department as { id?: number } | null)?.id ?? null);
  const saved = (q.data?.finance_agreements as Array<Record<string, any>> | undefined)?.[index];
  // The Sales and Purchase Form is offered on every saved vehicle (000 §2): without an agreement its purchase and sale rows print blank.
  const a = saved ?? (doc === "salespurchase" && q.data ? {} : undefined);
  return (
    <Page title={TITLES[doc] ?? "Print"}>
      {q.isLoading ? (
        <Loading />
      ) : q.data && a ? (
        <PrintDocument title={TITLES[doc] ?? "Print"}>
          <SaleDocument v={q.data} a={a} doc={doc} />
          <DepartmentFooter dept={dept.data} />
        </PrintDocument>
      ) : (
        <Text c="red">This vehicle or agreement could not be loaded.</Text>
      )}
    </Page>
  );
}
