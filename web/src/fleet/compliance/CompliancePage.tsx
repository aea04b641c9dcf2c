import { Anchor, Button, Checkbox, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { WARNING_KINDS, WARNING_LABELS, type WarningKind } from "../../../../core/fleet/registration-rules";
import { useApiGet, useApiMutation } from "../../platform/api";
import { formatDate } from "../../platform/format";
import { ListColumnFilter, ListDepartmentFilter, ListPager, ListRecordFilter, ListTable, ListToolbar, useListController, type Column } from "../../platform/list";
import { Page } from "../../platform/page";
import type { PickedVehicle } from "../picker/VehiclePicker";
import { ResolveWarningButton, ResolvedBy, WarningBadge, type WarningRow } from "./warnings";

type Summary = { counts: Record<WarningKind, number> };
type CheckAnswer = { checked: number; recorded: number; pass_done: boolean; message: string | null };

const vehicleLabel = (v: PickedVehicle) => `${v.registration}${v.fleet_number ? ` (${v.fleet_number})` : ""}`;

/** "Check the fleet now" (POST fleetcheck: one batch of the nightly check) and what it did. */
function CheckFleetNow() {
  const check = useApiMutation<undefined, CheckAnswer>("POST", "fleetcheck", { invalidates: ["compliance", "vehiclemothistory"] });
  return (
    <Group gap="xs">
      {check.data && (
        <Text size="sm" role="status">
          {check.data.checked} vehicles read, {check.data.recorded} new warnings{check.data.pass_done ? " (the whole fleet read)" : " (the next run goes on from there)"}
          {check.data.message ? `: ${check.data.message}` : ""}
        </Text>
      )}
      <Button variant="light" loading={check.isPending} onClick={() => check.mutate(undefined)}>
        Check the fleet now
      </Button>
    </Group>
  );
}

/**
 * /compliance (issue 25; docs/compliance.md "The list"): the compliance
 * warnings the nightly fleet check recorded, on the one list mechanism
 * (platform/list: filters and page in the URL, 25 a page), newest date
 * first: open ones, of a kind, a department or a vehicle; Show resolved
 * adds the resolved ones. Each with its vehicle, date, source and what was
 * seen, and Resolve (or Reopen). The CSV is the Reports page's "Compliance
 * warnings".
 */
export function CompliancePage() {
  const list = useListController<WarningRow>({ resource: "compliance", filters: ["kind", "department", "vehicle", "resolved"], errorMessage: "There was an error getting compliance warnings" });
  const showResolved = list.filters.resolved === "true";
  // The open counts by kind (the home panel's summary, facets: one BatchGet) beside each kind while resolved ones are hidden.
  const summary = useApiGet<Summary>("compliancesummary", undefined, { resource: "compliance" });
  const kinds = WARNING_KINDS.map((k) => ({ value: k, label: WARNING_LABELS[k], count: showResolved ? undefined : summary.data?.counts[k] }));
  const columns: Column<WarningRow>[] = [
    {
      key: "vehicle",
      header: <ListRecordFilter<PickedVehicle> list={list} param="vehicle" title="Vehicle" resource="vehiclesearch" itemLabel={vehicleLabel} width={150} />,
      render: (w) => (
        <Anchor component={Link} to={`/editvehicle/${w.vehicle}`} size="sm">
          {w.registration}
        </Anchor>
      ),
    },
    { key: "kind", header: <ListColumnFilter list={list} param="kind" title="Warning" options={kinds} width={190} />, render: (w) => <WarningBadge kind={w.kind} /> },
    { key: "date", header: "Date", render: (w) => formatDate(w.date) },
    { key: "source", header: "Source" },
    {
      key: "message",
      header: "Details",
      render: (w) => (
        <Stack gap={2}>
          <Text size="sm">{w.message}</Text>
          <ResolvedBy w={w} />
        </Stack>
      ),
    },
    { key: "raised_on", header: "Recorded", render: (w) => formatDate(w.raised_on) },
    { key: "actions", header: "", render: (w) => <ResolveWarningButton w={w} /> },
  ];
  return (
    <Page title="Compliance" actions={<CheckFleetNow />}>
      <ListToolbar>
        <ListDepartmentFilter list={list} errorMessage="There was an error getting compliance warnings" />
        <Checkbox label="Show resolved" checked={showResolved} onChange={(e) => list.setFilter("resolved", e.currentTarget.checked ? "true" : null)} />
        <Button size="xs" variant="default" onClick={list.clearAll}>
          Clear
        </Button>
      </ListToolbar>
      <Stack gap="xs">
        <ListTable<WarningRow> label="Compliance warnings" loading={list.isLoading} error={list.isError} rows={list.results} empty={showResolved ? "No compliance warnings." : "No open compliance warnings."} columns={columns} pin={{ start: 1, end: 1 }} />
        <ListPager list={list} noun={["warning", "warnings"]} />
      </Stack>
    </Page>
  );
}
