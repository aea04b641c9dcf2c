import { Button, Group } from "@mantine/core";
import { sum, pounds } from "../../../../core/platform/money";
import { formatDate, formatMoney } from "../../platform/format";
import { PrintDocument } from "../../platform/print";
import type { MovementRow } from "./api";

/** Print Selected (002 §2 Movements page): the chosen movements on A4 with their total cost. */
export function PrintMovements({ rows, onBack }: { rows: MovementRow[]; onBack: () => void }) {
  const total = pounds(sum(...rows.map((r) => r.cost ?? 0)));
  return (
    <div>
      <Group mb="sm" data-no-print>
        <Button variant="default" onClick={onBack}>
          Back to Movements
        </Button>
      </Group>
      <PrintDocument title="Movements">
        <h1>Movements</h1>
        <table aria-label="Selected movements">
          <thead>
            <tr>
              <th style={{ width: "auto" }}>No.</th>
              <th style={{ width: "auto" }}>Delivery date</th>
              <th style={{ width: "auto" }}>Vehicle</th>
              <th style={{ width: "auto" }}>Customer</th>
              <th style={{ width: "auto" }}>Driver</th>
              <th style={{ width: "auto" }}>Type</th>
              <th style={{ width: "auto" }}>From</th>
              <th style={{ width: "auto" }}>To</th>
              <th style={{ width: "auto" }}>Times</th>
              <th style={{ width: "auto" }}>Miles</th>
              <th style={{ width: "auto" }}>Cost</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id}>
                <td>{m.id}</td>
                <td>{formatDate(m.delivery_date)}</td>
                <td>{[m.vehicle_used?.registration, m.vehicle].filter(Boolean).join(" ")}</td>
                <td>{m.customer?.display_name ?? ""}</td>
                <td>{m.driver?.name ?? ""}</td>
                <td>{m.movement_type?.name ?? ""}</td>
                <td>{m.start_address ?? ""}</td>
                <td>{m.end_address ?? ""}</td>
                <td>{m.start_time || m.end_time ? `${m.start_time ?? ""}-${m.end_time ?? ""}` : ""}</td>
                <td>{m.miles ?? ""}</td>
                <td>{formatMoney(m.cost ?? 0)}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={10}>
                <strong>Total</strong>
              </td>
              <td>
                <strong>{formatMoney(total)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </PrintDocument>
    </div>
  );
}
