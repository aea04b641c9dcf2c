import { Badge, Button, Group, NativeSelect, Paper, Select, Stack, Tabs, Text, TextInput } from "@mantine/core";
import type { MouseEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useApiGet, useApiMutation, useList, type ApiRecord } from "../../platform/api";
import { formatDate, formatMoney } from "../../platform/format";
import { ListPager, ListSearch, ListTable, useListController, type Column } from "../../platform/list";
import { Page } from "../../platform/page";

type Option = { value: string; label: string; count: number };
type Vehicle = ApiRecord & Record<string, any>;
type ListAnswer = { filter_list?: Record<string, Option[]> };

/** Fleet sub-tabs (000 §2) and the API's vehicle_status for each. */
const SUB_TABS = [
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
const PURCHASE_TYPES = [
  ["ALL", "All"],
  ["NONE", "None"],
  ["HIRE_AGREEMENT", "Hire Agreement"],
  ["REGULAR", "Fixed Rate"],
  ["LEASE_AGREEMENT", "Lease Agreement"],
  ["FIXED_MONTHLY_CAPITAL", "Variable Rate"],
  ["STOCKING_PLAN", "Stocking Plan"],
] as const;
const COLUMN_FILTERS = ["make", "model", "type", "owner", "key", "supplier", "reserve_customer", "month_due", "delivery_date"] as const;
const COUNT_BOX: Array<[string, string]> = [
  ["ACTIVE", "ACTIVE"],
  ["FORSALE", "FOR SALE"],
  ["PROCESSING", "PROCESSING"],
  ["SOLD", "SOLD"],
  ["CUSTOMER", "CUSTOMER"],
  ["ORDERED", "ORDERED"],
  ["cap_zero", "Cap 0s"],
];

const name = (v: unknown, field = "name") => (v && typeof v === "object" ? String((v as Record<string, unknown>)[field] ?? "") : "");

/** A header with its typeahead filter from filter_list (with 'Only Blanks'), bound to the URL. */
function FilterHeader({ title, column, options, value, onChange }: { title: string; column: string; options: Option[] | undefined; value: string | undefined; onChange: (v: string | null) => void }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700}>
        {title}
      </Text>
      <Select
        size="xs"
        searchable
        clearable
        placeholder="Filter"
        aria-label={`Filter ${title}`}
        data={(options ?? []).map((o) => ({ value: o.value, label: `${o.label} (${o.count})` }))}
        value={value ?? null}
        onChange={onChange}
        comboboxProps={{ withinPortal: true }}
        w={140}
        data-column={column}
      />
    </Stack>
  );
}

/** Inline date edit (000 §2): saves the one field with the row's last_saved; empty saves null. */
function InlineDate({ row, field, label }: { row: Vehicle; field: string; label: string }) {
  const save = useApiMutation<Record<string, unknown>, ApiRecord>("PUT", `vehicles/${row.id}`, { resource: "vehicles", errorMessage: "There was an error" });
  return (
    <TextInput
      size="xs"
      type="date"
      aria-label={`${label} of ${row.registration}`}
      defaultValue={row[field] ?? ""}
      onClick={(e) => e.stopPropagation()}
      onBlur={(e) => {
        const value = e.currentTarget.value || null;
        if (value !== (row[field] ?? null)) save.mutate({ [field]: value, last_saved: row.last_saved });
      }}
    />
  );
}

/** Columns per sub-tab: what staff look at in each stage of a vehicle's life. */
function columnsFor(tab: string, filterCol: (title: string, column: (typeof COLUMN_FILTERS)[number]) => Column<Vehicle>): Column<Vehicle>[] {
  const reg: Column<Vehicle> = { key: "registration", header: "Registration", render: (v) => <Link to={`/editvehicle/${v.id}`} onClick={(e) => e.stopPropagation()}>{v.registration}</Link> };
  const fleet: Column<Vehicle> = { key: "fleet_number", header: "Fleet no." };
  const make = { ...filterCol("Make", "make"), render: (v: Vehicle) => name(v.make) };
  const model = { ...filterCol("Model", "model"), render: (v: Vehicle) => name(v.model) };
  const type = { ...filterCol("Type", "type"), render: (v: Vehicle) => name(v.type) };
  const owner = { ...filterCol("Owner", "owner"), render: (v: Vehicle) => name(v.owner, "display_name") };
  const key = { ...filterCol("Key", "key"), render: (v: Vehicle) => name(v.key, "key_number") };
  const supplier = { ...filterCol("Supplier", "supplier"), render: (v: Vehicle) => name(v.vehicle_supplier, "display_name") };
  const reserved = { ...filterCol("Reserved customer", "reserve_customer"), render: (v: Vehicle) => name(v.reserve_customer, "display_name") };
  const monthDue = { ...filterCol("Month due", "month_due"), render: (v: Vehicle) => formatDate(v.month_due) };
  const delivery = { ...filterCol("Delivery date", "delivery_date"), render: (v: Vehicle) => <InlineDate row={v} field="delivery_date" label="Delivery date" /> };
  const status: Column<Vehicle> = { key: "vehicle_status", header: "Status" };
  const dept: Column<Vehicle> = { key: "department", header: "Department", render: (v) => name(v.department) };
  const location: Column<Vehicle> = { key: "location", header: "Location" };
  const mileage: Column<Vehicle> = { key: "mileage", header: "Mileage" };
  const capRetail: Column<Vehicle> = { key: "cap_retail", header: "CAP retail", render: (v) => formatMoney(v.cap_retail ?? 0) };
  const dateSold: Column<Vehicle> = { key: "date_sold", header: "Date sold", render: (v) => formatDate(v.date_sold) };
  const ordered: Column<Vehicle> = { key: "ordered_date", header: "Ordered", render: (v) => <InlineDate row={v} field="ordered_date" label="Ordered date" /> };
  const deposit: Column<Vehicle> = { key: "deposit_allocated_date", header: "Deposit allocated", render: (v) => <InlineDate row={v} field="deposit_allocated_date" label="Deposit allocated date" /> };
  const hire: Column<Vehicle> = {
    key: "hire",
    header: "",
    render: (v) => (
      <Button size="compact-xs" component={Link} to={`/editrental?initVehicle=${v.id}`} onClick={(e: MouseEvent) => e.stopPropagation()}>
        Hire Contract
      </Button>
    ),
  };
  switch (tab) {
    case "CUSTOMER":
      return [reg, make, model, type, owner, location];
    case "EQUIPMENT":
      return [reg, fleet, make, model, type, location, owner];
    case "all":
      return [reg, fleet, status, make, model, type, dept, key];
    case "ORDERED":
      return [reg, make, model, type, supplier, ordered, monthDue, deposit, reserved];
    case "ARRIVING":
      return [reg, make, model, type, supplier, delivery, reserved];
    case "HIREREADY":
      return [reg, fleet, make, model, type, location, key, hire];
    case "FORSALE":
      return [reg, fleet, make, model, mileage, capRetail, location];
    case "PROCESSING":
    case "SOLD":
      return [reg, fleet, make, model, owner, dateSold];
    default:
      return [reg, fleet, make, model, type, mileage, location, key, owner];
  }
}

/** /vehicles (000 §2 Vehicle list): tabs, sub-tabs, filters and paging, all in the URL. */
export function VehiclesListPage() {
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const tab = sp.get("tab") === "customer" ? "customer" : "fleet";
  const sub = sp.get("vehicle_status") ?? "ACTIVE";
  const apiStatus = sub === "ARRIVING" ? "ORDERED" : sub;
  const list = useListController<Vehicle>({
    resource: "vehicles",
    filters: ["department", "purchaseType", ...COLUMN_FILTERS],
    fixed: { tab, ...(tab === "fleet" ? { vehicle_status: apiStatus, ...(sub === "ARRIVING" ? { delivery_date_confirmed: true } : {}) } : {}) },
    errorMessage: "There was an error",
  });
  const answer = useList<Vehicle>("vehicles", list.params) as { data?: ListAnswer };
  const options = answer.data?.filter_list;
  const department = sp.get("department") ?? "ALL";
  const counts = useApiGet<Record<string, number>>(["vehicles", "statuscounts", department], "vehicles/statuscounts", { department });
  const departments = useList<ApiRecord & { name: string }>("departments", { page_size: 1000 });
  const setParam = (change: (n: URLSearchParams) => void) =>
    setSp((prev) => {
      const n = new URLSearchParams(prev);
      change(n);
      n.delete("page");
      return n;
    });
  const filterCol = (title: string, column: (typeof COLUMN_FILTERS)[number]): Column<Vehicle> => ({
    key: column,
    header: <FilterHeader title={title} column={column} options={options?.[column]} value={list.filters[column]} onChange={(v) => list.setFilter(column, v)} />,
  });
  const columns = columnsFor(tab === "customer" ? "CUSTOMER" : sub, filterCol);

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
          <ListSearch list={list} placeholder="Registration or fleet no." />
          <Button size="xs" variant="default" onClick={() => list.setSearch("")}>
            Clear
          </Button>
          <NativeSelect
            label="Department"
            size="xs"
            value={department}
            onChange={(e) => list.setFilter("department", e.currentTarget.value === "ALL" ? null : e.currentTarget.value)}
            data={[{ value: "ALL", label: "All departments" }, ...(departments.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.name }))]}
          />
          <NativeSelect
            label="Purchase type"
            size="xs"
            value={sp.get("purchaseType") ?? "ALL"}
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
        </Group>
      </Paper>
      <Tabs value={tab} onChange={(t) => setParam((n) => (t === "customer" ? (n.set("tab", "customer"), n.delete("vehicle_status")) : n.delete("tab")))}>
        <Tabs.List>
          <Tabs.Tab value="fleet">Fleet</Tabs.Tab>
          <Tabs.Tab value="customer">External Customer Vehicles</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === "fleet" && (
        <Tabs value={sub} onChange={(s) => setParam((n) => (s === "ACTIVE" ? n.delete("vehicle_status") : n.set("vehicle_status", s!)))} variant="pills">
          <Tabs.List aria-label="Fleet sub-tabs">
            {SUB_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} size="xs">
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
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
