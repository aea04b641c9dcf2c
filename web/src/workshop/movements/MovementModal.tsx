import type { MovementRateRecord } from "../../../../core/settings/types";
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { movementCostOf } from "../../../../core/workshop/movement-costs";
import { pounds } from "../../../../core/platform/money";
import { MOVEMENT_MESSAGES, movement, movementRuleResult } from "../../../../core/workshop/movement-definitions";
import { CustomerPicker } from "../../contacts/pickers";
import { VehicleSearch } from "../../fleet/picker/VehiclePicker";
import { trackingOptionSource } from "../../settings/trackingOptions";
import { useList, type ApiRecord } from "../../platform/api";
import { FieldInput, TimeField, fieldsFrom, initialValues, recordOptions, useRecordForm, useSaveCycle, type FieldDef, type FormValues } from "../../platform/form";
import { formatMoney, todayIso } from "../../platform/format";
import { useMovementCalls, type MovementRow } from "./api";

const choice = (value: string, label: string) => ({ value, label, apiValue: value });

/** The movement's fields as the modal enters them (labels, kinds, bounds from core/workshop/movement-definitions.ts). */
const FIELDS: FieldDef[] = fieldsFrom(movement, {
  movement_status: { options: [choice("NORMAL", "Normal"), choice("QUOTE", "Quote")] },
  department: { options: recordOptions("departments", (r) => r.name) },
  movement_type: { options: recordOptions("movementtype", (r) => r.name) },
  movement_rate: { options: recordOptions("movementrate", (r) => r.name) },
  driver: { options: recordOptions("drivers", (r) => r.name) },
  work_type: { options: recordOptions("worktype", (r) => r.name) },
  tracking_option: { options: trackingOptionSource() },
});

const byName = (n: string) => FIELDS.find((f) => f.name === n)!;
const ROW1 = ["movement_status", "delivery_date", "department", "movement_type"].map(byName);
const ROW2 = ["movement_rate", "driver", "vehicle"].map(byName);
const ADDRESSES = ["start_address", "end_address"].map(byName);
const MONEY = ["miles", "cost_override", "cost", "internal_charge", "tracking_option"].map(byName);

/** Where a new movement starts from: a job's customer, department and vehicle when created from a job card. */
export type MovementStart = {
  job?: number | null;
  customer?: { id: number; display_name: string; movement_markup?: number | null } | null;
  department?: number | null;
  vehicle_used?: { id: number; registration: string } | null;
};

type Rate = MovementRateRecord;

/**
 * Create Movement / Edit Movement (002 §2 Movements page and the job
 * card's Create movement modal): the defaults of 002 §5 (delivery date
 * today, cost 0, miles 0, status NORMAL, the first movement rate and
 * type, department 1 when none), the cost worked out as on the server
 * (docs/workshop.md "Movements") unless overridden, and the server's
 * rules run before sending. A job's movement needs a work type.
 */
export function MovementModal({ movement: row, start, onClose }: { movement?: MovementRow | null; start?: MovementStart; onClose: () => void }) {
  const rates = useList<Rate>("movementrate", { page_size: 1000 });
  const types = useList<ApiRecord>("movementtype", { page_size: 1000 });
  const loaded = !!rates.data && !!types.data;
  return (
    <Modal opened onClose={onClose} title={row ? `Edit Movement ${row.id}` : "Create Movement"} size="xl" centered>
      {loaded ? <MovementForm row={row ?? null} start={start} rates={rates.data.results} firstType={types.data.results[0]?.id ?? null} onClose={onClose} /> : <Text size="sm">Loading...</Text>}
    </Modal>
  );
}

function MovementForm({ row, start, rates, firstType, onClose }: { row: MovementRow | null; start?: MovementStart; rates: Rate[]; firstType: number | null; onClose: () => void }) {
  const calls = useMovementCalls();
  const initial = useMemo<FormValues>(() => {
    if (row) return initialValues(FIELDS, row);
    const v = initialValues(FIELDS, null);
    return {
      ...v,
      movement_status: "NORMAL",
      delivery_date: todayIso(),
      miles: 0,
      cost: 0,
      department: String(start?.department ?? 1),
      movement_rate: rates[0] ? String(rates[0].id) : "",
      movement_type: firstType ? String(firstType) : "",
    };
  }, [row, start, rates, firstType]);
  const job = row?.job ?? start?.job ?? null;
  const [customer, setCustomer] = useState<number | "">(row?.customer?.id ?? start?.customer?.id ?? "");
  const [markup, setMarkup] = useState<number>(Number(row?.customer?.movement_markup ?? start?.customer?.movement_markup ?? 0));
  const [customerText, setCustomerText] = useState(row?.customer?.display_name ?? start?.customer?.display_name ?? "");
  const [vehicleUsed, setVehicleUsed] = useState<MovementRow["vehicle_used"]>(row?.vehicle_used ?? start?.vehicle_used ?? null);
  const [vehicleText, setVehicleText] = useState(row?.vehicle_used?.registration ?? start?.vehicle_used?.registration ?? "");
  const fields = useMemo(() => (job ? [...FIELDS.filter((f) => f.name !== "work_type"), { ...byName("work_type"), required: MOVEMENT_MESSAGES.workTypeRequired }] : FIELDS), [job]);
  const form = useRecordForm(fields, initial, {
    guard: false,
    validate: (values) => movementRuleResult({ ...values, job })?.errors ?? {},
  });
  const v = form.values;
  const rate = rates.find((r) => String(r.id) === String(v.movement_rate));
  const cost = movementCostOf({ cost_override: v.cost_override === true, cost: typeof v.cost === "number" ? v.cost : 0, miles: typeof v.miles === "number" ? v.miles : 0, start_time: String(v.start_time || ""), end_time: String(v.end_time || ""), rate: rate ?? null, markup_percent: customer ? markup : 0 });
  const pending = calls.create.isPending || calls.save.isPending;
  const { run } = useSaveCycle(form);

  const submit = () =>
    run(
      async () => {
        const body = { ...form.payload(), customer: customer || null, vehicle_used: vehicleUsed?.id ?? null, job };
        // The promise, not mutate's per-call callbacks: those are dropped when the job card redraws this form meanwhile, which left the modal open after a save.
        await (row ? calls.save.mutateAsync({ id: row.id, body: { ...body, last_saved: row.last_saved } }) : calls.create.mutateAsync(body));
        onClose();
      },
      { validate: true },
    );

  // The Cost input, while not overridden, shows the cost worked out (the one under it), not the stored 0.00 (issue 24 item 12).
  const worked = (f: FieldDef) => f.name === "cost" && v.cost_override !== true;
  const input = (f: FieldDef) => <FieldInput key={f.name} field={f} value={worked(f) ? pounds(cost) : v[f.name]} onChange={(x) => form.set(f.name, x)} error={form.errors[f.name]} disabled={worked(f)} />;
  return (
    <form ref={form.formRef} onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Stack gap="sm">
        {job ? (
          <Alert color="gray" p="xs">
            Movement for job {job}: its work item is charged under the workshop expense charge type.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 4 }}>{ROW1.map(input)}</SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <CustomerPicker
            label="Customer"
            search={customerText}
            onSearchChange={setCustomerText}
            onChange={(c) => {
              // The customer's movement markup comes with it: the cost shown follows at once.
              setCustomer(c ? c.id : "");
              setMarkup(Number((c as { movement_markup?: number | null } | null)?.movement_markup ?? 0));
            }}
          />
          {ROW2.map(input)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <VehicleSearch
            label="Vehicle used"
            search={vehicleText}
            onSearchChange={(s) => {
              setVehicleText(s);
              if (!s) setVehicleUsed(null);
            }}
            onSelect={(picked) => setVehicleUsed(picked ? { id: picked.id, registration: String(picked.registration) } : null)}
          />
          <TimeField label="Start time" value={String(v.start_time ?? "")} onChange={(t) => form.set("start_time", t)} error={form.errors.start_time} />
          <TimeField label="End time" value={String(v.end_time ?? "")} onChange={(t) => form.set("end_time", t)} error={form.errors.end_time} />
          {job ? input(fields.find((f) => f.name === "work_type")!) : null}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{ADDRESSES.map(input)}</SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 5 }}>{MONEY.map(input)}</SimpleGrid>
        {input(byName("comments"))}
        <Text size="sm" data-testid="movement-cost">
          Cost: {formatMoney(cost)}
          {v.cost_override === true ? " (overridden)" : customer && markup ? ` (includes the customer's ${markup}% movement markup)` : ""}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {row ? "Save Movement" : "Create Movement"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
