import { Button, Collapse, Fieldset, Pagination, SegmentedControl, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useList, type ApiRecord } from "../../platform/api";
import { formatDate, formatMoney } from "../../platform/format";

/**
 * Service Record (000 §2): the vehicle's work and parts from job cards,
 * 15 a page, with the chargeable filter. Job cards arrive with the
 * workshop issue; until then the table shows that there is no work.
 */
export function ServiceRecord() {
  const [open, { toggle }] = useDisclosure(false);
  const [chargeable, setChargeable] = useState("all");
  return (
    <Fieldset legend="Service Record" variant="filled" p="sm">
      <Button size="compact-xs" variant="subtle" onClick={toggle} aria-expanded={open}>
        {open ? "Hide service record" : "Show service record"}
      </Button>
      <Collapse expanded={open}>
        <SegmentedControl
          mt="xs"
          size="xs"
          aria-label="Chargeable"
          value={chargeable}
          onChange={setChargeable}
          data={[
            { value: "all", label: "All" },
            { value: "true", label: "Chargeable" },
            { value: "false", label: "Non-Chargeable" },
          ]}
        />
        <Table aria-label="Service Record" withTableBorder fz="sm" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Job</Table.Th>
              <Table.Th>Mileage</Table.Th>
              <Table.Th>Work</Table.Th>
              <Table.Th>Parts</Table.Th>
              <Table.Th>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  No work recorded for this vehicle.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Collapse>
    </Fieldset>
  );
}

type Rental = ApiRecord & { start_date: string; finish_date: string | null; status: string; total: number | null; customer: { display_name: string } | null };

/** Vehicle Rental Record (000 §2, §7): GET rentals?vehicle=, 5 a page, rows open the rental. */
export function RentalRecord({ vehicleId }: { vehicleId: number }) {
  const [page, setPage] = useState(1);
  const q = useList<Rental>("rentals", { vehicle: vehicleId, page, page_size: 5 }, { errorMessage: "There was an error" });
  const data = q.data as (typeof q.data & { total_cost?: number }) | undefined;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / 5));
  return (
    <Fieldset legend="Vehicle Rental Record" variant="filled" p="sm">
      <Table aria-label="Vehicle Rental Record" withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rental</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.results ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Link to={`/editrental/${r.id}`}>{r.id}</Link>
              </Table.Td>
              <Table.Td>{r.customer?.display_name ?? ""}</Table.Td>
              <Table.Td>{formatDate(r.start_date)}</Table.Td>
              <Table.Td>{formatDate(r.finish_date)}</Table.Td>
              <Table.Td>{r.status}</Table.Td>
              <Table.Td>{formatMoney(r.total ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
          {data && data.results.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  No rentals of this vehicle.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Text size="sm" mt={4}>
        Total cost: {formatMoney(data?.total_cost ?? 0)}
      </Text>
      {pages > 1 && <Pagination size="sm" mt={4} total={pages} value={page} onChange={setPage} />}
    </Fieldset>
  );
}
