import { Button, Text } from "@mantine/core";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { PART_ORDER_MESSAGES, partOrderTotals } from "../../../core/workshop/partorder-rules";
import type { PartOrderAnswer } from "../../../core/workshop/types";
import { useOne, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { FactTable, PickListParts, PrintDocument, padRows } from "../platform/print";

type Order = ApiRecord & PartOrderAnswer;
type Part = NonNullable<PartOrderAnswer["parts"]>[number];

/** 002 §9: print sheets pad their parts list to 15 rows. */
export const PART_ORDER_PRINT_ROWS = 15;
/** The terms line of the customer's quote (as the workshop quote sheet's, 002 §2). */
export const PART_ORDER_QUOTE_TERMS = "All prices are excluding VAT unless stated. Our standard terms and conditions apply. A copy of these can be found on our website.";

/** 002 §2 Part orders: the three print views (details not shown: ours, docs/workshop.md "Part orders"). */
const SHEETS = {
  picklist: "Part Order Pick List",
  order: "Part Order",
  quote: "Part Order Quote",
} as const;
type Sheet = keyof typeof SHEETS;

const name = (r: { display_name?: string | null; name?: string | null } | null | undefined) => r?.display_name ?? r?.name ?? "";

/** Who the order is for and where it goes. */
function Heading({ o, title }: { o: Order; title: string }) {
  return (
    <>
      <h1>
        {title} {o.id}
      </h1>
      <table aria-label="Order details" className="print-grid">
        <thead>
          <tr>
            <th>Customer</th>
            <th>Registration</th>
            <th>VIN</th>
            <th>Order Number</th>
            <th>Date</th>
            <th>Department</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{name(o.customer)}</td>
            <td>{o.customer_vehicle ?? ""}</td>
            <td>{o.customer_vehicle_vin ?? ""}</td>
            <td>{o.order_number ?? ""}</td>
            <td>{formatDate(o.date_created)}</td>
            <td>{name(o.department)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

function Delivery({ o }: { o: Order }) {
  return (
    <FactTable
      label="Delivery"
      rows={[
        ["Delivery Address", o.delivery_address ?? ""],
        ["Delivery Email", o.delivery_contact_email ?? ""],
        ["Delivery Phone", o.delivery_phone ?? ""],
      ]}
    />
  );
}

/** The pick list: each part with its number and supplier, padded to 15 rows, a Picked column to tick. */
function PickList({ o }: { o: Order }) {
  const parts: Part[] = o.parts ?? [];
  return (
    <>
      <Heading o={o} title="Pick List - Part Order" />
      <PickListParts parts={parts} rows={PART_ORDER_PRINT_ROWS} />
    </>
  );
}

/** The order (ours to keep): parts with supplier, cost and charge; totals of cost, charge and charge inc. VAT. */
function OrderSheet({ o, customer }: { o: Order; customer: boolean }) {
  const parts: Part[] = o.parts ?? [];
  const t = partOrderTotals(parts);
  return (
    <>
      <Heading o={o} title={customer ? "Quote - Part Order" : "Part Order"} />
      <Delivery o={o} />
      {o.description && <p>{o.description}</p>}
      <table aria-label="Parts" className="print-grid">
        <thead>
          <tr>
            <th>Part</th>
            <th>Part number</th>
            {!customer && <th>Supplier</th>}
            {!customer && <th>Invoice No</th>}
            {!customer && <th>Cost</th>}
            <th>Charge</th>
            <th>VAT Rate</th>
          </tr>
        </thead>
        <tbody>
          {padRows(parts, PART_ORDER_PRINT_ROWS).map((p, n) => (
            <tr key={n}>
              <td>{p ? p.name || "Unnamed Part" : "\u00a0"}</td>
              <td>{p?.part_number ?? ""}</td>
              {!customer && <td>{p ? name(p.supplier) : ""}</td>}
              {!customer && <td>{p?.part_invoice_number ?? ""}</td>}
              {!customer && <td>{p ? formatMoney(p.cost ?? 0) : ""}</td>}
              <td>{p ? formatMoney(p.customer_cost ?? 0) : ""}</td>
              <td>{p ? `${p.cost_vat ?? ""}%` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <FactTable
        label="Totals"
        rows={[
          ...(customer ? [] : ([["Total Cost", formatMoney(t.total_part_cost)]] as Array<[string, string]>)),
          ["Total", formatMoney(t.total_part_customer_charge)],
          ["Total Inc. VAT", formatMoney(t.total_part_customer_charge_inc_vat)],
        ]}
      />
      {customer && <p>{PART_ORDER_QUOTE_TERMS}</p>}
    </>
  );
}

/** /printpartorder/{id}?sheet=picklist|order|quote: a part order's print views (A4 portrait). */
export function PartOrderPrintPage() {
  const { partorder } = useParams();
  const [sp] = useSearchParams();
  const sheet: Sheet = (Object.keys(SHEETS) as Sheet[]).find((s) => s === sp.get("sheet")) ?? "order";
  const q = useOne<Order>("partorder", partorder ?? null, { errorMessage: PART_ORDER_MESSAGES.load });
  return (
    <Page title={`${SHEETS[sheet]} ${partorder ?? ""}`}>
      {q.isLoading ? (
        <Loading />
      ) : !q.data ? (
        <Text c="red">{PART_ORDER_MESSAGES.load}</Text>
      ) : (
        <PrintDocument
          title={SHEETS[sheet]}
          actions={
            <Button variant="default" component={Link} to={`/editpartorder/${q.data.id}`}>
              Back to Part Order
            </Button>
          }
        >
          {sheet === "picklist" ? <PickList o={q.data} /> : <OrderSheet o={q.data} customer={sheet === "quote"} />}
        </PrintDocument>
      )}
    </Page>
  );
}
