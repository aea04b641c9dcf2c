import { Button, Group } from "@mantine/core";
import { pounds, sum } from "../../../core/platform/money";
import { formatDate, formatMoney } from "../platform/format";
import { PrintDocument } from "../platform/print";
import type { PartRow } from "./api";

/** Print Selected (002 §2 Parts Expenses): the parts invoicing sheet, its totals, and a summary per supplier. */
export function PrintPartsSheet({ rows, onBack }: { rows: PartRow[]; onBack: () => void }) {
  const bySupplier = new Map<string, PartRow[]>();
  for (const r of rows) {
    const name = r.supplier?.display_name ?? "No supplier";
    bySupplier.set(name, [...(bySupplier.get(name) ?? []), r]);
  }
  const total = (list: PartRow[], f: (r: PartRow) => number | null) => pounds(sum(...list.map((r) => f(r) ?? 0)));
  return (
    <div>
      <Group mb="sm" data-no-print>
        <Button variant="default" onClick={onBack}>
          Back to Parts Expenses
        </Button>
      </Group>
      <PrintDocument title="Parts Invoicing" orientation="landscape">
        <h1>Parts Invoicing</h1>
        <table aria-label="Selected parts">
          <thead>
            <tr>
              {["Id", "Name", "Part number", "Supplier", "Invoice no.", "Invoice date", "Date ordered", "Due", "Cost", "Charge"].map((h) => (
                <th key={h} style={{ width: "auto" }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.row_id}</td>
                <td>{r.name ?? ""}</td>
                <td>{r.part_number ?? ""}</td>
                <td>{r.supplier?.display_name ?? ""}</td>
                <td>{r.part_invoice_number ?? ""}</td>
                <td>{formatDate(r.invoice_date)}</td>
                <td>{formatDate(r.date_ordered)}</td>
                <td>{formatDate(r.due_date)}</td>
                <td>{formatMoney(r.cost ?? 0)}</td>
                <td>{formatMoney(r.customer_cost ?? 0)}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={8}>
                <strong>Total</strong>
              </td>
              <td data-testid="print-total-cost">
                <strong>{formatMoney(total(rows, (r) => r.cost))}</strong>
              </td>
              <td>
                <strong>{formatMoney(total(rows, (r) => r.customer_cost))}</strong>
              </td>
            </tr>
          </tbody>
        </table>
        <h2>Summary by supplier</h2>
        <table aria-label="Supplier summary">
          <thead>
            <tr>
              <th style={{ width: "auto" }}>Supplier</th>
              <th style={{ width: "auto" }}>Parts</th>
              <th style={{ width: "auto" }}>Invoices</th>
              <th style={{ width: "auto" }}>Cost</th>
            </tr>
          </thead>
          <tbody>
            {[...bySupplier].map(([name, list]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{list.length}</td>
                <td>{[...new Set(list.map((r) => r.part_invoice_number).filter(Boolean))].join(", ")}</td>
                <td>{formatMoney(total(list, (r) => r.cost))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PrintDocument>
    </div>
  );
}
