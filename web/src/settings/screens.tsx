import type { ApiRecord, Page } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import type { FieldDef, FormErrors, FormValues, SelectOption } from "../platform/form";
import { DefaultsScreen } from "./DefaultsScreen";
import { JobTabWorkshops } from "./JobTabWorkshops";
import { TargetInForce } from "./TargetInForce";
import { TrackingCategories } from "./TrackingCategories";
import type { SettingsScreen, TableScreen } from "./types";

const name = (label = "Name"): FieldDef => ({ name: "name", label, kind: "text", required: "Name is required", minWidth: 200 });
const byName = (r: ApiRecord) => String(r.name ?? r.id);

/** Pence-level per-mile costs keep their precision: £0.015. */
const perMile = (v: unknown) => {
  if (v === null || v === undefined || v === "") return "";
  const n = Number(v);
  const places = Math.min(4, Math.max(2, (String(n).split(".")[1] ?? "").length));
  return `£${n.toFixed(places)}`;
};

const makeOptions: FieldDef["options"] = {
  queryKey: ["vehiclemake", "list", { page_size: 1000 }],
  path: "vehiclemake",
  query: { page_size: 1000 },
  toOptions: (d: Page<ApiRecord>) => d.results.map((m): SelectOption => ({ value: String(m.id), label: String(m.name), apiValue: m.id })),
};

type TrackingCategory = ApiRecord & { name: string; options: Array<{ id: number; name: string; status: string }> | null };
const trackingOptions: FieldDef["options"] = {
  queryKey: ["trackingcategory", "list", { page_size: 1000 }],
  path: "trackingcategory",
  query: { page_size: 1000 },
  toOptions: (d: Page<TrackingCategory>) =>
    d.results.flatMap((c) => (c.options ?? []).map((o): SelectOption => ({ value: String(o.id), label: `${c.name}: ${o.name}`, apiValue: { id: o.id, name: o.name } }))),
};

type TaxType = { tax_type: string; meaning: string; rate: number };
const taxTypeOptions: FieldDef["options"] = {
  queryKey: ["taxtypes"],
  path: "taxtypes",
  toOptions: (d: TaxType[]) => d.map((t): SelectOption => ({ value: t.tax_type, label: `${t.tax_type} (${t.meaning}, ${t.rate}%)`, apiValue: t.tax_type })),
};

const weeklyTargets: TableScreen = {
  kind: "table",
  key: "weekly-targets",
  title: "Weekly Targets",
  singular: "weekly target",
  resource: "target",
  createPath: "targetlatest",
  historyType: "target",
  fields: [
    { name: "weekly_target", label: "Weekly target", kind: "money", required: "Weekly target is required" },
    { name: "active_from", label: "Active from", kind: "date", required: "Active from date is required" },
    { name: "active_to", label: "Active to", kind: "date" },
  ],
  validate: (v: FormValues): FormErrors =>
    v.active_from && v.active_to && String(v.active_to) < String(v.active_from) ? { active_to: "Active to must not be before active from" } : {},
  messages: { load: "There was an error" },
  intro: TargetInForce,
  itemLabel: (r) => `${formatMoney(r.weekly_target)} from ${formatDate(r.active_from)}`,
};

export const SCREENS: SettingsScreen[] = [
  weeklyTargets,
  {
    kind: "table",
    key: "inspection-types",
    title: "Inspection Types",
    singular: "inspection type",
    resource: "inspectiontype",
    historyType: "inspectiontype",
    fields: [
      { name: "inspection_type", label: "Inspection type", kind: "text", required: "Inspection type is required", minWidth: 200 },
      { name: "reminder_days", label: "Reminder days", kind: "integer" },
      { name: "warning_days", label: "Warning days", kind: "integer" },
    ],
    itemLabel: (r) => String(r.inspection_type ?? r.id),
  },
  {
    kind: "table",
    key: "vehicle-types",
    title: "Vehicle Types",
    singular: "vehicle type",
    resource: "vehicletype",
    historyType: "vehicletype",
    fields: [name(), { name: "special_labour_rate", label: "Special labour rate", kind: "money" }, { name: "fixed_hire_costs", label: "Fixed hire costs", kind: "money" }],
    itemLabel: byName,
  },
  { kind: "custom", key: "defaults", title: "Defaults", component: DefaultsScreen },
  {
    kind: "table",
    key: "cost-centres",
    title: "Reporting Category/Cost Centres",
    singular: "cost centre",
    resource: "costcentre",
    historyType: "costcentre",
    fields: [name()],
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "quick-links",
    title: "Quick Links",
    singular: "quick link",
    resource: "quicklink",
    historyType: "quicklink",
    pageSize: 50,
    fields: [
      { name: "title", label: "Title", kind: "text", required: "Title is required", minWidth: 200 },
      { name: "url", label: "URL", kind: "url", required: "Enter a full web address (https://...)", minWidth: 300 },
    ],
    itemLabel: (r) => String(r.title ?? r.id),
  },
  { kind: "custom", key: "job-tab-workshops", title: "Job Tab Workshops", component: JobTabWorkshops },
  {
    kind: "table",
    key: "departments",
    title: "Departments",
    singular: "department",
    resource: "departments",
    createPath: "createdepartment",
    historyType: "department",
    all: true,
    fields: [
      name(),
      { name: "hide", label: "Hide", kind: "boolean", inAdd: false, saveImmediately: true },
      { name: "bank_name", label: "Bank name", kind: "text", inAdd: false },
      { name: "bank_account_name", label: "Bank account name", kind: "text", inAdd: false },
      { name: "bank_sort_code", label: "Sort code", kind: "text", inAdd: false, minWidth: 90 },
      { name: "bank_account_number", label: "Account number", kind: "text", inAdd: false, minWidth: 110 },
      { name: "registration_footer", label: "Registration footer", kind: "textarea", inAdd: false, minWidth: 240 },
    ],
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "fitters",
    title: "Fitters",
    singular: "fitter",
    resource: "fitter",
    createPath: "createfitter",
    historyType: "fitter",
    all: true,
    switches: [{ param: "show_hide", label: "Show hidden" }],
    fields: [name(), { name: "hidden", label: "Hidden", kind: "boolean", inAdd: false }],
    messages: { save: "There was an error", remove: "There was an error" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "tracker-types",
    title: "Vehicle Tracker Types",
    singular: "tracker type",
    resource: "vehicletrackertype",
    historyType: "vehicletrackertype",
    pageSize: 25,
    fields: [name(), { name: "cost", label: "Cost", kind: "money" }, { name: "upfront_cost", label: "Upfront cost", kind: "money" }],
    messages: { save: "There was an error", remove: "There was an error" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "vehicle-models",
    title: "Vehicle Models",
    singular: "vehicle model",
    resource: "vehiclemodel",
    historyType: "vehiclemodel",
    pageSize: 25,
    searchable: true,
    fields: [
      name(),
      { name: "make", label: "Make", kind: "select", options: makeOptions, minWidth: 150 },
      { name: "mileage_limit", label: "Mileage limit", kind: "integer" },
      { name: "day1_rate", label: "Day 1 rate", kind: "money" },
      { name: "day2_5_rate", label: "Day 2-5 rate", kind: "money" },
      { name: "day6_27_rate", label: "Day 6-27 rate", kind: "money" },
      { name: "day28_plus_rate", label: "Day 28+ rate", kind: "money" },
    ],
    messages: { save: "There was an error", remove: "There was an error" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "vehicle-makes",
    title: "Vehicle Makes",
    singular: "vehicle make",
    resource: "vehiclemake",
    historyType: "vehiclemake",
    fields: [
      name(),
      { name: "maintenance_cost_per_mile", label: "Maintenance cost per mile (£)", kind: "number", addDefault: 0.1, display: perMile },
      { name: "additional_depreciation_per_mile", label: "Additional depreciation per mile (£)", kind: "number", addDefault: 0.01, display: perMile },
    ],
    messages: { save: "There was an error", remove: "There was an error" },
    // Models show their make's name: renaming a make changes every model (001 §2.6).
    invalidates: ["vehiclemodel"],
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "rental-margins",
    title: "Rental Margins",
    singular: "rental margin",
    resource: "rentalmargin",
    historyType: "rentalmargin",
    fields: [name(), { name: "margin", label: "Margin (percent)", kind: "percent", required: "Margin is required", addDefault: 0.1 }],
    // 001 §5: the add box starts at 0.1 and resets to 40 after an add.
    afterAdd: { name: "", margin: 40 },
    messages: { save: "There was an error", remove: "There was an error" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "work-types",
    title: "Workshop Expense Charge Types",
    singular: "charge type",
    resource: "worktype",
    historyType: "worktype",
    fields: [name(), { name: "free_of_charge", label: "Free of charge", kind: "boolean" }, { name: "approval_needed", label: "Approval needed", kind: "boolean" }],
    messages: { save: "There was an error", remove: "There was an error" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "movement-rates",
    title: "Movement Rates",
    singular: "movement rate",
    resource: "movementrate",
    historyType: "movementrate",
    fields: [
      name(),
      { name: "cost_per_mile", label: "Cost per mile", kind: "money" },
      { name: "vehicle_cost", label: "Vehicle cost", kind: "money" },
      { name: "additional_time_cost", label: "Additional time cost", kind: "money" },
      { name: "callout_cost", label: "Callout cost", kind: "money" },
      { name: "comments", label: "Comments", kind: "textarea", minWidth: 220 },
    ],
    messages: { save: "There was an error saving this rate", remove: "There was an error deleting this rate" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "movement-types",
    title: "Movement Types",
    singular: "movement type",
    resource: "movementtype",
    historyType: "movementtype",
    fields: [
      name(),
      {
        name: "invoice_address",
        label: "Invoice address",
        kind: "select",
        options: [
          { value: "start", label: "Start", apiValue: "start" },
          { value: "end", label: "End", apiValue: "end" },
        ],
      },
      { name: "tracking_option", label: "Tracking option", kind: "select", options: trackingOptions, minWidth: 220 },
    ],
    messages: { save: "There was an error saving this type", remove: "There was an error deleting this type" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "payment-types",
    title: "Payment Types",
    singular: "payment type",
    resource: "paymenttype",
    historyType: "paymenttype",
    fields: [name()],
    messages: { save: "There was an error saving payment type", remove: "There was an error deleting a payment type" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "drivers",
    title: "Drivers",
    singular: "driver",
    resource: "drivers",
    historyType: "driver",
    fields: [name()],
    messages: { save: "There was an error saving this driver", remove: "There was an error deleting this driver" },
    itemLabel: byName,
  },
  {
    kind: "table",
    key: "nominal-codes",
    title: "Nominal Codes",
    singular: "nominal code",
    resource: "nominal",
    historyType: "nominal",
    pageSize: 25,
    searchable: true,
    fields: [
      { name: "name", label: "Name", kind: "text", minWidth: 180 },
      { name: "code", label: "Code", kind: "text", required: "Code Required", minWidth: 90 },
      { name: "type", label: "Type", kind: "text", minWidth: 120 },
      { name: "tax_type", label: "Tax type", kind: "select", options: taxTypeOptions, addDefault: "OUTPUT2", minWidth: 200, display: (v) => String(v ?? "") },
      { name: "bank_account_number", label: "Bank account number", kind: "text" },
      { name: "description", label: "Description", kind: "textarea", minWidth: 200 },
      { name: "enable_payments_to_account", label: "Enable payments to account", kind: "boolean" },
      { name: "show_in_expense_claims", label: "Show in expense claims", kind: "boolean" },
    ],
    messages: { save: "There was an error saving nominal code", remove: "Error when deleting nominal code" },
    itemLabel: (r) => `${r.code ?? ""} ${r.name ?? ""}`.trim(),
  },
  { kind: "custom", key: "tracking-categories", title: "Tracking Categories", component: TrackingCategories },
];

/** Side-list groups: the reference data of 001 §2.6, then accounting (003 §2). */
export const SCREEN_GROUPS: Array<{ label: string; keys: string[] }> = [
  { label: "Reference data", keys: SCREENS.filter((s) => s.key !== "nominal-codes" && s.key !== "tracking-categories").map((s) => s.key) },
  { label: "Accounting", keys: ["nominal-codes", "tracking-categories"] },
];
