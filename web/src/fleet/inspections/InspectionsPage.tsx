import type { InspectionTypeRecord } from "../../../../core/settings/types";
import type { InspectionAnswer } from "../../../../core/fleet/types";
import { Alert, Button, Group, Modal, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { MESSAGES, isDue } from "../../../../core/fleet/rules";
import { api, useApiMutation, useList, type ApiRecord } from "../../platform/api";
import { formatDate, todayIso } from "../../platform/format";
import { ListPager, ListSearch, ListTable, ListTabs, useListController } from "../../platform/list";
import { Page } from "../../platform/page";
import { toastFailure } from "../../platform/toast";
import { VehiclePicker } from "../picker/VehiclePicker";
import { DateField, validateValues } from "../../platform/form";
import { INSPECTION_FIELDS } from "../edit/InspectionsSection";

/** An inspection as GET inspections answers it, inferred from its definition (core/fleet/types.ts). */
type Inspection = InspectionAnswer;

const VIEWS = [
  { value: "all", label: "All" },
  { value: "due", label: "Due" },
  { value: "open", label: "Open" },
  { value: "booked", label: "Booked" },
];

/** 'THERE ARE {n} INSPECTIONS BOOKED ON THAT DATE' for a date (and type), from inspectioncount. */
async function bookedWarning(date: string, type?: number): Promise<string | null> {
  if (!date) return null;
  const res = await api<{ count: number }>("GET", "inspectioncount", { query: { date, type } });
  return res.count > 0 ? `THERE ARE ${res.count} INSPECTIONS BOOKED ON THAT DATE` : null;
}

function BookIn({ row }: { row: Inspection }) {
  const [date, setDate] = useState(row.booked_in_date ?? "");
  const [warning, setWarning] = useState<string | null>(null);
  const save = useApiMutation<Record<string, unknown>, ApiRecord>("PUT", `inspections/${row.id}`, { resource: "inspections", invalidates: ["vehicleinspections"], errorMessage: "There was an error" });
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <DateField
          size="xs"
          aria-label={`Book in ${row.vehicle?.registration ?? ""}`}
          value={date}
          onChange={async (d) => {
            setDate(d);
            try {
              setWarning(await bookedWarning(d, row.inspection_type?.id));
            } catch (err) {
              toastFailure(err);
            }
          }}
        />
        <Button size="compact-xs" disabled={date === (row.booked_in_date ?? "")} onClick={() => save.mutate({ booked_in_date: date || null, last_saved: row.last_saved })}>
          Book in
        </Button>
      </Group>
      {warning && (
        <Text size="xs" c="orange" fw={700} role="alert">
          {warning}
        </Text>
      )}
    </Stack>
  );
}

/** Approve a booked inspection: both new dates are needed (003 §5, its message). */
function ApproveModal({ row, onClose }: { row: Inspection; onClose: () => void }) {
  const [completed, setCompleted] = useState("");
  const [expiry, setExpiry] = useState("");
  const [error, setError] = useState<string | null>(null);
  const approve = useApiMutation<Record<string, unknown>, unknown>("PUT", "inspections/approve/", { resource: "inspections", invalidates: ["vehicleinspections", "vehicles"], errorMessage: "There was an error" });
  return (
    <Modal opened onClose={onClose} title={`Approve ${row.inspection_type?.inspection_type ?? "inspection"} for ${row.vehicle?.registration ?? ""}`} centered>
      <Stack gap="sm">
        {error && (
          <Alert color="yellow" title="Warning!">
            {error}
          </Alert>
        )}
        <DateField label="New completed date" value={completed} onChange={(v) => setCompleted(v)} />
        <DateField label="New expiry date" value={expiry} onChange={(v) => setExpiry(v)} />
        <Group justify="flex-end">
          <Button
            onClick={() => {
              if (!completed || !expiry) return setError(MESSAGES.approveDates);
              approve.mutate({ id: row.id, new_completed_date: completed, new_expiry_date: expiry }, { onSuccess: onClose });
            }}
            loading={approve.isPending}
          >
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const field = (name: string) => INSPECTION_FIELDS.find((f) => f.name === name)!;

/** Add an inspection to a vehicle found with the vehicle picker: type and last completed date checked before sending, as the server does. */
function AddInspection() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [vehicle, setVehicle] = useState<ApiRecord | null>(null);
  const [type, setType] = useState("");
  const [completed, setCompleted] = useState("");
  const [expiry, setExpiry] = useState("");
  const types = useList<InspectionTypeRecord>("inspectiontype", { page_size: 100 });
  const add = useApiMutation<Record<string, unknown>, ApiRecord>("POST", "inspections", { resource: "inspections", invalidates: ["vehicleinspections"], errorMessage: "There was an error" });
  return (
    <Stack gap="xs">
      <VehiclePicker onChange={setVehicle} />
      {vehicle && (
        <Paper withBorder p="sm" bg="gray.0">
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={field("inspection_type").label}
              withAsterisk
              error={errors.inspection_type}
              value={type}
              onChange={(e) => setType(e.currentTarget.value)}
              data={[{ value: "", label: "(type)" }, ...(types.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.inspection_type ?? "" }))]}
            />
            <DateField label={field("date_completed").label} withAsterisk error={errors.date_completed} value={completed} onChange={(v) => setCompleted(v)} />
            <DateField label={field("expiry_date").label} value={expiry} onChange={(v) => setExpiry(v)} />
            <Button
              onClick={() => {
                const refused = validateValues(INSPECTION_FIELDS, { inspection_type: type, date_completed: completed, expiry_date: expiry });
                setErrors(refused);
                if (Object.keys(refused).length) return;
                add.mutate(
                  { vehicle: vehicle.id, inspection_type: Number(type), date_completed: completed, expiry_date: expiry || null, start_date: todayIso() },
                  { onSuccess: () => (setType(""), setCompleted(""), setExpiry("")), onError: (e) => setErrors((e as { errors?: Record<string, string> }).errors ?? {}) },
                );
              }}
              loading={add.isPending}
            >
              Add inspection
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

/** /inspections (003 §2, §5): views, type, search, book in, approve. */
export function InspectionsPage() {
  const list = useListController<Inspection>({ resource: "inspections", filters: ["view", "type"], errorMessage: "There was an error" });
  const types = useList<InspectionTypeRecord>("inspectiontype", { page_size: 100 });
  const [approving, setApproving] = useState<Inspection | null>(null);
  const today = todayIso();
  return (
    <Page title="Inspections">
      <AddInspection />
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md">
          <ListTabs list={list} param="view" tabs={VIEWS} label="View" />
          <NativeSelect
            label="Type"
            size="xs"
            value={list.filters.type ?? ""}
            onChange={(e) => list.setFilter("type", e.currentTarget.value || null)}
            data={[{ value: "", label: "All types" }, ...(types.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.inspection_type ?? "" }))]}
          />
          <ListSearch list={list} placeholder="Registration" />
        </Group>
      </Paper>
      <Stack gap="xs">
        <ListTable<Inspection>
          label="Inspections"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No inspections found."
          columns={[
            { key: "vehicle", header: "Vehicle" },
            { key: "type", header: "Type" },
            { key: "date_completed", header: "Last completed" },
            { key: "expiry_date", header: "Expiry" },
            { key: "workshop", header: "Workshop" },
            { key: "booked", header: "Booked in" },
            { key: "actions", header: "" },
          ]}
          renderRow={(r) => (
            <tr key={r.id} style={isDue(r.expiry_date, r.warning_days, today) ? { background: "var(--mantine-color-red-1)" } : undefined} data-due={isDue(r.expiry_date, r.warning_days, today) ? "true" : "false"}>
              <td>{r.vehicle ? <Link to={`/editvehicle/${r.vehicle.id}`}>{r.vehicle.registration}</Link> : ""}</td>
              <td>{r.inspection_type?.inspection_type ?? ""}</td>
              <td>{formatDate(r.date_completed)}</td>
              <td>{formatDate(r.expiry_date)}</td>
              <td>{r.inspection_workshop?.display_name ?? ""}</td>
              <td>
                <BookIn row={r} />
              </td>
              <td>
                {r.booked_in_date && (
                  <Button size="compact-xs" onClick={() => setApproving(r)}>
                    Approve
                  </Button>
                )}
              </td>
            </tr>
          )}
        />
        <ListPager list={list} noun={["inspection", "inspections"]} />
      </Stack>
      {approving && <ApproveModal row={approving} onClose={() => setApproving(null)} />}
    </Page>
  );
}
