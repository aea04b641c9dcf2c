import { Button, Checkbox } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { movementRowColour } from "../../../../core/workshop/movement-definitions";
import { ListTable, type Column } from "../../platform/list";
import { formatDate, formatMoney } from "../../platform/format";
import type { MovementRow } from "./api";
import { MovementRowButtons, type MovementActions } from "./actions";

/** 002 §4 row colours as backgrounds: green invoiced, none from a job, orange on/off hire, dark red otherwise. */
const BACKGROUND: Record<ReturnType<typeof movementRowColour>, string | undefined> = {
  green: "var(--mantine-color-green-1)",
  neutral: undefined,
  orange: "var(--mantine-color-orange-1)",
  darkred: "var(--mantine-color-red-2)",
};

export const rowColourOf = (m: MovementRow) => movementRowColour(m);

/**
 * The movements table (the /movements page and the job card): one row per
 * movement in its 002 §4 colour, with its actions and, on the page, a
 * select box per row and Open Source to the job.
 */
export function MovementsTable({
  rows,
  actions,
  loading,
  error,
  selected,
  onSelect,
  showSource = true,
  label = "Movements",
  headers,
}: {
  rows: MovementRow[];
  actions: MovementActions;
  loading?: boolean;
  error?: boolean;
  selected?: Set<number>;
  onSelect?: (m: MovementRow, on: boolean) => void;
  showSource?: boolean;
  label?: string;
  /** Column headers to draw instead of the plain title (column filters). */
  headers?: Partial<Record<string, ReactNode>>;
}) {
  const columns: Column<MovementRow>[] = [
    ...(onSelect ? [{ key: "select", header: "", width: 32 }] : []),
    { key: "id", header: "No." },
    { key: "delivery_date", header: "Delivery date" },
    { key: "vehicle_used", header: "Vehicle used" },
    { key: "vehicle", header: "Vehicle" },
    { key: "customer", header: headers?.customer ?? "Customer" },
    { key: "driver", header: headers?.driver ?? "Driver" },
    { key: "movement_type", header: headers?.movement_type ?? "Type" },
    { key: "route", header: "From / to" },
    { key: "times", header: "Times" },
    { key: "miles", header: "Miles" },
    { key: "cost", header: "Cost" },
    { key: "status", header: "Status" },
    ...(showSource ? [{ key: "source", header: "Source" }] : []),
    { key: "actions", header: "" },
  ];
  return (
    <ListTable<MovementRow>
      label={label}
      loading={loading}
      error={error}
      rows={rows}
      empty="No movements."
      columns={columns}
      renderRow={(m) => (
        <tr key={m.id} data-colour={rowColourOf(m)} style={{ background: BACKGROUND[rowColourOf(m)] }} aria-label={`Movement ${m.id}`}>
          {onSelect ? (
            <td>
              <Checkbox size="xs" aria-label={`Select movement ${m.id}`} checked={selected?.has(m.id) ?? false} onChange={(e) => onSelect(m, e.currentTarget.checked)} />
            </td>
          ) : null}
          <td>{m.id}</td>
          <td>{formatDate(m.delivery_date)}</td>
          <td>{m.vehicle_used?.registration ?? ""}</td>
          <td>{m.vehicle ?? ""}</td>
          <td>{m.customer?.display_name ?? ""}</td>
          <td>{m.driver?.name ?? ""}</td>
          <td>{m.movement_type?.name ?? ""}</td>
          <td style={{ maxWidth: 220 }}>
            {m.start_address ?? ""}
            {m.end_address ? ` → ${m.end_address}` : ""}
          </td>
          <td>{m.start_time || m.end_time ? `${m.start_time ?? ""}-${m.end_time ?? ""}` : ""}</td>
          <td>{m.miles ?? ""}</td>
          <td>{formatMoney(m.cost ?? 0)}</td>
          <td>{m.completed ? "Completed" : m.movement_status === "QUOTE" ? "Quote" : "Normal"}</td>
          {showSource ? (
            <td>
              {m.job ? (
                <Button component={Link} to={`/editjob/${m.job}`} size="compact-xs" variant="default">
                  Open Source
                </Button>
              ) : null}
            </td>
          ) : null}
          <td>
            <MovementRowButtons m={m} actions={actions} />
          </td>
        </tr>
      )}
    />
  );
}
