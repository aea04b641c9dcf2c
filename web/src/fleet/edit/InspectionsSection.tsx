import type { InspectionTypeRecord } from "../../../../core/settings/types";
import type { InspectionLine } from "../../../../core/fleet/types";
import { Button, Fieldset, NativeSelect, Table, Text, TextInput } from "@mantine/core";
import { inspection } from "../../../../core/fleet/definitions";
import { isDue } from "../../../../core/fleet/rules";
import { useList } from "../../platform/api";
import { todayIso } from "../../platform/format";
import { DateField, fieldsFrom, initialValues, validateValues, type FieldDef } from "../../platform/form";

/** An inspection as the vehicle's form holds it, inferred from its definition (core/fleet/types.ts `InspectionLine`). */
export type InspectionRow = InspectionLine;

const typeId = (t: InspectionRow["inspection_type"]) => (t && typeof t === "object" ? t.id : (t ?? null));

/**
 * An inspection's fields from its one definition (core/fleet/definitions.ts):
 * the panel's headings, and the checks made before the vehicle is sent.
 * The vehicle is the one being saved, so it is never asked for.
 */
export const INSPECTION_FIELDS: FieldDef[] = fieldsFrom(inspection).filter((f) => f.name !== "vehicle");
const F = Object.fromEntries(INSPECTION_FIELDS.map((f) => [f.name, f])) as Record<string, FieldDef>;
/** What a booked-in inspection may not change until approved: its definition's `lockedWhenBooked` fields (the server's checkInspectionLock refuses the same). */
const BOOKED_LOCKS: ReadonlySet<string> = new Set(inspection.lockedWhenBooked);

/** The first refusal among the rows (required fields, bounds), keyed as the server keys it: `inspections.<i>.<field>`. */
export function checkInspections(rows: InspectionRow[]): { message: string; errors: Record<string, string> } | null {
  for (const [i, row] of rows.entries()) {
    const errors = validateValues(INSPECTION_FIELDS, initialValues(INSPECTION_FIELDS, row));
    const [name, message] = Object.entries(errors)[0] ?? [];
    if (name) return { message, errors: { [`inspections.${i}.${name}`]: message } };
  }
  return null;
}

/**
 * The vehicle's inspections, saved with the vehicle: rows turn red once
 * today is within warning_days of expiry; a booked-in row is locked
 * until it is approved on the inspections screen (000 §4).
 */
export function InspectionsSection({ rows, stored, onChange }: { rows: InspectionRow[]; stored: InspectionRow[]; onChange: (rows: InspectionRow[]) => void }) {
  const types = useList<InspectionTypeRecord>("inspectiontype", { page_size: 100 });
  const today = todayIso();
  const set = (i: number, patch: Partial<InspectionRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const lockedIds = new Set(stored.filter((s) => s.booked_in_date).map((s) => s.id));
  return (
    <Fieldset legend="Inspections" variant="filled" p="sm">
      <Table aria-label="Inspections" withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            {(["inspection_type", "date_completed", "expiry_date", "warning_days", "booked_in_date", "comments"] as const).map((name) => (
              <Table.Th key={name}>
                {F[name].label}
                {F[name].required ? " *" : ""}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => {
            const locked = r.id !== undefined && lockedIds.has(r.id);
            const off = (field: string) => locked && BOOKED_LOCKS.has(field);
            const due = isDue(r.expiry_date, r.warning_days, today);
            const label = (f: string) => `Inspection ${i + 1} ${f}`;
            return (
              <Table.Tr key={r.id ?? `new-${i}`} bg={due ? "red.1" : undefined} data-due={due ? "true" : "false"}>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={label("type")}
                    disabled={off("inspection_type")}
                    value={String(typeId(r.inspection_type) ?? "")}
                    onChange={(e) => {
                      const t = types.data?.results.find((x) => String(x.id) === e.currentTarget.value);
                      set(i, { inspection_type: t ? t.id : null, warning_days: r.warning_days ?? t?.warning_days ?? null });
                    }}
                    data={[{ value: "", label: "(type)" }, ...(types.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.inspection_type ?? "" }))]}
                  />
                </Table.Td>
                <Table.Td>
                  <DateField size="xs" aria-label={label("last completed")} disabled={off("date_completed")} value={r.date_completed ?? ""} onChange={(v) => set(i, { date_completed: v || null })} />
                </Table.Td>
                <Table.Td>
                  <DateField size="xs" aria-label={label("expiry")} disabled={off("expiry_date")} value={r.expiry_date ?? ""} onChange={(v) => set(i, { expiry_date: v || null })} />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" type="number" min={F.warning_days.min} max={F.warning_days.max} aria-label={label("warning days")} disabled={off("warning_days")} value={r.warning_days ?? ""} onChange={(e) => set(i, { warning_days: e.currentTarget.value === "" ? null : Number(e.currentTarget.value) })} />
                </Table.Td>
                <Table.Td>
                  <DateField size="xs" aria-label={label("booked in")} value={r.booked_in_date ?? ""} onChange={(v) => set(i, { booked_in_date: v || null })} />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" aria-label={label("comments")} value={r.comments ?? ""} onChange={(e) => set(i, { comments: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" disabled={locked} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          No inspections recorded.
        </Text>
      )}
      <Button mt="xs" size="compact-sm" variant="light" onClick={() => onChange([...rows, { start_date: today }])}>
        Add inspection
      </Button>
    </Fieldset>
  );
}
