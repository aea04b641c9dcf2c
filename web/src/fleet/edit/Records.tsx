import type { RentalAnswer } from "../../../../core/hire/types";
import type { ServiceRecordRow } from "../../../../core/workshop/types";
import { Button, Checkbox, Collapse, Fieldset, Group, Modal, Pagination, SegmentedControl, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { approvalRuleResult } from "../../../../core/hire/rules";
import { sum } from "../../../../core/platform/money";
import { keys, useApiMutation, useList, type ApiRecord } from "../../platform/api";
import { formatDate, formatMoney } from "../../platform/format";
import { ListPager, ListTable, useListController } from "../../platform/list";
import { PrintDocument } from "../../platform/print";
import { toastError } from "../../platform/toast";
import { InProgressModal, inProgressFor, type PickedVehicle } from "../picker/VehiclePicker";

/** Rows ticked across pages of one table, kept by id (the service record's Print Selected, the rental record's Approve). */
function useRowSelection<T extends { id: number }>() {
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  const toggleRow = (row: T) =>
    setSelected((m) => {
      const n = new Map(m);
      if (n.has(row.id)) n.delete(row.id);
      else n.set(row.id, row);
      return n;
    });
  return { selected, toggleRow, chosen: [...selected.values()] };
}

/** A work item of the service record as GET work?vehicle answers it: inferred from the work item definition (core/workshop/types.ts). */
type WorkRow = ApiRecord & ServiceRecordRow;

const partsCost = (w: WorkRow) => sum(...(w.parts ?? []).map((p) => p.cost)).toNumber();
const rowTotal = (w: WorkRow) => sum(w.labour_cost, partsCost(w)).toNumber();

/**
 * Service Record (000 §2, §7): the work items of the vehicle's job cards
 * (GET work?vehicle&page&page_size=15&dateSort&chargeable), 15 a page, the
 * chargeable filter, a date sort, selectable rows and Print Selected (a
 * printable service record of the chosen rows with totals). Filters stay in
 * the component, not the URL: the list sits inside the vehicle form.
 */
export function ServiceRecord({ vehicleId, registration }: { vehicleId: number; registration: string }) {
  const [open, { toggle }] = useDisclosure(false);
  const [printing, printCtl] = useDisclosure(false);
  const { selected, toggleRow, chosen } = useRowSelection<WorkRow>();
  const fixed = useMemo(() => ({ vehicle: vehicleId }), [vehicleId]);
  const list = useListController<WorkRow>({ resource: "work", pageSize: 15, filters: ["chargeable", "dateSort"], fixed, local: true, errorMessage: "There was an error" });
  const rows = list.results;
  return (
    <Fieldset legend="Service Record" variant="filled" p="sm">
      <Button size="compact-xs" variant="subtle" onClick={toggle} aria-expanded={open}>
        {open ? "Hide service record" : "Show service record"}
      </Button>
      <Collapse expanded={open}>
        <Group mt="xs" gap="sm">
          <SegmentedControl
            size="xs"
            aria-label="Chargeable"
            value={list.filters.chargeable ?? "all"}
            onChange={(v) => list.setFilter("chargeable", v === "all" ? null : v)}
            data={[
              { value: "all", label: "All" },
              { value: "true", label: "Chargeable" },
              { value: "false", label: "Non-Chargeable" },
            ]}
          />
          <Button size="compact-xs" variant="default" onClick={() => list.setFilter("dateSort", list.filters.dateSort === "asc" ? "desc" : "asc")}>
            {list.filters.dateSort === "asc" ? "Date: oldest first" : "Date: newest first"}
          </Button>
          <Button size="compact-xs" disabled={chosen.length === 0} onClick={printCtl.open}>
            Print Selected ({chosen.length})
          </Button>
        </Group>
        <ListTable<WorkRow>
          label="Service Record"
          mt="xs"
          loading={list.isLoading}
          error={list.isError}
          empty="No work recorded for this vehicle."
          rows={rows}
          columns={[
            { key: "select", header: "", width: 30, render: (w) => <Checkbox size="xs" aria-label={`Select ${w.description ?? w.id}`} checked={selected.has(w.id)} onChange={() => toggleRow(w)} /> },
            { key: "workshop_date", header: "Date", render: (w) => formatDate(w.workshop_date) },
            { key: "job", header: "Job", render: (w) => <Link to={`/editjob/${w.job}`}>{w.job}</Link> },
            { key: "description", header: "Work" },
            { key: "chargeable", header: "Chargeable", render: (w) => (w.chargeable ? "Yes" : "No") },
            { key: "labour_cost", header: "Labour", render: (w) => formatMoney(w.labour_cost ?? 0) },
            { key: "parts", header: "Parts", render: (w) => formatMoney(partsCost(w)) },
            { key: "total", header: "Total", render: (w) => formatMoney(rowTotal(w)) },
          ]}
        />
        <ListPager list={list} noun={["work item", "work items"]} />
      </Collapse>
      <Modal opened={printing} onClose={printCtl.close} title="Service Record" size="xl">
        <PrintDocument title="Printed service record">
          <h2>Service Record - {registration}</h2>
          <Table aria-label="Printed service record" withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Job</Table.Th>
                <Table.Th>Work</Table.Th>
                <Table.Th>Labour</Table.Th>
                <Table.Th>Parts</Table.Th>
                <Table.Th>Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {chosen.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{formatDate(w.workshop_date)}</Table.Td>
                  <Table.Td>{w.job}</Table.Td>
                  <Table.Td>{w.description ?? ""}</Table.Td>
                  <Table.Td>{formatMoney(w.labour_cost ?? 0)}</Table.Td>
                  <Table.Td>{formatMoney(partsCost(w))}</Table.Td>
                  <Table.Td>{formatMoney(rowTotal(w))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>Totals</Table.Th>
                <Table.Th>{formatMoney(sum(...chosen.map((w) => w.labour_cost)).toNumber())}</Table.Th>
                <Table.Th>{formatMoney(sum(...chosen.map(partsCost)).toNumber())}</Table.Th>
                <Table.Th>{formatMoney(sum(...chosen.map(rowTotal)).toNumber())}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </PrintDocument>
      </Modal>
    </Fieldset>
  );
}

/** 'Quotes/Jobs already in progress for this vehicle' (000 §2) on the vehicle page: the open jobs and quotes, each opens. */
export function InProgressButton({ vehicle }: { vehicle: PickedVehicle }) {
  const [opened, ctl] = useDisclosure(false);
  const items = useQuery({ queryKey: keys.get("jobs", "in-progress", { vehicle: vehicle.id }), queryFn: () => inProgressFor(vehicle.id) });
  const n = items.data?.length ?? 0;
  return (
    <>
      <Button size="xs" variant="default" onClick={ctl.open} disabled={n === 0}>
        Quotes/Jobs in progress ({n})
      </Button>
      {opened && <InProgressModal vehicle={vehicle} items={items.data ?? []} onClose={ctl.close} />}
    </>
  );
}

/** A rental as the vehicle's rental record reads it: its fields from the definition (core/hire/types.ts). */
type Rental = ApiRecord & RentalAnswer<{ approving_user: { first_name: string | null; last_name: string | null } | null }>;

/** 'Approved 08/02/2031 (Rita Shah)': who approved a rental's off-hire, and when. */
function approvalText(r: Pick<Rental, "approved" | "approving_user" | "approved_date">): string {
  if (!r.approved) return "";
  const who = [r.approving_user?.first_name, r.approving_user?.last_name].filter(Boolean).join(" ");
  return `Approved ${formatDate(r.approved_date)}${who ? ` (${who})` : ""}`;
}

/**
 * Vehicle Rental Record (000 §2, §7): GET rentals?vehicle=, 5 a page, rows
 * open the rental. Rows are selected to approve their off-hire (PUT
 * rental/approve, docs/rentals.md "Approving a rental"): the rules are
 * checked before sending, the server's refusal is shown, and an approval
 * goes on to /parts (000 §1).
 */
export function RentalRecord({ vehicleId }: { vehicleId: number }) {
  const [page, setPage] = useState(1);
  const { selected, toggleRow, chosen } = useRowSelection<Rental>();
  const navigate = useNavigate();
  const q = useList<Rental>("rentals", { vehicle: vehicleId, page, page_size: 5 }, { errorMessage: "There was an error" });
  const approve = useApiMutation<Array<{ id: number; last_saved: string | null }>, { count: number; results: Rental[] }>("PUT", "rental/approve", { resource: "rentals", errorMessage: "There was an error" });
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: the answer carries total_cost beside the page's rows
  const data = q.data as (typeof q.data & { total_cost?: number }) | undefined;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / 5));
  const approveSelected = () => {
    const refused = approvalRuleResult(chosen.map((r) => ({ id: r.id, status: r.status, off_hire_date: r.off_hire_date ?? null, approved: r.approved ?? null })));
    if (refused) {
      toastError(refused.message);
      return;
    }
    approve.mutate(
      chosen.map((r) => ({ id: r.id, last_saved: r.last_saved })),
      { onSuccess: () => void navigate("/parts") },
    );
  };
  return (
    <Fieldset legend="Vehicle Rental Record" variant="filled" p="sm">
      <Group gap="sm" mb="xs">
        <Button size="compact-xs" disabled={chosen.length === 0} loading={approve.isPending} onClick={approveSelected}>
          Approve
        </Button>
        <Text size="xs" c="dimmed">
          {chosen.length ? `${chosen.length} selected` : "Select returned rentals to approve their off-hire charges."}
        </Text>
      </Group>
      <Table aria-label="Vehicle Rental Record" withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={30} />
            <Table.Th>Rental</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Off hire</Table.Th>
            <Table.Th>Approved</Table.Th>
            <Table.Th>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.results ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Checkbox size="xs" aria-label={`Select rental ${r.id}`} checked={selected.has(r.id)} disabled={!!r.approved} onChange={() => toggleRow(r)} />
              </Table.Td>
              <Table.Td>
                <Link to={`/editrental/${r.id}`}>{r.id}</Link>
              </Table.Td>
              <Table.Td>{r.customer?.display_name ?? ""}</Table.Td>
              <Table.Td>{formatDate(r.start_date)}</Table.Td>
              <Table.Td>{formatDate(r.finish_date)}</Table.Td>
              <Table.Td>{r.status}</Table.Td>
              <Table.Td>{formatDate(r.off_hire_date)}</Table.Td>
              <Table.Td>{approvalText(r)}</Table.Td>
              <Table.Td>{formatMoney(r.total ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
          {data && data.results.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
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
