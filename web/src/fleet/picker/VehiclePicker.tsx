import type { InspectionAnswer } from "../../../../core/fleet/types";
import { Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { isDue } from "../../../../core/fleet/rules";
import { ApiError, api, useApiGet, type ApiRecord, type Page } from "../../platform/api";
import { formatDate, formatNumber, todayIso } from "../../platform/format";
import { toastFailure } from "../../platform/toast";
import { Typeahead } from "../../platform/typeahead";
import { LookupRegistrationButton } from "../shared/registration";

export type PickedVehicle = ApiRecord & { registration: string; fleet_number?: string | null };

/** Registration or fleet number typeahead (vehiclesearch, from 2 characters). */
export function VehicleSearch({ label, search, onSearchChange, onSelect, required }: { label: string; search?: string; onSearchChange?: (s: string) => void; onSelect: (v: PickedVehicle | null) => void; required?: boolean }) {
  return (
    <Typeahead<PickedVehicle>
      label={label}
      required={required}
      resource="vehiclesearch"
      itemLabel={(v) => `${v.registration}${v.fleet_number ? ` (${v.fleet_number})` : ""}`}
      onSelect={onSelect}
      search={search}
      onSearchChange={onSearchChange}
      errorMessage="There was an error"
    />
  );
}

/** An inspection as the vehicle's answer carries it (`inspections`), inferred from its definition. */
type Inspection = InspectionAnswer;

/** A job or quote in progress for the chosen vehicle (000 §3: the picker's list items). */
export type InProgressItem = ApiRecord & {
  itemType: "job" | "quote";
  description?: string | null;
  job_description?: string | null;
  defect_description?: string | null;
  enquiry_description?: string | null;
  customer?: unknown;
  customer2?: unknown;
  is_defect?: boolean | null;
  workshop?: unknown;
  workshop_date?: string | null;
  provisional_start_date?: string | null;
};

const display = (x: unknown, field = "display_name") => (x && typeof x === "object" ? String((x as Record<string, unknown>)[field] ?? (x as Record<string, unknown>).name ?? "") : String(x ?? ""));

/** Where an in-progress item opens: a defect on the defect screen, other jobs on the job card, quotes on the quote editor. */
export const inProgressLink = (i: InProgressItem) => (i.itemType === "quote" ? `/editquote/${i.id}` : i.is_defect ? `/defect/${i.id}` : `/editjob/${i.id}`);

/**
 * Open jobs (GET jobs?vehicle&view=not_finished&ws=all) and quotes
 * (GET quotes?vehicle&ready_for_customer_invoice=false) of a vehicle. A call
 * the server does not answer yet (404: the workshop area is not in this
 * release) counts as none; any other failure shows 'There was an error'
 * and the vehicle is still taken.
 */
/**
 * What an open item is about, as the open-items lists show it: a quote's description, a job's, a
 * defect's own (issue 24 item 12: a defect keeps it in defect_description and was listed blank), an enquiry's.
 */
export const openItemDescription = (i: InProgressItem): string =>
  String(i.description || i.job_description || i.defect_description || i.enquiry_description || "");

export async function inProgressFor(vehicle: number): Promise<InProgressItem[]> {
  const calls = await Promise.allSettled([
    api<Page<ApiRecord>>("GET", "jobs", { query: { vehicle, view: "not_finished", ws: "all" } }),
    api<Page<ApiRecord>>("GET", "quotes", { query: { vehicle, ready_for_customer_invoice: false } }),
  ]);
  const out: InProgressItem[] = [];
  calls.forEach((c, n) => {
    const itemType = n === 0 ? "job" : "quote";
    if (c.status === "fulfilled") for (const r of c.value?.results ?? []) out.push({ ...r, itemType });
    else if (!(c.reason instanceof ApiError && c.reason.status === 404)) toastFailure(c.reason, "There was an error");
  });
  return out;
}

/** 'Quotes/Jobs already in progress for this vehicle' (000 §2): open one, or continue with the vehicle. */
export function InProgressModal({ vehicle, items, onContinue, onClose }: { vehicle: PickedVehicle; items: InProgressItem[]; onContinue?: () => void; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Quotes/Jobs already in progress for this vehicle" size="xl" centered>
      <Stack gap="sm">
        <Text size="sm">{vehicle.registration}</Text>
        <Table aria-label="In progress" withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Workshop</Table.Th>
              <Table.Th>Workshop date</Table.Th>
              <Table.Th>Provisional start</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => (
              <Table.Tr key={`${i.itemType}-${i.id}`}>
                <Table.Td>{i.itemType === "quote" ? "Quote" : i.is_defect ? "Defect" : "Job"}</Table.Td>
                <Table.Td>{openItemDescription(i)}</Table.Td>
                <Table.Td>{[display(i.customer), display(i.customer2)].filter(Boolean).join(" / ")}</Table.Td>
                <Table.Td>{display(i.workshop)}</Table.Td>
                <Table.Td>{formatDate(i.workshop_date)}</Table.Td>
                <Table.Td>{formatDate(i.provisional_start_date)}</Table.Td>
                <Table.Td>
                  <Button size="compact-xs" component={Link} to={inProgressLink(i)}>
                    Open
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {onContinue ? "Cancel" : "Close"}
          </Button>
          {onContinue && <Button onClick={onContinue}>Continue</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The vehicle picker of the job and quote forms (000 §2): search, add a
 * new vehicle, the chosen vehicle's details and its inspections. A vehicle
 * with open jobs or quotes shows them first (open one, or continue);
 * otherwise it is taken directly. `onChange` hears the vehicle taken.
 */
export function VehiclePicker({ onChange }: { onChange: (v: PickedVehicle | null) => void }) {
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [pending, setPending] = useState<{ vehicle: PickedVehicle; items: InProgressItem[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const [search, setSearch] = useState("");
  const inspections = useApiGet<{ results: Inspection[] }>("vehicleinspections", { vehicle: vehicle?.id }, { enabled: !!vehicle, errorMessage: "There was an error" });
  const take = (v: PickedVehicle | null) => {
    setVehicle(v);
    setPending(null);
    onChange(v);
  };
  const pick = async (v: PickedVehicle | null) => {
    if (!v) return take(null);
    setChecking(true);
    try {
      const items = await inProgressFor(v.id);
      if (items.length) setPending({ vehicle: v, items });
      else take(v);
    } finally {
      setChecking(false);
    }
  };
  const today = todayIso();
  return (
    <Paper withBorder p="sm" aria-label="Vehicle picker" component="section">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <div style={{ minWidth: 260 }}>
            <VehicleSearch label="Vehicle" search={search} onSearchChange={setSearch} onSelect={pick} />
          </div>
          <Button component="a" href="/editvehicle" target="_blank" variant="light" size="sm">
            Add a new Vehicle +
          </Button>
          {!vehicle && <LookupRegistrationButton registration={search} />}
          {vehicle && (
            <Button component="a" href={`/editvehicle/${vehicle.id}`} target="_blank" variant="default" size="sm">
              Vehicle Details
            </Button>
          )}
          {checking && (
            <Text size="xs" c="dimmed">
              Checking jobs and quotes…
            </Text>
          )}
        </Group>
        {vehicle && (
          <>
            <SimpleGrid cols={{ base: 2, md: 6 }} spacing="xs" aria-label="Chosen vehicle">
              <Text size="sm">Registration: {vehicle.registration}</Text>
              <Text size="sm">Fleet no.: {vehicle.fleet_number ?? ""}</Text>
              <Text size="sm">Make: {display(vehicle.make, "name")}</Text>
              <Text size="sm">Model: {display(vehicle.model, "name")}</Text>
              <Text size="sm">Type: {display(vehicle.type, "name")}</Text>
              <Text size="sm">Mileage: {formatNumber(vehicle.mileage)}</Text>
            </SimpleGrid>
            <Table aria-label="Vehicle inspections" withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Last completed</Table.Th>
                  <Table.Th>Expiry</Table.Th>
                  <Table.Th>Booked in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(inspections.data?.results ?? []).map((i) => (
                  <Table.Tr key={i.id} bg={isDue(i.expiry_date, i.warning_days, today) ? "red.1" : undefined} data-due={isDue(i.expiry_date, i.warning_days, today) ? "true" : "false"}>
                    <Table.Td>{i.inspection_type?.inspection_type ?? ""}</Table.Td>
                    <Table.Td>{formatDate(i.date_completed)}</Table.Td>
                    <Table.Td>{formatDate(i.expiry_date)}</Table.Td>
                    <Table.Td>{formatDate(i.booked_in_date)}</Table.Td>
                  </Table.Tr>
                ))}
                {inspections.data && inspections.data.results.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed">
                        No inspections recorded.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
            <Anchor size="xs" component={Link} to={`/editvehicle/${vehicle.id}`}>
              Open {vehicle.registration}
            </Anchor>
          </>
        )}
      </Stack>
      {pending && <InProgressModal vehicle={pending.vehicle} items={pending.items} onContinue={() => take(pending.vehicle)} onClose={() => setPending(null)} />}
    </Paper>
  );
}
