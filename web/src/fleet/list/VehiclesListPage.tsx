import type { VehicleAnswer } from "../../../../core/fleet/types";
import { Badge, Button, Group, NativeSelect, Paper, Stack } from "@mantine/core";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useApiGet, useApiMutation, type ApiRecord } from "../../platform/api";
import { formatDate, formatMoney, formatNumber } from "../../platform/format";
import { ListColumnFilter, ListDepartmentFilter, ListPager, ListSearch, ListTable, ListTabs, useListController, type Column, type FilterOption, type ListController } from "../../platform/list";
import { Page } from "../../platform/page";
import { BLANK } from "../../../../core/fleet/rules";
import { CapUpload } from "./CapUpload";
import { DateField } from "../../platform/form";

type Vehicle = ApiRecord & VehicleAnswer;

/** Fleet sub-tabs (000 §2) and the API's vehicle_status for each; Active is the default. */
export const SUB_TABS = [
  { value: "EQUIPMENT", label: "Equipment" },
  { value: "all", label: "All" },
  { value: "ORDERED", label: "Ordered" },
  { value: "ARRIVING", label: "Arriving" },
  { value: "ACTIVE", label: "Active" },
  { value: "HIREREADY", label: "Hire Ready" },
  { value: "FORSALE", label: "For Sale" },
  { value: "PROCESSING", label: "Processing Sale" },
  { value: "SOLD", label: "Sold" },
];
const TABS = [
  { value: "fleet", label: "Fleet" },
  { value: "customer", label: "External Customer Vehicles" },
];
/** 000 §9: purchase type filter values, default ALL (labels as the finance types are named on the vehicle screen). */
const PURCHASE_TYPES = [
  ["ALL", "All"],
  ["NONE", "None"],
  ["HIRE_AGREEMENT", "Hire Agreement"],
  ["REGULAR", "Fixed Rate"],
  ["LEASE_AGREEMENT", "Lease Agreement"],
  ["FIXED_MONTHLY_CAPITAL", "Variable Rate"],
  ["STOCKING_PLAN", "Stocking Plan"],
] as const;
/** The nine columns with a typeahead filter (000 §2), as the API names them. */
const COLUMN_FILTERS = ["make", "model", "type", "owner", "key", "supplier", "reserve_customer", "month_due", "delivery_date"] as const;
type FilterColumn = (typeof COLUMN_FILTERS)[number];
const COUNT_BOX: Array<[string, string]> = [
  ["ACTIVE", "ACTIVE"],
  ["FORSALE", "FOR SALE"],
  ["PROCESSING", "PROCESSING"],
  ["SOLD", "SOLD"],
  ["CUSTOMER", "CUSTOMER"],
  ["ORDERED", "ORDERED"],
  ["cap_zero", "Cap 0s"],
];

/**
 * Columns of each sub-tab (and of the customer tab): what staff look at in
 * each stage of a vehicle's life. Ordering and arrival carry the three
 * inline dates; hire-ready rows the Hire Contract button. (The spec says
 * each sub-tab has its own columns without listing them: docs/decisions.md.)
 */
const TAB_COLUMNS: Record<string, string[]> = {
  EQUIPMENT: ["registration", "fleet_number", "make", "model", "type", "department", "location", "key", "owner"],
  all: ["registration", "fleet_number", "vehicle_status", "make", "model", "type", "department", "key", "owner"],
  ORDERED: ["registration", "make", "model", "type", "supplier", "order_number", "ordered_date", "month_due", "delivery_date", "deposit_allocated_date", "reserve_customer"],
  ARRIVING: ["registration", "make", "model", "type", "supplier", "ordered_date", "month_due", "delivery_date", "deposit_allocated_date", "reserve_customer"],
  ACTIVE: ["registration", "fleet_number", "make", "model", "type", "department", "mileage", "location", "key", "owner"],
  HIREREADY: ["registration", "fleet_number", "make", "model", "type", "mileage", "location", "key", "hire"],
  FORSALE: ["registration", "fleet_number", "make", "model", "type", "mileage", "cap_retail", "location", "key", "reserve_customer"],
  PROCESSING: ["registration", "fleet_number", "make", "model", "type", "owner", "reserve_customer", "key", "date_sold"],
  SOLD: ["registration", "fleet_number", "make", "model", "type", "owner", "date_sold"],
  CUSTOMER: ["registration", "make", "model", "type", "owner", "mileage", "location"],
};

const nameOf = (v: unknown, field = "name") => (v && typeof v === "object" ? String((v as Record<string, unknown>)[field] ?? "") : "");

/** Inline date edit (000 §2): saves the one field with the row's last_saved; empty saves null; a stale row gets the 409 message. */
function InlineDate({ row, field, label }: { row: Vehicle; field: string; label: string }) {
  const held = row[field];
  const stored = typeof held === "string" ? held : "";
  const [value, setValue] = useState(stored);
  // The date as last handed over: a two-digit year ('15/1/31') is handed over as the field is left, just before commit runs.
  const latest = useRef(stored);
  const take = (v: string) => {
    latest.current = v;
    setValue(v);
  };
  useEffect(() => {
    latest.current = stored;
    setValue(stored);
  }, [stored, row.last_saved]);
  const save = useApiMutation<Record<string, unknown>, ApiRecord>("PUT", `vehicles/${row.id}`, { resource: "vehicles", errorMessage: "There was an error" });
  const commit = () => {
    const date = latest.current;
    if (date === stored) return;
    save.mutate({ [field]: date || null, last_saved: row.last_saved }, { onError: () => take(stored) });
  };
  return (
    <DateField
      size="xs"
      w={140}
      aria-label={`${label} of ${row.registration}`}
      value={value}
      disabled={save.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={take}
      onBlur={commit}
      onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
    />
  );
}

function columnsFor(tab: string, list: ListController<Vehicle>, options: Record<string, FilterOption[]> | undefined): Column<Vehicle>[] {
  const filter = (key: FilterColumn, title: string, render: (v: Vehicle) => ReactNode, formatLabel?: (s: string) => string): Column<Vehicle> => ({
    key,
    header: <ListColumnFilter list={list} param={key} title={title} options={withOnlyBlanks(options?.[key])} formatLabel={formatLabel} />,
    render,
  });
  const all: Record<string, Column<Vehicle>> = {
    registration: {
      key: "registration",
      header: "Registration",
      render: (v) => (
        <Link to={`/editvehicle/${v.id}`} onClick={(e) => e.stopPropagation()}>
          {v.registration}
        </Link>
      ),
    },
    fleet_number: { key: "fleet_number", header: "Fleet no." },
    vehicle_status: { key: "vehicle_status", header: "Status" },
    department: { key: "department", header: "Department", render: (v) => nameOf(v.department) },
    location: { key: "location", header: "Location" },
    mileage: { key: "mileage", header: "Mileage", render: (v) => formatNumber(v.mileage) },
    order_number: { key: "order_number", header: "Order no." },
    cap_retail: { key: "cap_retail", header: "CAP retail", render: (v) => formatMoney(v.cap_retail) },
    date_sold: { key: "date_sold", header: "Date sold", render: (v) => formatDate(v.date_sold) },
    ordered_date: { key: "ordered_date", header: "Ordered", render: (v) => <InlineDate row={v} field="ordered_date" label="Ordered date" /> },
    deposit_allocated_date: { key: "deposit_allocated_date", header: "Deposit allocated", render: (v) => <InlineDate row={v} field="deposit_allocated_date" label="Deposit allocated date" /> },
    make: filter("make", "Make", (v) => nameOf(v.make)),
    model: filter("model", "Model", (v) => nameOf(v.model)),
    type: filter("type", "Type", (v) => nameOf(v.type)),
    owner: filter("owner", "Owner", (v) => nameOf(v.owner, "display_name")),
    key: filter("key", "Key", (v) => nameOf(v.key, "key_number")),
    supplier: filter("supplier", "Supplier", (v) => nameOf(v.vehicle_supplier, "display_name")),
    reserve_customer: filter("reserve_customer", "Reserved customer", (v) => nameOf(v.reserve_customer, "display_name")),
    month_due: filter("month_due", "Month due", (v) => formatDate(v.month_due), formatDate),
    delivery_date: filter("delivery_date", "Delivery date", (v) => <InlineDate row={v} field="delivery_date" label="Delivery date" />, formatDate),
    hire: {
      key: "hire",
      header: "",
      render: (v) => (
        <Button size="compact-xs" component={Link} to={`/editrental?initVehicle=${v.id}`} onClick={(e: MouseEvent) => e.stopPropagation()}>
          Hire Contract
        </Button>
      ),
    },
  };
  return TAB_COLUMNS[tab].map((k) => all[k]);
}

/** Column filters a tab has no column for: dropped when moving to it, so no hidden filter narrows the list. */
const hiddenFilters = (tab: string) => COLUMN_FILTERS.filter((c) => !TAB_COLUMNS[tab].includes(c));

/** /vehicles (000 §2 Vehicle list): tabs, sub-tabs, filters, count box and paging, all in the URL. */
/** Every column offers Only Blanks, even when no row of this answer is blank (it then finds none). */
function withOnlyBlanks(options: FilterOption[] | undefined): FilterOption[] | undefined {
  if (!options || options.some((o) => o.value === BLANK)) return options;
  return [...options, { value: BLANK, label: "Only Blanks", count: 0 }];
}

export function VehiclesListPage() {
  const navigate = useNavigate();
  const list = useListController<Vehicle>({
    resource: "vehicles",
    filters: ["tab", "vehicle_status", "department", "purchaseType", ...COLUMN_FILTERS],
    tabs: ["tab", "vehicle_status"],
    errorMessage: "There was an error",
  });
  const tab = list.filters.tab === "customer" ? "customer" : "fleet";
  const sub = tab === "customer" ? "CUSTOMER" : (list.filters.vehicle_status ?? "ACTIVE");
  const options = list.answer?.filter_list as Record<string, FilterOption[]> | undefined;
  const department = list.filters.department ?? "ALL";
  const counts = useApiGet<Record<string, number>>("vehicles/statuscounts", { department }, { errorMessage: "There was an error" });
  const columns = columnsFor(TAB_COLUMNS[sub] ? sub : "ACTIVE", list, options);

  return (
    <Page
      title="Vehicles"
      actions={
        <Button component={Link} to="/editvehicle">
          New Vehicle +
        </Button>
      }
    >
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListSearch list={list} placeholder="Registration or fleet no." buttons />
          <ListDepartmentFilter list={list} all="ALL" errorMessage="There was an error" />
          <NativeSelect
            label="Purchase type"
            size="xs"
            value={list.filters.purchaseType ?? "ALL"}
            onChange={(e) => list.setFilter("purchaseType", e.currentTarget.value === "ALL" ? null : e.currentTarget.value)}
            data={PURCHASE_TYPES.map(([value, label]) => ({ value, label }))}
          />
          <Group gap={6} aria-label="Vehicle counts" role="group">
            {COUNT_BOX.map(([k, label]) => (
              <Badge key={k} variant="light" size="lg" data-testid={`count-${k}`}>
                {label}: {counts.data?.[k] ?? 0}
              </Badge>
            ))}
          </Group>
          <CapUpload />
        </Group>
      </Paper>
      <ListTabs list={list} param="tab" tabs={TABS} label="Vehicle tabs" variant="tabs" resets={(t) => (t === "customer" ? ["vehicle_status", ...hiddenFilters("CUSTOMER")] : hiddenFilters("ACTIVE"))} />
      {tab === "fleet" && <ListTabs list={list} param="vehicle_status" tabs={SUB_TABS} label="Fleet sub-tabs" variant="pills" defaultValue="ACTIVE" resets={(s) => hiddenFilters(s)} />}
      <Stack gap="xs">
        <ListTable<Vehicle>
          label="Vehicles"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No vehicles found."
          columns={columns}
          renderRow={(v) => (
            <tr key={v.id} style={{ cursor: "pointer" }} onClick={() => navigate(`/editvehicle/${v.id}`)}>
              {columns.map((c) => (
                <td key={c.key}>{c.render ? c.render(v) : String(v[c.key] ?? "")}</td>
              ))}
            </tr>
          )}
        />
        <ListPager list={list} noun={["vehicle", "vehicles"]} />
      </Stack>
    </Page>
  );
}
