import { vehicle } from "../../../../core/fleet/definitions";
import { REQUIRED_VEHICLE_FIELDS, requiredVehicleField } from "../../../../core/fleet/rules";
import { COMPLIANCE_FIELDS } from "../../../../core/fleet/registration-rules";
import { fieldsFrom, recordOptions, type FieldDef, type FieldOverride, type SelectOption } from "../../platform/form";

/**
 * The vehicle edit screen's fields by section (000 §2, §3), in the spec's
 * order. Labels, kinds and bounds come from the vehicle's definition
 * (core/fleet/definitions.ts); this module adds only what the screen alone
 * knows (options, sections).
 */

const opt = (value: string, label: string): SelectOption => ({ value, label, apiValue: value });

export const STATUS_LABELS: Record<string, string> = {
  EQUIPMENT: "Equipment",
  ACTIVE: "Active",
  ORDERED: "Ordered",
  FORSALE: "For Sale",
  PROCESSING: "Processing Sale",
  SOLD: "Sold",
  CUSTOMER: "External Customer Vehicle",
};

export const makeOptions = recordOptions("vehiclemake", (r) => r.name);
export const typeOptions = recordOptions("vehicletype", (r) => r.name, { page_size: 100 });
export const departmentOptions = recordOptions("departments", (r) => r.name);

const labelOf = (name: string) => vehicle.fields.find((f) => f.name === name)!.label;

/** Contact references, picked with a typeahead (2+ characters); the form holds the id. */
export const CONTACT_REFS: Array<{ name: string; label: string; kind: "CC" | "SP" }> = (
  [
    ["owner", "CC"],
    ["hire_customer", "CC"],
    ["reserve_customer", "CC"],
    ["vehicle_supplier", "SP"],
    ["manufacturer_main_warranty_workshop", "SP"],
    ["driveline_warranty_workshop", "SP"],
    ["aftermarket_warranty_workshop", "SP"],
    ["rm_warranty_workshop", "SP"],
  ] as const
).map(([name, kind]) => ({ name, label: labelOf(name), kind }));

const keyOptions = recordOptions("keys", (k) => `${k.board ? `${k.board} ` : ""}${k.key_number}${k.vehicle ? ` (${k.vehicle.registration})` : ""}`);

type VehicleField = (typeof vehicle.fields)[number]["name"];

/**
 * Which fields are required, and with what message, comes from the vehicle
 * save rules in core/ (the server's own list): the screen's markers and its
 * checks before sending cannot drift from what the server refuses.
 */
const required: Partial<Record<VehicleField, FieldOverride>> = Object.fromEntries(
  REQUIRED_VEHICLE_FIELDS.map((r) => [r.field, { required: (values: Record<string, unknown>) => requiredVehicleField(r.field, values) }]),
);

const VEHICLE_FIELDS = fieldsFrom(vehicle, {
  ...required,
  make: { options: makeOptions },
  // model: its options follow the make (see the screen)
  type: { options: typeOptions },
  department: { options: departmentOptions },
  key: { options: keyOptions },
  spare_key: { options: keyOptions },
  vehicle_status: { options: Object.entries(STATUS_LABELS).map(([v, l]) => opt(v, l)) },
});

/** The defined fields of these names, in this order. */
const section = (...names: VehicleField[]): FieldDef[] => names.map((name) => VEHICLE_FIELDS.find((f) => f.name === name)!);

export const GENERAL: FieldDef[] = section(
  "registration",
  "make",
  "model",
  "variant",
  "vin_number",
  "type",
  "first_registration_date",
  "fleet_number",
  "mileage",
  "mileage_last_updated",
  "location",
  "department",
  "purchase_date",
  "courtesy_car",
);

export const CAP: FieldDef[] = section("cap_retail", "cap_clean", "cap_average", "cap_below", "cap_date");

export const FEATURES: FieldDef[] = section(
  "has_spare_key",
  "slam_lock",
  "slam_lock_number",
  "tyre_size",
  "radio_code",
  "service_pack",
  "camera",
  "log_book",
  "anti_drill_plate",
  "window_stickers",
  "fire_extinguisher",
  "body_serial_number",
  "tail_lift_serial_number",
  "gross_vehicle_weight",
  "payload",
  "oil_type",
  "oil_quantity",
);

/** Shown only when the status is CUSTOMER, SOLD or PROCESSING (000 §2). */
export const STATUS_BLOCK: FieldDef[] = section("lcv_sold", "date_sold", "customer_equipment");

export const WARRANTY_DATES: FieldDef[] = section("manufacturer_main_warranty_date", "driveline_warranty_date", "aftermarket_warranty_date", "rm_warranty_date");

export const TAX_SERVICE_INSURANCE: FieldDef[] = section("tax_expiry", "tax_cost", "service_interval", "qbe_ins", "daily_ins", "continue_maintenance", "annual_depreciation_rate");

export const KEYS: FieldDef[] = section("key", "spare_key");

export const ORDERING: FieldDef[] = section(
  "retail_price",
  "dealer_discount",
  "manufacturer_discount",
  "body_aux_price",
  "delivery_charge",
  "extra_cost",
  "ordered_date",
  "order_number",
  "deposit_to_be_paid",
  "deposit_allocated_date",
  "month_due",
  "delivery_date",
  "delivery_date_confirmed",
  "purchase_invoice_number",
  "depr",
  "status",
  "exchange_vehicle",
  "spec",
  "extras",
  "ordering_comments",
);

/** Registration details (issue 25): what a lookup fills from the DVLA and the DVSA, each field editable. */
// tax_expiry is drawn with tax, service and insurance above.
export const REGISTRATION_DETAILS: FieldDef[] = section(...COMPLIANCE_FIELDS.filter((f) => f !== "tax_expiry"));

export const RATES: FieldDef[] = section("first_day", "two_five_days", "six_twenty_seven_days", "twenty_eight_plus", "long_term_weekly");

export const STATUS_FIELD: FieldDef = section("vehicle_status")[0];

export const CONTACT_FIELDS: FieldDef[] = section(...CONTACT_REFS.map((c) => c.name as VehicleField));

export const ALL_FIELDS: FieldDef[] = [
  STATUS_FIELD,
  ...GENERAL,
  ...REGISTRATION_DETAILS,
  ...CAP,
  ...FEATURES,
  ...STATUS_BLOCK,
  ...WARRANTY_DATES,
  ...TAX_SERVICE_INSURANCE,
  ...KEYS,
  ...ORDERING,
  ...RATES,
  ...CONTACT_FIELDS,
];
