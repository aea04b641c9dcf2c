import { client } from "../support/api.js";

type Api = ReturnType<typeof client>;

/** Reference data a vehicle points at: makes, models, types, departments, contacts, defaults. */
export async function fleetReference(api: Api) {
  const ok = async (p: Promise<{ status: number; body: any }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const ford = await ok(api.post("vehiclemake", { name: "Ford" }));
  const vw = await ok(api.post("vehiclemake", { name: "Volkswagen" }));
  const transit = await ok(api.post("vehiclemodel", { name: "Transit Custom", make: ford.id }));
  const crafter = await ok(api.post("vehiclemodel", { name: "Crafter", make: vw.id }));
  const l1 = await ok(api.post("vehicletype", { name: "L1" }));
  const luton = await ok(api.post("vehicletype", { name: "Luton" }));
  const hire = await ok(api.post("createdepartment", { name: "DIRECT VAN HIRE" }));
  const rentals = await ok(api.post("createdepartment", { name: "RENTALS DIRECT" }));
  const sales = await ok(api.post("createdepartment", { name: "VAN SALES DIRECT" }));
  const acme = await ok(api.post("contacts", company("Acme Builders Ltd", "CC")));
  const bolt = await ok(api.post("contacts", company("Bolt Couriers", "CC")));
  const dealer = await ok(api.post("contacts", company("Northern Ford Dealers", "SP")));
  const garage = await ok(api.post("contacts", company("Midland Commercial Repairs", "SP")));
  await ok(api.put("appdefaults", { default_depreciation: 20 }));
  return { ford, vw, transit, crafter, l1, luton, hire, rentals, sales, acme, bolt, dealer, garage };
}

let seq = 0;
/** A valid fleet vehicle body with a fresh registration and fleet number. */
export function van(extra: Record<string, unknown> = {}) {
  seq++;
  const n = String(seq).padStart(3, "0");
  return {
    registration: `AB${String(10 + (seq % 80))} ${String.fromCharCode(65 + (seq % 26))}${String.fromCharCode(65 + ((seq * 7) % 26))}${String.fromCharCode(65 + ((seq * 3) % 26))}`,
    variant: "2.0 EcoBlue 130ps Trend",
    vin_number: `WF0XXXTTGXKA${String(seq).padStart(5, "0")}`,
    location: "Birmingham depot",
    fleet_number: `19${n}`,
    vehicle_status: "ACTIVE",
    ...extra,
  };
}

/** A complete customer or supplier (the contacts rules want every detail). */
export function company(display_name: string, contact_type: "CC" | "SP") {
  return {
    display_name,
    contact_type,
    partial_contact: false,
    company_name: display_name,
    company_email: "accounts@example.co.uk",
    company_phone: "0121 496 0000",
    company_phone_type: "Phone",
    company_phone_area_code: "0121",
    company_phone_country_code: "44",
    address_line1: "1 Trade Park",
    town: "Birmingham",
    region: "West Midlands",
    postcode: "B1 1AA",
    country: "United Kingdom",
    payment_term_days: 30,
    supplier_payment_terms: 30,
    workshop_account_code: "C001",
    labour_rate_markup: 0,
    parts_markup: 0,
  };
}

/** The answer's body of a call that must succeed; anything else fails the test with the answer. */
export async function ok(p: Promise<{ status: number; body: any }>) {
  const r = await p;
  if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A rental of `vehicle` for Acme in the rentals department, with the form's required inputs. */
export function booking(ref: Awaited<ReturnType<typeof fleetReference>>, vehicle: number | null, start: string, finish: string, extra: Record<string, unknown> = {}) {
  return {
    rental_type: "ST",
    status: "CONFIRMED",
    start_date: start,
    finish_date: finish,
    vehicle,
    customer: ref.acme.id,
    department: ref.rentals.id,
    start_mileage: 12000,
    first_day: 60,
    two_five_days: 45,
    six_twenty_seven_days: 35,
    twenty_eight_plus: 25,
    deposit: 250,
    deposit_paid_date: start,
    initial_payment: 100,
    initial_payment_date: start,
    ...extra,
  };
}
