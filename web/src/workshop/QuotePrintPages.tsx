import type { VehicleBrief } from "../../../core/fleet/types";
import type { QuoteAnswer, QuoteItemWithParts } from "../../../core/workshop/types";
import { Button, Text } from "@mantine/core";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { quoteSheetTotals } from "../../../core/workshop/quote-approval-rules";
import { useOne, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { FactTable, PickListParts, PrintDocument } from "../platform/print";
import { nameOf } from "./quote-display";

type Quote = ApiRecord & QuoteAnswer;
type Item = QuoteItemWithParts;
type Part = NonNullable<Item["parts"]>[number];

/** 002 §2 Quote print sheet: the terms line, verbatim. */
export const QUOTE_TERMS = "All prices are excluding VAT. Our standard terms and conditions apply. A copy of these can be found on our website.";
/** 002 §9: print sheets pad their parts list to 15 rows. */
export const PICK_LIST_ROWS = 15;

/** The business's wordmark at the head of a printed quote. */
function Logo() {
  return (
    <svg role="img" aria-label="Rentals Direct logo" width="220" height="40" viewBox="0 0 220 40">
      <rect x="0" y="4" width="32" height="32" rx="4" fill="#1c3f78" />
      <text x="16" y="27" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff" fontFamily="Arial, sans-serif">
        RD
      </text>
      <text x="40" y="27" fontSize="18" fontWeight="700" fill="#1c3f78" fontFamily="Arial, sans-serif">
        RENTALS DIRECT
      </text>
    </svg>
  );
}

/** Back to the quote the print was opened from (screen only). */
function BackToQuote({ id }: { id: number }) {
  return (
    <Button variant="default" component={Link} to={`/editquote/${id}`}>
      Back to Quote
    </Button>
  );
}

function useQuote() {
  const { quote } = useParams();
  return useOne<Quote>("quotes", quote ?? null, { errorMessage: "An error occurred!" });
}

const itemsOf = (q: Quote, afterQuote: boolean): Item[] => ((q.estimated_work_items ?? []) as Item[]).filter((i) => afterQuote || !i.added_after_quote);
const partsOf = (items: Item[]): Part[] => items.flatMap((i) => i.parts ?? []);

function QuoteSheet({ q, afterQuote }: { q: Quote; afterQuote: boolean }) {
  const v: Partial<VehicleBrief> = q.vehicle ?? {};
  const items = itemsOf(q, afterQuote);
  // The one formula, shared with the customer's approval page (core/workshop/quote-approval-rules.ts).
  const t = quoteSheetTotals(items);
  return (
    <>
      <Logo />
      <h1>Quote - {v.registration ?? ""}</h1>
      <table aria-label="Vehicle" className="print-grid">
        <thead>
          <tr>
            <th>Registration</th>
            <th>VIN</th>
            <th>Make</th>
            <th>Model</th>
            <th>Quote No.</th>
            <th>Date</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{v.registration ?? ""}</td>
            <td>{v.vin_number ?? ""}</td>
            <td>{nameOf(v.make, "name")}</td>
            <td>{nameOf(v.model, "name")}</td>
            <td>{q.id}</td>
            <td>{formatDate(q.date_created)}</td>
          </tr>
        </tbody>
      </table>
      <h2>Description</h2>
      <p>{q.description ?? ""}</p>
      <FactTable
        label="Totals"
        rows={[
          ["Labour", formatMoney(t.labour)],
          ["Parts", formatMoney(t.parts)],
          ["Total", formatMoney(t.total)],
          ["Total inc VAT", formatMoney(t.totalIncVat)],
        ]}
      />
      <h2>Work and parts</h2>
      <table aria-label="Work and parts" className="print-grid">
        <thead>
          <tr>
            <th>Work / part</th>
            <th>Part number</th>
            <th>Labour hours</th>
            <th>Charge</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i, n) => [
            <tr key={`w${n}`}>
              <td>
                <strong>{i.description || `Work Item ${n + 1}`}</strong>
              </td>
              <td />
              <td>{i.estimated_labour_hours ?? ""}</td>
              <td>{formatMoney(i.estimated_customer_labour_cost ?? 0)}</td>
            </tr>,
            ...(i.parts ?? []).map((p, k) => (
              <tr key={`w${n}p${k}`}>
                <td style={{ paddingLeft: "6mm" }}>{p.name || "Unnamed Part"}</td>
                <td>{p.part_number ?? ""}</td>
                <td />
                <td>{formatMoney(p.estimated_customer_cost ?? 0)}</td>
              </tr>
            )),
          ])}
        </tbody>
      </table>
      <p>{QUOTE_TERMS}</p>
    </>
  );
}

/** /printquote/{id}[?after=1]: the workshop quote sheet (A4 portrait). */
export function PrintQuotePage() {
  const q = useQuote();
  const [sp] = useSearchParams();
  return (
    <Page title={`Quote - ${q.data?.vehicle?.registration ?? ""}`}>
      {q.isLoading ? (
        <Loading />
      ) : !q.data ? (
        <Text c="red">This quote could not be loaded.</Text>
      ) : (
        <PrintDocument title="Quote sheet" actions={<BackToQuote id={q.data.id} />}>
          <QuoteSheet q={q.data} afterQuote={sp.get("after") === "1"} />
        </PrintDocument>
      )}
    </Page>
  );
}

function PickList({ q }: { q: Quote }) {
  const v: Partial<VehicleBrief> = q.vehicle ?? {};
  const parts = partsOf(itemsOf(q, true));
  return (
    <>
      <h1>
        Pick List - {v.registration ?? ""} {v.vin_number ? `(${v.vin_number})` : ""}
      </h1>
      <table aria-label="Quote" className="print-grid">
        <thead>
          <tr>
            <th>Customer</th>
            <th>Customer 2</th>
            <th>Quote</th>
            <th>Make and model</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{nameOf(q.customer)}</td>
            <td>{nameOf(q.customer2)}</td>
            <td>{q.id}</td>
            <td>{`${nameOf(v.make, "name")} ${nameOf(v.model, "name")}`.trim()}</td>
          </tr>
        </tbody>
      </table>
      <PickListParts parts={parts} rows={PICK_LIST_ROWS} />
    </>
  );
}

/** /printpicklist/{id}: the quote's pick list (A4 landscape), parts padded to 15 rows. */
export function PrintPickListPage() {
  const q = useQuote();
  return (
    <Page title={`Pick List - ${q.data?.vehicle?.registration ?? ""}`}>
      {q.isLoading ? (
        <Loading />
      ) : !q.data ? (
        <Text c="red">This quote could not be loaded.</Text>
      ) : (
        <PrintDocument title="Pick list" orientation="landscape" actions={<BackToQuote id={q.data.id} />}>
          <PickList q={q.data} />
        </PrintDocument>
      )}
    </Page>
  );
}
