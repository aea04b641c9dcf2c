import { REQUIRED_VEHICLE_FIELDS, requiredVehicleField } from "../../../../core/fleet/rules";
import { recordOptions, type FieldDef, type SelectOption } from "../../platform/form";

/** The vehicle edit screen's fields by section (000 §2, §3), in the spec's order. */

const opt = (value: string, label: string): SelectOption => ({ value, label, apiValue: value });
const t = (name: string, label: string): FieldDef => ({ name, label, kind: "text" });
const d = (name: string, label: string): FieldDef => ({ name, label, kind: "date" });
const m = (name: string, label: string): FieldDef => ({ name, label, kind: "money" });
const n = (name: string, label: string): FieldDef => ({ name, label, kind: "number" });
const b = (name: string, label: string): FieldDef => ({ name, label, kind: "boolean" });

/**
 * Which fields are required, and with what message, comes from the vehicle
 * save rules in core/ (the server's own list): the screen's markers and its
 * checks before sending cannot drift from what the server refuses.
 */
const REQUIRED = new Set(REQUIRED_VEHICLE_FIELDS.map((r) => r.field));
const withRules = (fields: FieldDef[]): FieldDef[] => fields.map((f) => (REQUIRED.has(f.name) ? { ...f, required: (values) => requiredVehicleField(f.name, values) } : f));

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

/** Contact references, picked with a typeahead (2+ characters); the form holds the id. */
export const CONTACT_REFS: Array<{ name: string; label: string; kind: "CC" | "SP" }> = [
  { name: "owner", label: "Owner", kind: "CC" },
  { name: "hire_customer", label: "Hire customer", kind: "CC" },
  { name: "reserve_customer", label: "Reserved customer", kind: "CC" },
  { name: "vehicle_supplier", label: "Vehicle supplier", kind: "SP" },
  { name: "manufacturer_main_warranty_workshop", label: "Manufacturer main warranty workshop", kind: "SP" },
  { name: "driveline_warranty_workshop", label: "Driveline warranty workshop", kind: "SP" },
  { name: "aftermarket_warranty_workshop", label: "Aftermarket warranty workshop", kind: "SP" },
  { name: "rm_warranty_workshop", label: "RM warranty workshop", kind: "SP" },
];

export const GENERAL: FieldDef[] = withRules([
  t("registration", "Registration"),
  { name: "make", label: "Make", kind: "select", options: makeOptions },
  { name: "model", label: "Model", kind: "select" }, // options follow the make (see the screen)
  t("variant", "Variant"),
  t("vin_number", "VIN number"),
  { name: "type", label: "Type", kind: "select", options: typeOptions },
  d("first_registration_date", "First registration date"),
  t("fleet_number", "Fleet number"),
  { name: "mileage", label: "Mileage", kind: "integer" },
  d("mileage_last_updated", "Mileage last updated"),
  t("location", "Location"),
  { name: "department", label: "Department", kind: "select", options: departmentOptions },
  d("purchase_date", "Purchase date"),
  b("courtesy_car", "Courtesy car"),
]);

export const CAP: FieldDef[] = withRules([m("cap_retail", "CAP retail"), m("cap_clean", "CAP clean"), m("cap_average", "CAP average"), m("cap_below", "CAP below"), d("cap_date", "CAP date")]);

export const FEATURES: FieldDef[] = withRules([
  b("has_spare_key", "Has spare key"),
  b("slam_lock", "Slam lock"),
  t("slam_lock_number", "Slam lock number"),
  t("tyre_size", "Tyre size"),
  t("radio_code", "Radio code"),
  b("service_pack", "Service pack"),
  b("camera", "Camera"),
  b("log_book", "Log book"),
  b("anti_drill_plate", "Anti-drill plate"),
  b("window_stickers", "Window stickers"),
  b("fire_extinguisher", "Fire extinguisher"),
  t("body_serial_number", "Body serial number"),
  t("tail_lift_serial_number", "Tail lift serial number"),
  n("gross_vehicle_weight", "Gross vehicle weight (kg)"),
  n("payload", "Payload (kg)"),
  t("oil_type", "Oil type"),
  n("oil_quantity", "Oil quantity (litres)"),
]);

/** Shown only when the status is CUSTOMER, SOLD or PROCESSING (000 §2). */
export const STATUS_BLOCK: FieldDef[] = withRules([b("lcv_sold", "LCV sold"), d("date_sold", "Date sold"), { name: "customer_equipment", label: "Customer equipment", kind: "textarea" }]);

export const WARRANTY_DATES: FieldDef[] = withRules([
  d("manufacturer_main_warranty_date", "Manufacturer main warranty end"),
  d("driveline_warranty_date", "Driveline warranty end"),
  d("aftermarket_warranty_date", "Aftermarket warranty end"),
  d("rm_warranty_date", "RM warranty end"),
]);

export const TAX_SERVICE_INSURANCE: FieldDef[] = withRules([
  d("tax_expiry", "Tax expiry"),
  m("tax_cost", "Tax cost"),
  t("service_interval", "Service interval"),
  m("qbe_ins", "QBE insurance"),
  m("daily_ins", "Daily insurance"),
  b("continue_maintenance", "Continue maintenance"),
  { name: "annual_depreciation_rate", label: "Annual depreciation rate (%)", kind: "percent" },
]);

export const KEYS: FieldDef[] = withRules([
  { name: "key", label: "Key", kind: "select", options: recordOptions("keys", (k) => `${k.board ? `${k.board} ` : ""}${k.key_number}${k.vehicle ? ` (${k.vehicle.registration})` : ""}`) },
  { name: "spare_key", label: "Spare key", kind: "select", options: recordOptions("keys", (k) => `${k.board ? `${k.board} ` : ""}${k.key_number}${k.vehicle ? ` (${k.vehicle.registration})` : ""}`) },
]);

export const ORDERING: FieldDef[] = withRules([
  m("retail_price", "Retail price"),
  { name: "dealer_discount", label: "Dealer discount (%)", kind: "percent" },
  { name: "manufacturer_discount", label: "Manufacturer discount (%)", kind: "percent" },
  m("body_aux_price", "Body / aux price"),
  m("delivery_charge", "Delivery charge"),
  m("extra_cost", "Extra cost"),
  d("ordered_date", "Ordered date"),
  t("order_number", "Order number"),
  m("deposit_to_be_paid", "Deposit to be paid"),
  d("deposit_allocated_date", "Deposit allocated date"),
  d("month_due", "Month due"),
  d("delivery_date", "Delivery date"),
  b("delivery_date_confirmed", "Delivery date confirmed"),
  t("purchase_invoice_number", "Purchase invoice number"),
  n("depr", "Depreciation"),
  t("status", "Order status"),
  t("exchange_vehicle", "Exchange vehicle"),
  { name: "spec", label: "Spec", kind: "textarea" },
  { name: "extras", label: "Extras", kind: "textarea" },
  { name: "ordering_comments", label: "Ordering comments", kind: "textarea" },
]);

export const RATES: FieldDef[] = withRules([
  m("first_day", "First day"),
  m("two_five_days", "2-5 days (per day)"),
  m("six_twenty_seven_days", "6-27 days (per day)"),
  m("twenty_eight_plus", "28+ days (per day)"),
  m("long_term_weekly", "Long term weekly"),
]);

export const STATUS_FIELD: FieldDef = { name: "vehicle_status", label: "Status", kind: "select", options: Object.entries(STATUS_LABELS).map(([v, l]) => opt(v, l)) };

export const CONTACT_FIELDS: FieldDef[] = CONTACT_REFS.map((c) => ({ name: c.name, label: c.label, kind: "select" as const }));

export const ALL_FIELDS: FieldDef[] = [
  STATUS_FIELD,
  ...GENERAL,
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
