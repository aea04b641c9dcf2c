import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useApiGet, type ApiRecord } from "../../platform/api";
import { formatDate } from "../../platform/format";
import { Typeahead } from "../../platform/typeahead";
import { isDue } from "../../../../core/fleet/rules";
import { todayIso } from "../../platform/format";

type Vehicle = ApiRecord & { registration: string; fleet_number?: string | null };

/** Registration or fleet number typeahead (vehiclesearch, from 2 characters). */
export function VehicleSearch({ label, search, onSearchChange, onSelect }: { label: string; search?: string; onSearchChange?: (s: string) => void; onSelect: (v: Vehicle | null) => void }) {
  return (
    <Typeahead<Vehicle>
      label={label}
      resource="vehiclesearch"
      itemLabel={(v) => `${v.registration}${v.fleet_number ? ` (${v.fleet_number})` : ""}`}
      onSelect={onSelect}
      search={search}
      onSearchChange={onSearchChange}
      errorMessage="There was an error"
    />
  );
}

type Inspection = ApiRecord & { inspection_type?: { inspection_type?: string } | null; expiry_date?: string | null; date_completed?: string | null; warning_days?: number | null; booked_in_date?: string | null };

/**
 * The vehicle picker of the job and quote forms (000 §2): search, add a
 * new vehicle, the chosen vehicle's details and its inspections. The
 * in-progress jobs and quotes list joins it with the workshop issue.
 */
export function VehiclePicker({ onChange }: { onChange: (v: Vehicle | null) => void }) {
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [search, setSearch] = useState("");
  const inspections = useApiGet<{ results: Inspection[] }>(["vehicleinspections", "list", vehicle?.id ?? 0], "vehicleinspections", { vehicle: vehicle?.id }, { enabled: !!vehicle });
  const pick = (v: Vehicle | null) => {
    setVehicle(v);
    onChange(v);
  };
  const today = todayIso();
  const name = (x: unknown) => (x && typeof x === "object" ? String((x as { name?: string }).name ?? "") : "");
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
          {vehicle && (
            <Button component="a" href={`/editvehicle/${vehicle.id}`} target="_blank" variant="default" size="sm">
              Vehicle Details
            </Button>
          )}
        </Group>
        {vehicle && (
          <>
            <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
              <Text size="sm">Registration: {vehicle.registration}</Text>
              <Text size="sm">Fleet no.: {vehicle.fleet_number ?? ""}</Text>
              <Text size="sm">Make: {name(vehicle.make)}</Text>
              <Text size="sm">Model: {name(vehicle.model)}</Text>
              <Text size="sm">Mileage: {String(vehicle.mileage ?? "")}</Text>
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
                  <Table.Tr key={i.id} bg={isDue(i.expiry_date, i.warning_days, today) ? "red.1" : undefined}>
                    <Table.Td>{i.inspection_type?.inspection_type ?? ""}</Table.Td>
                    <Table.Td>{formatDate(i.date_completed)}</Table.Td>
                    <Table.Td>{formatDate(i.expiry_date)}</Table.Td>
                    <Table.Td>{formatDate(i.booked_in_date)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Anchor size="xs" href={`/editvehicle/${vehicle.id}`}>
              Open {vehicle.registration}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
