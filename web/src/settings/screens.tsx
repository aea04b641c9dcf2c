import { queries, type ApiRecord, type Page } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import * as defs from "../../../core/settings/definitions";
import { fieldsFrom, type FieldDef, type FormErrors, type FormValues, type SelectOption } from "../platform/form";
import { DefaultsScreen } from "./DefaultsScreen";
import { JobTabWorkshops } from "./JobTabWorkshops";
import { TargetInForce } from "./TargetInForce";
import { TrackingCategories } from "./TrackingCategories";
import { trackingOptionSource } from "./trackingOptions";
import { XeroState } from "../accounts/XeroState";
import type { SettingsScreen, TableScreen } from "./types";

// Fields come from the reference types' definitions (core/settings/definitions.ts):
// labels, kinds, required messages and bounds are the server's. What follows each
// `fieldsFrom` is what only the screen knows.
const wideName = { name: { minWidth: 200 } };
const byName = (r: ApiRecord) => String(r.name ?? r.id);

/** Pence-level per-mile costs keep their precision: £0.015. */
const perMile = (v: unknown) => formatMoney(v, 4);

const makeOptions: FieldDef["options"] = {
  ...queries.list("vehiclemake", { page_size: 1000 }),
  toOptions: (d: Page<ApiRecord>) => d.results.map((m): SelectOption => ({ value: String(m.id), label: String(m.name), apiValue: m.id })),
};

// A movement type keeps its option as {id, name}.
const trackingOptions = trackingOptionSource((o) => ({ id: o.id, name: o.name }));

type TaxType = { tax_type: string; meaning: string; rate: number };
const taxTypeOptions: FieldDef["options"] = {
  ...queries.get("taxtypes"),
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
  fields: fieldsFrom(defs.weeklyTarget),
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
    fields: fieldsFrom(defs.inspectionType, { inspection_type: { minWidth: 200 } }),
    itemLabel: (r) => String(r.inspection_type ?? r.id),
  },
  {
    kind: "table",
    key: "vehicle-types",
    title: "Vehicle Types",
    singular: "vehicle type",
    resource: "vehicletype",
    historyType: "vehicletype",
    fields: fieldsFrom(defs.vehicleType, wideName),
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
    fields: fieldsFrom(defs.costCentre, wideName),
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
    fields: fieldsFrom(defs.quickLink, { title: { minWidth: 200 }, url: { minWidth: 300 } }),
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
    fields: fieldsFrom(defs.department, {
      ...wideName,
      hide: { inAdd: false, saveImmediately: true },
      bank_name: { inAdd: false },
      bank_account_name: { inAdd: false },
      bank_sort_code: { inAdd: false, minWidth: 90 },
      bank_account_number: { inAdd: false, minWidth: 110 },
      registration_footer: { inAdd: false, minWidth: 240 },
      xero_tracking_category: { inAdd: false, minWidth: 140 },
      xero_tracking_option: { inAdd: false, minWidth: 140 },
    }),
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
    fields: fieldsFrom(defs.fitter, { ...wideName, hidden: { inAdd: false } }),
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
    fields: fieldsFrom(defs.trackerType, wideName),
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
    fields: fieldsFrom(defs.vehicleModel, { ...wideName, make: { options: makeOptions, minWidth: 150 } }),
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
    // Costs per mile are entered as plain numbers: pence-level costs (£0.015) keep their places.
    fields: fieldsFrom(defs.vehicleMake, {
      ...wideName,
      maintenance_cost_per_mile: { kind: "number", addDefault: 0.1, display: perMile },
      additional_depreciation_per_mile: { kind: "number", addDefault: 0.01, display: perMile },
    }),
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
    fields: fieldsFrom(defs.rentalMargin, { ...wideName, margin: { addDefault: 0.1 } }),
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
    fields: fieldsFrom(defs.workType, wideName),
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
    fields: fieldsFrom(defs.movementRate, { ...wideName, comments: { minWidth: 220 } }),
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
    fields: fieldsFrom(defs.movementType, {
      ...wideName,
      invoice_address: {
        options: [
          { value: "start", label: "Start", apiValue: "start" },
          { value: "end", label: "End", apiValue: "end" },
        ],
      },
      tracking_option: { options: trackingOptions, minWidth: 220 },
    }),
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
    fields: fieldsFrom(defs.paymentType, wideName),
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
    fields: fieldsFrom(defs.driver, wideName),
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
    fields: fieldsFrom(defs.nominalCode, {
      name: { minWidth: 180 },
      code: { minWidth: 90 },
      type: { minWidth: 120 },
      tax_type: { options: taxTypeOptions, addDefault: "OUTPUT2", minWidth: 200, display: (v) => String(v ?? "") },
      description: { minWidth: 200 },
    }),
    messages: { save: "There was an error saving nominal code", remove: "Error when deleting nominal code" },
    itemLabel: (r) => `${r.code ?? ""} ${r.name ?? ""}`.trim(),
    // Each code's Xero state (its push after a save: docs/xero.md), read again after a save.
    rowActions: ({ row }) => <XeroState compact sourceType="nominal" sourceId={row.id} />,
    invalidates: ["xero"],
  },
  { kind: "custom", key: "tracking-categories", title: "Tracking Categories", component: TrackingCategories },
];

/** Side-list groups: the reference data of 001 §2.6, then accounting (003 §2). */
export const SCREEN_GROUPS: Array<{ label: string; keys: string[] }> = [
  { label: "Reference data", keys: SCREENS.filter((s) => s.key !== "nominal-codes" && s.key !== "tracking-categories").map((s) => s.key) },
  { label: "Accounting", keys: ["nominal-codes", "tracking-categories"] },
];
