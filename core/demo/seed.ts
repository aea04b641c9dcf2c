import * as S from "../settings/index.js";
import { Contact } from "../contacts/index.js";
import { liveCount } from "../platform/ids.js";
import { addDays, todayInLondon } from "../platform/dates.js";
import { Key, Trackers, Vehicles } from "../fleet/all.js";

const by = "demo-data";

/** The demo departments, in id order (1 DIRECT VAN HIRE ... 5 RENTALS DIRECT); the Xero "Department" tracking category has an option each, in the same order. */
export const DEPARTMENTS = ["DIRECT VAN HIRE", "RAPID FIT", "PARTS DIRECT", "VAN SALES DIRECT", "RENTALS DIRECT"] as const;

/**
 * Demo reference data for a first local start: what a UK van hire,
 * workshop and sales business sets up on day one. Runs only on an empty
 * database, so it never overwrites what staff have entered.
 */
export async function seedDemoData(): Promise<boolean> {
  if ((await liveCount("department")) > 0) return false;

  // Departments: the trading departments; PARTS DIRECT is id 3 (default for new part orders). RENTALS DIRECT,
  // the rentals department and a new vehicle's default (000 §1, §9), comes last so the earlier ids stay.
  for (const name of DEPARTMENTS)
    await S.Department.create({ name, hide: false, bank_name: "Barclays Bank", bank_account_name: name, bank_sort_code: "20-00-00", bank_account_number: "00000000", registration_footer: `${name} is a trading name. Registered in England and Wales. VAT registered.` }, by);
  // Cost centres (reporting categories); Vehicles is id 4, the default for vehicle sale payments.
  for (const name of ["Workshop", "Rentals", "Part Orders", "Vehicles", "Misc"]) await S.CostCentre.create({ name }, by);

  const types: Array<[string, number, number]> = [
    ["L1", 55, 35], ["L2", 55, 38], ["L3", 60, 42], ["L4", 60, 45], ["Car", 50, 25],
    ["Low Loader", 75, 80], ["Truck", 75, 90], ["Luton", 65, 55], ["Recovery", 80, 95],
  ];
  for (const [name, special_labour_rate, fixed_hire_costs] of types) await S.VehicleType.create({ name, special_labour_rate, fixed_hire_costs }, by);

  for (const [inspection_type, reminder_days, warning_days] of [["MOT", 30, 14], ["Service", 30, 14], ["Safety Inspection (PMI)", 14, 7], ["Tachograph", 30, 14], ["LOLER", 30, 14]] as const)
    await S.InspectionType.create({ inspection_type, reminder_days, warning_days }, by);

  for (const [name, free_of_charge, approval_needed] of [["Service", false, false], ["Repair", false, false], ["Warranty", true, false], ["Insurance Work", false, true], ["Internal", false, false]] as const)
    await S.WorkType.create({ name, free_of_charge, approval_needed }, by);

  for (const name of ["BACS", "CASH", "CARD", "DIRECT DEBIT"]) await S.PaymentType.create({ name }, by);

  const makes: Record<string, number> = {};
  for (const [name, m, d] of [["Ford", 0.1, 0.01], ["Vauxhall", 0.1, 0.01], ["Mercedes-Benz", 0.12, 0.015], ["Volkswagen", 0.11, 0.012], ["Renault", 0.1, 0.01]] as const)
    makes[name] = (await S.VehicleMake.create({ name, maintenance_cost_per_mile: m, additional_depreciation_per_mile: d }, by)).id;
  const models: Array<[string, string, number, number, number, number, number]> = [
    ["Transit Custom", "Ford", 120000, 65, 55, 45, 35],
    ["Transit L3H2", "Ford", 120000, 75, 65, 52, 40],
    ["Vivaro", "Vauxhall", 110000, 60, 50, 42, 33],
    ["Sprinter", "Mercedes-Benz", 150000, 85, 72, 58, 45],
    ["Crafter", "Volkswagen", 140000, 80, 68, 55, 42],
    ["Master Luton", "Renault", 120000, 90, 78, 62, 48],
  ];
  for (const [name, make, mileage_limit, day1_rate, day2_5_rate, day6_27_rate, day28_plus_rate] of models)
    await S.VehicleModel.create({ name, make: makes[make], mileage_limit, day1_rate, day2_5_rate, day6_27_rate, day28_plus_rate }, by);

  for (const [name, margin] of [["Standard", 40], ["Trade", 30], ["Contract", 25]] as const) await S.RentalMargin.create({ name, margin }, by);
  for (const [name, cost, upfront_cost] of [["Standard GPS", 9.99, 50], ["Immobiliser GPS", 14.99, 120]] as const) await S.TrackerType.create({ name, cost, upfront_cost }, by);
  for (const name of ["Dave Smith", "Jas Patel", "Tom Evans"]) await S.Fitter.create({ name, hidden: false }, by);
  for (const name of ["Lee Walker", "Sam Brooks"]) await S.Driver.create({ name }, by);
  await S.MovementRate.create({ name: "Standard delivery", cost_per_mile: 1.2, vehicle_cost: 25, additional_time_cost: 20, callout_cost: 45, comments: "Per vehicle moved" }, by);
  await S.MovementRate.create({ name: "Trade plate", cost_per_mile: 0.9, vehicle_cost: 15, additional_time_cost: 18, callout_cost: 35, comments: null }, by);

  const deptCategory = await S.TrackingCategory.create(
    await S.withOptionIds({ name: "Department", status: "ACTIVE", options: DEPARTMENTS.map((name) => ({ name, status: "ACTIVE" })) }),
    by,
  );
  const options = (deptCategory as { options: Array<{ id: number; name: string }> }).options;
  await S.MovementType.create({ name: "Delivery", invoice_address: "end", tracking_option: { id: options[0].id, name: options[0].name } }, by);
  await S.MovementType.create({ name: "Collection", invoice_address: "start", tracking_option: { id: options[0].id, name: options[0].name } }, by);

  const nominals: Array<[string, string, string, string]> = [
    ["090", "Business Bank Account", "BANK", "NONE"],
    ["200", "Sales - Hire", "REVENUE", "OUTPUT2"],
    ["201", "Sales - Workshop", "REVENUE", "OUTPUT2"],
    ["202", "Sales - Vehicles", "REVENUE", "OUTPUT2"],
    ["203", "Sales - Parts", "REVENUE", "OUTPUT2"],
    ["204", "Sales - Movements", "REVENUE", "OUTPUT2"],
    ["260", "Other Revenue", "REVENUE", "EXEMPTOUTPUT"],
    ["300", "Parts Purchases", "DIRECTCOSTS", "INPUT2"],
    ["310", "Vehicle Purchases", "DIRECTCOSTS", "INPUT2"],
    ["320", "Subcontracted Workshop", "DIRECTCOSTS", "INPUT2"],
    ["404", "Bank Fees", "EXPENSE", "EXEMPTINPUT"],
    ["425", "Fuel", "EXPENSE", "INPUT2"],
    ["433", "Insurance", "EXPENSE", "EXEMPTINPUT"],
    ["449", "Motor Vehicle Expenses", "EXPENSE", "INPUT2"],
    ["469", "Rent", "EXPENSE", "INPUT2"],
    ["473", "Repairs and Maintenance", "EXPENSE", "INPUT2"],
    ["489", "Telephone & Internet", "EXPENSE", "INPUT2"],
    ["820", "VAT", "CURRLIAB", "NONE"],
  ];
  for (const [code, name, type, tax_type] of nominals) await S.NominalCode.create({ code, name, type, tax_type }, by);

  await S.QuickLink.create({ title: "DVLA vehicle enquiry", url: "https://vehicleenquiry.service.gov.uk/" }, by);
  await S.QuickLink.create({ title: "HMRC VAT online", url: "https://www.gov.uk/log-in-register-hmrc-online-services" }, by);
  await S.AppDefaults.save({ default_depreciation: 20, default_labour_estimate_rate: 55, default_parts_markup: 25 }, by);
  await S.WeeklyTarget.create({ weekly_target: 25000, active_from: "2026-01-05", active_to: null }, by);

  await seedContacts();
  await seedFleet();
  await seedRentals();
  await seedLookups();
  await seedPartOrders(options);
  await (await import("../accounts/demo.js")).seedTransactionsDemo(by);
  await (await import("./work-approvals.js")).seedWorkApprovals();
  await seedPayments();
  await seedInvoices();
  return true;
}

/**
 * Demo invoices and a credit note (003 §2 Invoicing page, Credit Notes):
 * one of each source in each state for Acme, so every activeView and view
 * has rows, an approved one with a credit note, and Acme's balance moved
 * by them.
 */
async function seedInvoices() {
  const { Invoices, Credits } = await import("../accounts/index.js");
  const today = todayInLondon();
  const acme = ((await Contact.listIn("type#CC#active", { page: 1, page_size: 1, search: "acme" })).results[0] as { id: number }).id;
  const depts = new Map(((await S.Department.all()) as Array<{ id: number; name: string }>).map((d) => [d.name, d.id]));
  const codes = new Map(((await S.NominalCode.all()) as Array<{ id: number; code: string }>).map((n) => [n.code, n.id]));
  const who = { email: by, given_name: "Demo", family_name: "Data" };
  const sources = [
    ["HIRE", "DIRECT VAN HIRE", "200", "Monthly hire, Mercedes Sprinter MX72 RFA", 740],
    ["MOVEMENT", "DIRECT VAN HIRE", "204", "Delivery to Acme site, Coventry", 112],
    ["SALES", "VAN SALES DIRECT", "202", "Sale of Mercedes Sprinter KP18 ZTA", 9250],
    ["ORDER", "PARTS DIRECT", "203", "Brake pads and discs for customer van", 186.4],
  ] as const;
  for (const [src, dept, code, description, amount] of sources) {
    const base = { src, customer: acme, department: depts.get(dept) ?? null, vat_nominal_code: codes.get(code) ?? null, description, amount, no_vat_amount: 0 };
    await Invoices.raise({ ...base, invoice_date: today }, by);
    const ready = await Invoices.raise({ ...base, description: `${description} (ready)`, invoice_date: addDays(today, -7) }, by);
    await Invoices.ready([{ id: ready.id as number, last_saved: ready.last_saved }], by);
    const approved = await Invoices.raise({ ...base, description: `${description} (approved)`, invoice_date: addDays(today, -40) }, by);
    const r = (await Invoices.ready([{ id: approved.id as number, last_saved: approved.last_saved }], by)).results[0] as { id: number; last_saved: string };
    const done = (await Invoices.approve([{ id: r.id, last_saved: r.last_saved }], who)).results[0] as { id: number };
    if (src === "MOVEMENT" || src === "SALES") {
      const c = (await Credits.create({ invoice: done.id, amount: 10, description: "Goodwill credit", date_issued: today, vat_nominal_code: codes.get(code) }, by)) as { id: number; last_saved: string };
      if (src === "SALES") {
        const cr = (await Credits.ready([{ id: c.id, last_saved: c.last_saved }], by)).results[0] as { id: number; last_saved: string };
        await Credits.approve([{ id: cr.id, last_saved: cr.last_saved }], who);
      }
    }
  }
}

/**
 * Demo rentals around today (001): a short hire on now, a long-term
 * contract, next week's quote and a finished hire with off-hire charges,
 * so the rentals views, the calendar and the dashboard show figures.
 */
async function seedRentals() {
  const { Rentals } = await import("../hire/all.js");
  const today = todayInLondon();
  const reg = async (r: string) => ((await Vehicles.search(r)).results[0] as { id: number } | undefined)?.id ?? null;
  const contact = async (name: string) => ((await Contact.listIn("type#CC#active", { page: 1, page_size: 1, search: name })).results[0] as { id: number } | undefined)?.id ?? null;
  const acme = await contact("acme");
  const bright = await contact("brightside");
  const depts = new Map(((await S.Department.all()) as Array<{ id: number; name: string }>).map((d) => [d.name, d.id]));
  const dvh = depts.get("DIRECT VAN HIRE") ?? null;
  const rates = { first_day: 65, two_five_days: 55, six_twenty_seven_days: 45, twenty_eight_plus: 38 };
  const base = { department: dvh, deposit: 250, initial_payment: 100, insurer: "Aviva", policy_name: "Fleet hire cover", policy_number: "AV-22831", insurance_daily: 6.5 };
  const plan = [
    { status: "CONFIRMED", rental_type: "ST", vehicle: await reg("yk23hva"), customer: acme, start_date: addDays(today, -2), finish_date: addDays(today, 4), start_mileage: 18250, ...rates },
    { status: "CONFIRMED", rental_type: "LT", vehicle: await reg("mx72rfa"), customer: acme, start_date: addDays(today, -30), finish_date: addDays(today, 334), start_mileage: 41200, long_term_weekly: 185, term: 52, mileage_allowance: 20000, invoice_interval: "MONTHLY", ...rates },
    { status: "QUOTE", rental_type: "ST", vehicle: await reg("yk23hvc"), customer: bright, start_date: addDays(today, 7), finish_date: addDays(today, 9), start_mileage: 9800, ...rates },
    { status: "CONFIRMED", rental_type: "ST", vehicle: await reg("bv21klm"), customer: bright, start_date: addDays(today, -20), finish_date: addDays(today, -14), start_mileage: 61000, off_hire_date: addDays(today, -14), off_hire_mileage: 61900, off_hire_excess_mileage: 120, excess_mileage_charge_per_mile: 0.15, off_hire_new_damage: 85, ...rates },
  ];
  for (const r of plan) {
    if (!r.vehicle || !r.customer) continue;
    await Rentals.create({ ...base, ...r, deposit_paid_date: r.start_date, initial_payment_date: r.start_date, insurance_expiry: addDays(today, 300) }, by);
  }
}

/**
 * Demo contacts, valid under the contact rules (003 §5): complete
 * suppliers the job-tab workshop search finds, full and partial customers
 * (the dashboard's Incomplete Contacts), and one deactivated customer.
 */
async function seedContacts() {
  const ukLandline = (area: string, number: string) => ({ company_phone: number, company_phone_type: "Phone" as const, company_phone_area_code: area, company_phone_country_code: "+44" });
  const suppliers: Array<[string, string, string, string, string, string]> = [
    ["Midland Commercial Repairs", "Unit 4, Tyseley Industrial Estate", "Birmingham", "West Midlands", "B11 2AA", "0121"],
    ["Northern Tyre & Exhaust", "12 Kirkstall Road", "Leeds", "West Yorkshire", "LS3 1HR", "0113"],
    ["Autoglass Fleet", "Binley Business Park", "Coventry", "West Midlands", "CV3 2TX", "024"],
  ];
  for (const [display_name, address_line1, town, region, postcode, area] of suppliers) {
    const domain = display_name.toLowerCase().replace(/[^a-z]+/g, "") + ".co.uk";
    await Contact.create(
      {
        display_name, contact_type: "SP", company_name: display_name, company_email: `accounts@${domain}`, ...ukLandline(area, "4960000"),
        address_line1, town, region, postcode, country: "United Kingdom",
        supplier_payment_terms: 30, supplier_payment_terms_start: "MONTH", supplier_labour_charge: 55, lcv_rate: 60,
        workshop_name: "Service desk", workshop_email: `workshop@${domain}`,
      },
      by,
    );
  }
  await Contact.create(
    {
      display_name: "Acme Builders Ltd", contact_type: "CC", partial_contact: false, company_name: "Acme Builders Ltd", company_email: "accounts@acmebuilders.co.uk",
      company_phone: "07700 900123", company_phone_type: "Mobile", company_phone_country_code: "+44",
      address_line1: "3 Pride Park", town: "Derby", region: "Derbyshire", postcode: "DE24 8HX", country: "United Kingdom",
      payment_term_days: 30, payment_terms: "30 days from invoice", credit_limit: 5000, opening_balance: 1250.5,
      hire_account_code: "01", workshop_account_code: "02", labour_rate_markup: 10, parts_markup: 15, weekly_target: 1500,
      first_name: "Priya", last_name: "Shah", contact_number: "07700 900123", email: "priya@acmebuilders.co.uk",
    },
    by,
  );
  await Contact.create(
    {
      display_name: "Brightside Cleaning", contact_type: "CC", company_name: "Brightside Cleaning Services", company_email: "office@brightsideclean.co.uk",
      company_phone: "0115 496 0456", company_phone_type: "Phone", hire_account_code: "01", town: "Nottingham",
    },
    by,
  );
  await Contact.create(
    {
      display_name: "Old Mill Joinery", contact_type: "CC", company_name: "Old Mill Joinery Ltd", company_email: "info@oldmilljoinery.co.uk",
      company_phone: "01332 496 789", company_phone_type: "Phone", workshop_account_code: "02", deactivated: true,
    },
    by,
  );
}

/**
 * Demo fleet (000): a dozen vans across every status, with key hooks,
 * trackers and inspections dated around today so the inspections screen
 * has red rows and bookings. Valid under the vehicle save rules.
 */
async function seedFleet() {
  const today = todayInLondon();
  const byName = <T extends { id: number }>(rows: T[], field: keyof T) => new Map(rows.map((r) => [String(r[field]), r.id]));
  const makes = byName(await S.VehicleMake.all(), "name");
  const models = byName(await S.VehicleModel.all(), "name");
  const types = byName(await S.VehicleType.all(), "name");
  const depts = byName(await S.Department.all(), "name");
  const inspectionTypes = byName(await S.InspectionType.all(), "inspection_type");
  const contacts = byName(await Contact.all(), "display_name");
  const trackerTypes = byName(await S.TrackerType.all(), "name");

  const hooks: number[] = [];
  for (let n = 1; n <= 16; n++) hooks.push((await Key.create({ key_number: String(n), board: n <= 12 ? "Office board" : "Workshop board", spare: n > 12 }, by)).id);

  const mot = (expiry: string, extra: Record<string, unknown> = {}) => ({ inspection_type: inspectionTypes.get("MOT"), date_completed: addDays(expiry, -365), expiry_date: expiry, comments: "MOT pass", ...extra });
  const pmi = (expiry: string, extra: Record<string, unknown> = {}) => ({ inspection_type: inspectionTypes.get("Safety Inspection (PMI)"), date_completed: addDays(expiry, -42), expiry_date: expiry, comments: "6-weekly PMI", ...extra });
  const regular = { finance_type: "REGULAR", finance_company: "Lombard", agreement_no: "LOM-22817", invoice_date: "2024-03-01", depreciation_start_date: "2024-03-05", finance_start_date: "2024-03-01", monthly_payment: 512.4, payment_term: 48, vehicle_purchase_price: 28950, purchase_price: 28950 };
  const hireIn = { finance_type: "HIRE_AGREEMENT", finance_company: "Northgate", hire_start_date: "2025-04-01", mileage_allowance: 25000, on_hire_mileage: 14, daily_rate: 38.5 };
  const cash = { finance_type: "NONE", invoice_date: "2023-09-12", depreciation_start_date: "2023-09-15", purchase_price: 21400 };

  const common = (n: number) => ({ location: n % 3 ? "Birmingham depot" : "Derby yard", first_day: 65, two_five_days: 55, six_twenty_seven_days: 45, twenty_eight_plus: 35, long_term_weekly: 240 });
  // Every fleet van has a purchase date (a few years back) and the active ones a purchase price, so the profit line and the fleet league read true (docs/finance.md "Formulas").
  const vans: Array<Record<string, unknown>> = [
    { registration: "YK23 HVA", fleet_number: "23001", vehicle_status: "ACTIVE", purchase_date: "2024-03-01", make: makes.get("Ford"), model: models.get("Transit Custom"), type: types.get("L1"), variant: "2.0 EcoBlue 130ps Trend", vin_number: "WF0YXXTTGYPA23001", department: depts.get("DIRECT VAN HIRE"), mileage: 18250, key: hooks[0], spare_key: hooks[12], has_spare_key: true, cap_retail: 19500, cap_clean: 18800, cap_average: 17400, cap_below: 15900, cap_date: addDays(today, -20), finance_agreements: [regular], inspections: [mot(addDays(today, 10)), pmi(addDays(today, 30))] },
    { registration: "YK23 HVB", fleet_number: "23002", vehicle_status: "ACTIVE", purchase_date: "2023-05-18", make: makes.get("Ford"), model: models.get("Transit L3H2"), type: types.get("L3"), variant: "2.0 EcoBlue 170ps Leader", vin_number: "WF0XXXTTGXPA23002", department: depts.get("DIRECT VAN HIRE"), mileage: 24110, key: hooks[1], courtesy_car: true, hire_customer: contacts.get("Acme Builders Ltd"), cap_retail: 23900, finance_agreements: [{ finance_type: "NONE", invoice_date: "2023-05-18", depreciation_start_date: "2023-05-22", vehicle_purchase_price: 31250, purchase_price: 31250 }], inspections: [mot(addDays(today, 200)), pmi(addDays(today, 5), { booked_in_date: addDays(today, 2), inspection_workshop: contacts.get("Midland Commercial Repairs") })] },
    { registration: "MX72 RFA", fleet_number: "22014", vehicle_status: "ACTIVE", purchase_date: "2025-04-01", make: makes.get("Mercedes-Benz"), model: models.get("Sprinter"), type: types.get("L4"), variant: "315 CDI L3 RWD", vin_number: "W1V9076351P422014", department: depts.get("RAPID FIT"), mileage: 41200, key: hooks[2], reserve_customer: contacts.get("Acme Builders Ltd"), finance_agreements: [hireIn], inspections: [mot(addDays(today, -3))] },
    { registration: "BV21 KLM", fleet_number: "21007", vehicle_status: "ACTIVE", purchase_date: "2023-09-12", make: makes.get("Vauxhall"), model: models.get("Vivaro"), type: types.get("L2"), variant: "2.0 Turbo D 120 Dynamic", vin_number: "VXEV7EHZ8MZ021007", department: depts.get("DIRECT VAN HIRE"), mileage: 61850, key: hooks[3], cap_retail: 0, finance_agreements: [cash], inspections: [mot(addDays(today, 90))] },
    { registration: "GN24 WLT", fleet_number: "24003", vehicle_status: "ORDERED", make: makes.get("Renault"), model: models.get("Master Luton"), type: types.get("Luton"), variant: "Luton Tail Lift 145ps", vin_number: "VF1MA000X24003", department: depts.get("DIRECT VAN HIRE"), ordered_date: addDays(today, -40), month_due: addDays(today, 25).slice(0, 8) + "01", retail_price: 38500, dealer_discount: 8, manufacturer_discount: 4, body_aux_price: 6250, delivery_charge: 750, extra_cost: 120, vehicle_supplier: contacts.get("Midland Commercial Repairs"), order_number: "ORD-5512" },
    { registration: "GN24 WLU", fleet_number: "24004", vehicle_status: "ORDERED", make: makes.get("Volkswagen"), model: models.get("Crafter"), type: types.get("L3"), variant: "CR35 2.0 TDI 140 Trendline", vin_number: "WV1ZZZSYZR9024004", department: depts.get("VAN SALES DIRECT"), ordered_date: addDays(today, -60), month_due: addDays(today, 10).slice(0, 8) + "01", delivery_date: addDays(today, 6), delivery_date_confirmed: true, deposit_to_be_paid: 2500, deposit_allocated_date: addDays(today, -30), retail_price: 41200, dealer_discount: 10 },
    { registration: "LD19 PXR", fleet_number: "19022", vehicle_status: "FORSALE", purchase_date: "2023-09-12", make: makes.get("Ford"), model: models.get("Transit Custom"), type: types.get("L1"), variant: "2.0 TDCi 105ps Base", vin_number: "WF0YXXTTGYKA19022", department: depts.get("VAN SALES DIRECT"), mileage: 98400, key: hooks[4], cap_retail: 9800, cap_clean: 9250, finance_agreements: [{ ...cash, external_list_price: 11495, advertised: 10995 }] },
    { registration: "LD19 PXS", fleet_number: "19023", vehicle_status: "PROCESSING", purchase_date: "2022-06-06", make: makes.get("Vauxhall"), model: models.get("Vivaro"), type: types.get("L2"), variant: "1.6 CDTi 120 Sportive", vin_number: "W0LJ7E6A6KV619023", department: depts.get("VAN SALES DIRECT"), mileage: 87110, key: hooks[5], owner: contacts.get("Acme Builders Ltd"), cap_retail: 8400 },
    { registration: "KP18 ZTA", fleet_number: "18031", vehicle_status: "SOLD", purchase_date: "2021-02-15", make: makes.get("Mercedes-Benz"), model: models.get("Sprinter"), type: types.get("L3"), variant: "314 CDI MWB", vin_number: "WDB9066332P818031", department: depts.get("VAN SALES DIRECT"), mileage: 132500, date_sold: addDays(today, -12), owner: contacts.get("Acme Builders Ltd") },
    { registration: "TRL 0042", fleet_number: "20042", vehicle_status: "EQUIPMENT", purchase_date: "2022-10-03", make: null, model: null, type: types.get("Low Loader"), variant: "Indespension 3.5t plant trailer", vin_number: "SCK3500TL20042", department: depts.get("RAPID FIT"), key: hooks[6] },
    { registration: "FH20 CUS", fleet_number: null, vehicle_status: "CUSTOMER", make: makes.get("Ford"), model: models.get("Transit Custom"), type: types.get("L2"), variant: "2.0 EcoBlue 130ps Limited", vin_number: "WF0YXXTTGYLA00077", owner: contacts.get("Brightside Cleaning"), customer_equipment: "Racking and water tank", mileage: 70250, inspections: [mot(addDays(today, 45))] },
    { registration: "YK23 HVC", fleet_number: "23005", vehicle_status: "ACTIVE", purchase_date: "2023-07-03", make: makes.get("Volkswagen"), model: models.get("Crafter"), type: types.get("L3"), variant: "CR35 2.0 TDI 140 Startline", vin_number: "WV1ZZZSYZP9023005", department: depts.get("DIRECT VAN HIRE"), mileage: 9800, key: hooks[7], cap_retail: 27400, finance_agreements: [{ finance_type: "NONE", invoice_date: "2023-07-03", depreciation_start_date: "2023-07-05", vehicle_purchase_price: 33900, purchase_price: 33900 }], manufacturer_main_warranty_date: addDays(today, 20), manufacturer_main_warranty_workshop: contacts.get("Midland Commercial Repairs"), inspections: [mot(addDays(today, 700)), pmi(addDays(today, 12))] },
  ];
  const saved: Array<Record<string, any>> = [];
  for (const [i, v] of vans.entries()) saved.push(await Vehicles.create({ ...common(i), ...v }, by));

  // Trackers: three on vans, one spare, one retired.
  const standard = trackerTypes.get("Standard GPS") ?? null;
  const immobiliser = trackerTypes.get("Immobiliser GPS") ?? null;
  const tracked: Array<[string, number | null, number | null]> = [
    ["356938035643801", standard, saved[0].id],
    ["356938035643802", immobiliser, saved[2].id],
    ["356938035643803", standard, saved[11].id],
    ["356938035643804", standard, null],
  ];
  for (const [imei, type, vehicle] of tracked)
    await Trackers.create({ imei, type, date_activated: addDays(today, -120), ...(vehicle ? { vehicle } : {}) }, by);
  await Trackers.create({ imei: "356938035643799", type: standard, date_activated: "2023-01-10", date_deactivated: addDays(today, -200) }, by);
}

/**
 * Demo Part Stock and Work Stock (002 §2 "Work and part lookups"): common
 * van parts with a supplier, costs and stock, and a few standard jobs
 * with their parts, for the job card's and quote's selectors.
 */
async function seedLookups() {
  const { createPartLookup, createWorkLookup } = await import("../workshop/lookups.js");
  const supplier = ((await Contact.listIn("type#SP#active", { page: 1, page_size: 1, search: "midland" })).results[0] as { id: number } | undefined)?.id ?? null;
  const parts: Array<[string, string, string, string, number, number]> = [
    ["Brake Pads Front", "BP-TC-F01", "Transit Custom", "L1", 38.5, 6],
    ["Brake Discs Front (pair)", "BD-TC-F02", "Transit Custom", "L1", 92, 2],
    ["Oil Filter", "OF-TC-100", "Transit Custom", "L1", 7.8, 12],
    ["Air Filter", "AF-TC-210", "Transit Custom", "L1", 14.25, 5],
    ["Cabin Pollen Filter", "PF-TC-330", "Transit Custom", "L1", 11.4, 4],
    ["Wiper Blade Set", "WB-SP-900", "Sprinter", "L3", 24.99, 8],
  ];
  const ids: Record<string, number> = {};
  for (const [name, part_number, model, vehicle_type, cost, stock_volume] of parts) {
    const make = model === "Sprinter" ? "Mercedes-Benz" : "Ford";
    ids[name] = ((await createPartLookup({ name, part_number, make, model, vehicle_type, supplier, cost, stock_volume }, by)) as { id: number }).id;
  }
  const works: Array<[string, number, number, number, string[]]> = [
    ["Front brake pads and discs", 1.5, 82.5, 112.5, ["Brake Pads Front", "Brake Discs Front (pair)"]],
    ["Minor service", 1, 55, 75, ["Oil Filter", "Air Filter"]],
    ["Major service", 2.5, 137.5, 187.5, ["Oil Filter", "Air Filter", "Cabin Pollen Filter"]],
  ];
  for (const [description, labour_hours, labour_cost, customer_labour_cost, with_parts] of works)
    await createWorkLookup({ description, labour_hours, labour_cost, customer_labour_cost, supplier, part_work_lookup: with_parts.map((n) => ({ id: ids[n] })) }, by);
}

/**
 * Demo part orders (002 §2 Part orders): a few in each status (ORDER,
 * QUOTE, COMPLETE, and a part enquiry with its job), so every view of
 * /partorders and the dashboard's Part Orders panel show something.
 */
async function seedPartOrders(options: Array<{ id: number; name: string }>) {
  const { PartOrders } = await import("../workshop/partorders.js");
  const staff = { email: "parts@demo.local", given_name: "Pat", family_name: "Parker" };
  const find = async (list: string, search: string) => ((await Contact.listIn(list, { page: 1, page_size: 1, search })).results[0] as { id: number } | undefined)?.id ?? null;
  const supplier = await find("type#SP#active", "midland");
  const customer = await find("type#CC#active", "acme");
  const option = options.find((o) => o.name === "PARTS DIRECT") ?? options[0];
  const tracking = { id: option.id, name: option.name };
  const part = (name: string, part_number: string, cost: number) => ({ name, part_number, supplier, cost, supplier_tracking_option: tracking, customer_tracking_option: tracking });
  const order = (status: string, customer_vehicle: string, order_number: string, description: string, parts: unknown[]) =>
    PartOrders.create({ status, customer, customer_vehicle, order_number, description, delivery_address: "3 Pride Park, Derby, DE24 8HX", parts }, staff);
  await order("ORDER", "DE19 KXP", "ACME-1041", "Service parts for the customer's Transit", [part("Oil Filter", "OF-TC-100", 7.8), part("Air Filter", "AF-TC-210", 14.25)]);
  await order("ORDER", "DE21 BNV", "ACME-1042", "Front brakes", [part("Brake Pads Front", "BP-TC-F01", 38.5), part("Brake Discs Front (pair)", "BD-TC-F02", 92)]);
  await order("ORDER", "NG68 TRW", "", "Wipers", [part("Wiper Blade Set", "WB-SP-900", 24.99)]);
  await order("QUOTE", "DE70 LMC", "ACME-Q7", "Price for a cabin filter and wipers", [part("Cabin Pollen Filter", "PF-TC-330", 11.4), part("Wiper Blade Set", "WB-SP-900", 24.99)]);
  await order("QUOTE", "LS15 VXA", "", "Tow bar quote", [part("Tow bar kit", "TB-TC-01", 185)]);
  const done = await order("ORDER", "DE66 PTA", "ACME-1039", "Brake pads collected", [part("Brake Pads Front", "BP-TC-F01", 38.5)]);
  await PartOrders.complete(done.id as number, { tracking_option: tracking }, staff);
  await PartOrders.createEnquiry({ description: "Roof rack for a Transit Custom L1", registration: "DE18 WRC", make: "Ford", model: "Transit Custom" }, staff);
}

/**
 * Demo payments and recurring payments (003 §2): unpaid ones overdue, due
 * this week and later (the Payments screen's three colours), one paid, and
 * recurring payments whose first dates fall today and in the coming days
 * (the scheduled run raises them).
 */
async function seedPayments() {
  const { Payments, RecurringPayments } = await import("../accounts/index.js");
  const today = todayInLondon();
  const find = async (list: string, name: string) => ((await Contact.listIn(list, { page: 1, page_size: 1, search: name })).results[0] as { id: number } | undefined)?.id ?? null;
  const acme = await find("type#CC#active", "acme");
  const bright = await find("type#CC#active", "brightside");
  const midland = await find("type#SP#active", "midland");
  const depts = new Map(((await S.Department.all()) as Array<{ id: number; name: string }>).map((d) => [d.name, d.id]));
  const dvh = depts.get("DIRECT VAN HIRE") ?? null;
  const vsd = depts.get("VAN SALES DIRECT") ?? null;
  const rows = [
    { contact: acme, department: dvh, payment_date: addDays(today, -5), amount: 420, invoice_number: "IN00012", comments: "Hire, October" },
    { contact: acme, department: dvh, payment_date: addDays(today, 3), amount: 185, payment_type: "DIRECT DEBIT", comments: "Long-term hire, weekly" },
    { contact: bright, department: vsd, payment_date: addDays(today, 21), amount: 11450, payment_type: "BACS", invoice_number: "IN00015", comments: "Balance for LD19 PXR" },
    { contact: bright, department: dvh, payment_date: addDays(today, -12), amount: 96.5, payment_type: "CARD", comments: "Excess mileage", paid: true },
  ];
  for (const { paid, ...r } of rows) {
    if (!r.contact) continue;
    const made = (await Payments.create(r, by)) as { id: number; last_saved: string };
    if (paid) await Payments.save(made.id, { last_saved: made.last_saved, date_paid: addDays(today, -10) }, by);
  }
  const recurring = [
    { contact: midland, department: dvh, payment_type: "DIRECT DEBIT", interval_type: "MONTHLY", interval_payment_amount: 650, start_date: today, comments: "Workshop bay rent" },
    { contact: acme, department: dvh, payment_type: "BACS", interval_type: "WEEKLY", interval_payment_amount: 185, start_date: addDays(today, 3), end_date: addDays(today, 365), comments: "Long-term hire MX72 RFA" },
    { contact: bright, department: vsd, payment_type: "CARD", interval_type: "FIXED_DURATION", interval_day: 14, interval_payment_amount: 240, start_date: addDays(today, 1), comments: "Van sale instalments" },
  ];
  for (const r of recurring) if (r.contact) await RecurringPayments.create(r, by);
}
