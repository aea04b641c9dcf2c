import type { RentalAnswer } from "../../../core/hire/types";
import { Fieldset, Group, Pagination, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useList, type ApiRecord, type Page } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";

type Rental = ApiRecord & RentalAnswer;

/** The customer's rentals on the contact page (003): 10 fetched at a time, 5 shown a page, with total_weekly and total_cost. */
export function CustomerRentalRecord({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const serverPage = Math.ceil(page / 2);
  const q = useList<Rental>("rentals", { customer: customerId, page: serverPage, page_size: 10 }, { errorMessage: "There was an error" });
  /** The page's totals ride beside its rows. */
  const data: (Page<Rental> & { total_weekly?: number; total_cost?: number }) | undefined = q.data;
  const rows = (data?.results ?? []).slice(((page - 1) % 2) * 5, ((page - 1) % 2) * 5 + 5);
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / 5));
  return (
    <Fieldset legend="Rental record" variant="filled" p="sm">
      <Table aria-label="Customer rental record" withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rental</Table.Th>
            <Table.Th>Vehicle</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Link to={`/editrental/${r.id}`}>{r.id}</Link>
              </Table.Td>
              <Table.Td>{r.vehicle?.registration ?? ""}</Table.Td>
              <Table.Td>{formatDate(r.start_date)}</Table.Td>
              <Table.Td>{formatDate(r.finish_date)}</Table.Td>
              <Table.Td>{r.status}</Table.Td>
              <Table.Td>{formatMoney(r.total ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
          {data && data.count === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  No rentals for this customer.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt={4}>
        <Text size="sm">
          Total weekly: {formatMoney(data?.total_weekly ?? 0)} · Total cost: {formatMoney(data?.total_cost ?? 0)}
        </Text>
        {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
      </Group>
    </Fieldset>
  );
}
