import { answerExtras, defineFields } from "../platform/definition.js";
import { VEHICLE_STATUSES } from "./rules.js";

/**
 * The vehicle (000 §3, 001 §3 Vehicle as used by rentals), each field
 * declared once (docs/decisions.md "One definition per record type"):
 * vehicle.ts parses with its schema, web/src/fleet/edit/fields.ts draws and
 * checks its fields. Labels are the edit screen's labels.
 *
 * Registration, variant, VIN, location and fleet number are required by
 * the save rules (rules.ts REQUIRED_VEHICLE_FIELDS, checked in the spec's
 * order by checkVehicle), not here: a fleet number is required of fleet
 * vehicles only, so the screen takes the message from the rules with the
 * values as typed.
 */

const STATUS_MESSAGE = `Vehicle status must be one of ${VEHICLE_STATUSES.join(", ")}`;

export const vehicle = defineFields({
  // General details
  registration: { label: "Registration", kind: "text", max: 20 },
  make: { label: "Make", kind: "ref" },
  model: { label: "Model", kind: "ref" },
  variant: { label: "Variant", kind: "text", max: 200 },
  vin_number: { label: "VIN number", kind: "text", max: 50 },
  type: { label: "Type", kind: "ref" },
  first_registration_date: { label: "First registration date", kind: "date" },
  fleet_number: { label: "Fleet number", kind: "text", max: 20 },
  mileage: { label: "Mileage", kind: "mileage" },
  mileage_last_updated: { label: "Mileage last updated", kind: "date" },
  courtesy_car: { label: "Courtesy car", kind: "boolean" },
  location: { label: "Location", kind: "text", max: 200 },
  purchase_date: { label: "Purchase date", kind: "date" },
  // Every vehicle has a status (ACTIVE by default): an emptied one is refused with this message.
  vehicle_status: { label: "Status", kind: "choice", options: VEHICLE_STATUSES, message: STATUS_MESSAGE, required: STATUS_MESSAGE },
  department: { label: "Department", kind: "ref" },
  hire_customer: { label: "Hire customer", kind: "ref" },
  // Status / customer block
  owner: { label: "Owner", kind: "ref" },
  lcv_sold: { label: "LCV sold", kind: "boolean" },
  customer_equipment: { label: "Customer equipment", kind: "textarea", max: 2000 },
  date_sold: { label: "Date sold", kind: "date" },
  // Further details, features and keys
  key: { label: "Key", kind: "ref" },
  spare_key: { label: "Spare key", kind: "ref" },
  has_spare_key: { label: "Has spare key", kind: "boolean" },
  slam_lock: { label: "Slam lock", kind: "boolean" },
  slam_lock_number: { label: "Slam lock number", kind: "text", max: 50 },
  tyre_size: { label: "Tyre size", kind: "text", max: 50 },
  radio_code: { label: "Radio code", kind: "text", max: 50 },
  service_pack: { label: "Service pack", kind: "boolean" },
  camera: { label: "Camera", kind: "boolean" },
  log_book: { label: "Log book", kind: "boolean" },
  anti_drill_plate: { label: "Anti-drill plate", kind: "boolean" },
  window_stickers: { label: "Window stickers", kind: "boolean" },
  fire_extinguisher: { label: "Fire extinguisher", kind: "boolean" },
  body_serial_number: { label: "Body serial number", kind: "text", max: 100 },
  tail_lift_serial_number: { label: "Tail lift serial number", kind: "text", max: 100 },
  // The tracker on the vehicle: kept by tracker assignment (PUT vehicletracker/{id}), not by the vehicle save.
  tracker: { label: "Tracker", kind: "ref" },
  gross_vehicle_weight: { label: "Gross vehicle weight (kg)", kind: "number" },
  payload: { label: "Payload (kg)", kind: "number" },
  oil_type: { label: "Oil type", kind: "text", max: 50 },
  oil_quantity: { label: "Oil quantity (litres)", kind: "number" },
  // CAP valuation
  cap_retail: { label: "CAP retail", kind: "money" },
  cap_clean: { label: "CAP clean", kind: "money" },
  cap_average: { label: "CAP average", kind: "money" },
  // CAP below may be negative (a vehicle worth less than nothing at auction, e.g. after damage).
  cap_below: { label: "CAP below", kind: "money", signed: true },
  cap_date: { label: "CAP date", kind: "date" },
  // Warranty: end dates, each with its supplier (a workshop contact)
  manufacturer_main_warranty_date: { label: "Manufacturer main warranty end", kind: "date" },
  manufacturer_main_warranty_workshop: { label: "Manufacturer main warranty workshop", kind: "ref" },
  driveline_warranty_date: { label: "Driveline warranty end", kind: "date" },
  driveline_warranty_workshop: { label: "Driveline warranty workshop", kind: "ref" },
  aftermarket_warranty_date: { label: "Aftermarket warranty end", kind: "date" },
  aftermarket_warranty_workshop: { label: "Aftermarket warranty workshop", kind: "ref" },
  rm_warranty_date: { label: "RM warranty end", kind: "date" },
  rm_warranty_workshop: { label: "RM warranty workshop", kind: "ref" },
  // Tax, servicing and insurance
  tax_expiry: { label: "Tax expiry", kind: "date" },
  tax_cost: { label: "Tax cost", kind: "money" },
  service_interval: { label: "Service interval", kind: "text", max: 100 },
  qbe_ins: { label: "QBE insurance", kind: "money" },
  daily_ins: { label: "Daily insurance", kind: "money" },
  continue_maintenance: { label: "Continue maintenance", kind: "boolean" },
  // Ordering info
  retail_price: { label: "Retail price", kind: "money" },
  dealer_discount: { label: "Dealer discount (%)", kind: "percent" },
  manufacturer_discount: { label: "Manufacturer discount (%)", kind: "percent" },
  body_aux_price: { label: "Body / aux price", kind: "money" },
  delivery_charge: { label: "Delivery charge", kind: "money" },
  extra_cost: { label: "Extra cost", kind: "money" },
  spec: { label: "Spec", kind: "textarea", max: 4000 },
  ordered_date: { label: "Ordered date", kind: "date" },
  order_number: { label: "Order number", kind: "text", max: 100 },
  deposit_to_be_paid: { label: "Deposit to be paid", kind: "money" },
  deposit_allocated_date: { label: "Deposit allocated date", kind: "date" },
  month_due: { label: "Month due", kind: "date" },
  delivery_date: { label: "Delivery date", kind: "date" },
  delivery_date_confirmed: { label: "Delivery date confirmed", kind: "boolean" },
  purchase_invoice_number: { label: "Purchase invoice number", kind: "text", max: 100 },
  ordered_purchase_price: { label: "Ordered purchase price", kind: "money" },
  vehicle_supplier: { label: "Vehicle supplier", kind: "ref" },
  depr: { label: "Depreciation", kind: "number" },
  status: { label: "Order status", kind: "text", max: 100 },
  reserve_customer: { label: "Reserved customer", kind: "ref" },
  exchange_vehicle: { label: "Exchange vehicle", kind: "text", max: 200 },
  extras: { label: "Extras", kind: "textarea", max: 4000 },
  ordering_comments: { label: "Ordering comments", kind: "textarea", max: 4000 },
  annual_depreciation_rate: { label: "Annual depreciation rate (%)", kind: "percent" },
  // Hire rates on the vehicle (weekend, one_week, six_twenty_seven_week are derived)
  first_day: { label: "First day", kind: "money" },
  two_five_days: { label: "2-5 days (per day)", kind: "money" },
  six_twenty_seven_days: { label: "6-27 days (per day)", kind: "money" },
  twenty_eight_plus: { label: "28+ days (per day)", kind: "money" },
  long_term_weekly: { label: "Long term weekly", kind: "money" },
  one_week: { label: "One week", kind: "money" },
  six_twenty_seven_week: { label: "6-27 weeks (per week)", kind: "money" },
  weekend: { label: "Weekend", kind: "money" },
  // Registration lookup (issue 25, docs/compliance.md): filled from the DVLA and the DVSA when staff accept them.
  colour: { label: "Colour", kind: "text", max: 60 },
  fuel_type: { label: "Fuel type", kind: "text", max: 60 },
  engine_capacity: { label: "Engine capacity (cc)", kind: "integer" },
  year_of_manufacture: { label: "Year of manufacture", kind: "integer" },
  first_used_date: { label: "First used date", kind: "date" },
  tax_status: { label: "Tax status", kind: "text", max: 60 },
  mot_status: { label: "MOT status", kind: "text", max: 60 },
  mot_expiry: { label: "MOT expiry", kind: "date" },
  co2_emissions: { label: "CO2 emissions (g/km)", kind: "integer" },
  euro_status: { label: "Euro status", kind: "text", max: 60 },
  type_approval: { label: "Type approval", kind: "text", max: 60 },
  revenue_weight: { label: "Revenue weight (kg)", kind: "integer" },
  marked_for_export: { label: "Marked for export", kind: "boolean" },
  // Workshop's next job for the vehicle, shown on the edit screen.
  upcoming_job: { label: "Upcoming job", kind: "text", max: 500 },
  // Purchases, finance agreements and sale details: lines of the vehicle (`VehicleLines`).
});
/** What a vehicle's answer carries besides its fields (its purchase type, inspections, images and remaining capital, service.ts): a save drops them. */
export const vehicleExtras = answerExtras({ purchase_type: "text", inspections: "object", images: "object", remaining_capital: "number" });


// The inspection (and its extras) has a module of its own: rules.ts reads its lock flags without this module's vehicle.
export { inspection, inspectionExtras } from "./inspection-definitions.js";

/** A key hook (000 §3 Other records): keys.ts parses with its schema, the key hooks table draws its fields. */
export const keyHook = defineFields({
  key_number: { label: "Key number", kind: "text", required: "Key number is required", max: 20 },
  board: { label: "Board", kind: "text", max: 50 },
  spare: { label: "Spare key hook", kind: "boolean" },
});

/**
 * A vehicle tracker (000 §3 Other records): trackers.ts parses with its
 * schema (an IMEI sent as a number taken as its text), the trackers table
 * draws its fields. Its vehicle and assigned date are set by assigning it.
 */
export const tracker = defineFields({
  imei: { label: "IMEI", kind: "text", required: "IMEI is required", max: 30 },
  type: { label: "Type", kind: "ref" },
  vehicle: { label: "Vehicle", kind: "ref" },
  date_assigned: { label: "Assigned", kind: "date" },
  date_activated: { label: "Activated", kind: "date" },
  date_deactivated: { label: "Deactivated", kind: "date" },
});

/** What a tracker's answer carries besides its fields (whether it is active): a save drops it. */
export const trackerExtras = answerExtras({ active: "boolean" });

