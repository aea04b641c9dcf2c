import { Contact } from "../contacts/index.js";
import { addDays, todayInLondon, weekOf } from "../platform/dates.js";
import { CostCentre, Department, NominalCode } from "../settings/index.js";
import { DiaryEntry } from "./diary.js";
import { FixedExpense } from "./fixedexpense.js";
import { Transactions } from "./transactions.js";

type Row = Record<string, any>;

/**
 * Demo income, expenses, fixed expenses and diary entries around today
 * (003), so /income, /expenses, the dashboard's Misc panel, /fixedexpense
 * and /diary show data on a first start. Called by core/demo/seed.ts on an
 * empty database, after the reference data and contacts.
 */
export async function seedTransactionsDemo(by: string) {
  const today = todayInLondon();
  const monday = weekOf(today).start;
  const byName = (rows: Row[]) => (name: string) => rows.find((r) => r.name === name)?.id ?? null;
  const centre = byName((await CostCentre.all()));
  const dept = byName((await Department.all()));
  const nominals = (await NominalCode.all()) as Row[];
  const nominal = (code: string) => nominals.find((n) => n.code === code)?.id ?? null;
  const first = async (list: string) => ((await Contact.listIn(list, { page: 1, page_size: 1 })).results[0] as Row | undefined)?.id ?? null;
  const supplier = await first("type#SP#active");
  const acme = ((await Contact.listIn("type#CC#active", { page: 1, page_size: 1, search: "acme" })).results[0] as Row | undefined)?.id ?? null;

  const out = (extra: Row) => Transactions.create({ type: "OUT", department: dept("DIRECT VAN HIRE"), ...extra }, by);
  const inc = (extra: Row) => Transactions.create({ type: "IN", department: dept("DIRECT VAN HIRE"), ...extra }, by);
  await out({ date: monday, description: "Diesel for delivery vans", amount: 180, contact: supplier, cost_centre: centre("Rentals"), nominal_code: nominal("425"), invoice_date: monday, invoice_number: "FUEL-2211" });
  await out({ date: addDays(monday, 1), description: "Workshop consumables", amount: 64.5, contact: supplier, cost_centre: centre("Workshop"), nominal_code: nominal("473") });
  await out({ date: addDays(monday, 2), description: "Van insurance excess", amount: 250, contact: supplier, cost_centre: centre("Misc"), nominal_code: nominal("433"), invoice_vat: 20 });
  const scrap = await inc({ date: monday, description: "Scrap metal collection", amount: 95, contact: acme, cost_centre: centre("Misc"), nominal_code: nominal("260"), invoice_date: monday, invoice_number: "SCR-104" });
  await inc({ date: addDays(monday, 3), description: "Yard parking let", amount: 120, contact: acme, cost_centre: centre("Rentals"), nominal_code: nominal("260") });
  // One approved already, to show the lock.
  await Transactions.approveList([{ id: (scrap).id, last_saved: (scrap).last_saved }], { email: by, given_name: "Demo", family_name: "Data" });
  // A monthly expense that repeats from the 1st of next month (the scheduled run creates each month's).
  await out({ repeating: true, frequency: "MONTHLY", date: `${addDays(`${today.slice(0, 7)}-01`, 31).slice(0, 7)}-01`, description: "Unit rent", amount: 1500, cost_centre: centre("Misc"), nominal_code: nominal("469") });

  for (const [name, department, yearly_amount] of [
    ["Yard rent", "DIRECT VAN HIRE", 24000],
    ["Business rates", "DIRECT VAN HIRE", 8200],
    ["Workshop equipment lease", "RAPID FIT", 6000],
    ["Fleet insurance", "VAN SALES DIRECT", 18500],
  ] as const)
    await FixedExpense.create({ name, department: dept(department), yearly_amount }, by);

  await DiaryEntry.create({ task_for: "Priya", start_date: today, time: "10:00", comments: "Call Acme about the overdue hire invoice" }, by);
  await DiaryEntry.create({ task_for: "Workshop", start_date: addDays(monday, 4), time: "08:30", comments: "PMI inspections for the Transit fleet" }, by);
  await DiaryEntry.create({ task_for: "Accounts", start_date: monday, end_date: addDays(monday, 13), comments: "VAT return preparation" }, by);
}
