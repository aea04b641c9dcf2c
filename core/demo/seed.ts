import * as S from "../settings/index.js";
import { Contact } from "../contacts/index.js";
import { liveCount } from "../platform/ids.js";

const by = "demo-data";

/**
 * Demo reference data for a first local start: what a UK van hire,
 * workshop and sales business sets up on day one. Runs only on an empty
 * database, so it never overwrites what staff have entered.
 */
export async function seedDemoData(): Promise<boolean> {
  if ((await liveCount("department")) > 0) return false;

  // Departments: the four trading departments; PARTS DIRECT is id 3 (default for new part orders).
  for (const name of ["DIRECT VAN HIRE", "RAPID FIT", "PARTS DIRECT", "VAN SALES DIRECT"])
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
    makes[name] = (await S.VehicleMake.create({ name, maintenance_cost_per_mile: m, additional_depreciation_per_mile: d }, by)).id as number;
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
    await S.withOptionIds({ name: "Department", status: "ACTIVE", options: ["DIRECT VAN HIRE", "RAPID FIT", "PARTS DIRECT", "VAN SALES DIRECT"].map((name) => ({ name, status: "ACTIVE" })) }),
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

  // Suppliers the job-tab workshop search can find.
  for (const [display_name, town] of [["Midland Commercial Repairs", "Birmingham"], ["Northern Tyre & Exhaust", "Leeds"], ["Autoglass Fleet", "Coventry"]])
    await Contact.create({ display_name, contact_type: "SP", company_name: display_name, town, country: "United Kingdom", company_phone_type: "Phone" }, by);
  await Contact.create({ display_name: "Acme Builders Ltd", contact_type: "CC", company_name: "Acme Builders Ltd", town: "Derby" }, by);
  return true;
}
