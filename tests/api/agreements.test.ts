import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { financeFigures } from "../../core/agreements/finance";
import { todayInLondon } from "../../core/platform/dates";
import { call, client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * Agreements through the API: the derived figures on load (docs/finance.md),
 * agreement numbers, the full agreement schema, GET financeagreements and
 * the finance reports (003 §7) as CSV.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let dept: { id: number; name: string };

const fixedRate = {
  finance_type: "REGULAR", finance_company: "Black Horse", agreement_no: "HP-1001", vehicle_purchase_price: 30000, addons_purchase_price: 2000, deposit_amount: 5000,
  monthly_payment: 550, payment_term: 48, balloon_payment: 6000, finance_start_date: "2025-01-15", invoice_date: "2025-01-15", purchase_price_vat: 6400,
  depreciation_start_date: "2025-01-15", annual_depreciation_rate: 20,
};
const variableRate = {
  finance_type: "FIXED_MONTHLY_CAPITAL", finance_company: "Lombard", agreement_no: "VR-7", vehicle_purchase_price: 24000, deposit_amount: 0, monthly_payment: 500, payment_term: 48,
  hp_interest_rate: 7.5, finance_start_date: "2025-06-01", invoice_date: "2025-06-01", depreciation_start_date: "2025-06-01", annual_depreciation_rate: 15,
};

async function vanWith(agreements: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  const res = await api.post("createvehicle", van({ department: dept.id, finance_agreements: agreements, ...extra }));
  if (res.status !== 201 && res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function parseCsv(text: string) {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim(), { skipEmptyLines: true });
  return { header: parsed.data[0], rows: parsed.data.slice(1) };
}

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  ref = await fleetReference(api);
  dept = (await api.post("createdepartment", { name: `FINANCE TEST ${Date.now()}` })).body;
});

describe("derived figures on load (000 §3, §9; docs/finance.md)", () => {
  it("every agreement of GET vehicles/{id} carries its figures, as core computes them today, and the vehicle its remaining capital", async () => {
    const v = await vanWith([fixedRate, variableRate]);
    const got = (await api.get(`vehicles/${v.id}`)).body;
    const today = todayInLondon();
    for (const [i, sent] of [fixedRate, variableRate].entries()) {
      const f = financeFigures({ ...sent, purchase_price: got.finance_agreements[i].purchase_price, finance_amount_borrowed: got.finance_agreements[i].finance_amount_borrowed }, today);
      expect(got.finance_agreements[i]).toMatchObject({
        remaining_balance: f.remaining_balance,
        hp_remaining_interest: f.hp_remaining_interest,
        early_settlement_charges: f.early_settlement_charges,
        estimated_value: f.estimated_value,
        this_months_payment: f.this_months_payment,
        internal_sale_price: null,
        remaining_capital: f.remaining_capital,
      });
    }
    expect(got.finance_agreements[0].hp_interest_rate).toBe(8.11); // the APR the instalments imply
    expect(got.finance_agreements[1].hp_interest_rate).toBe(7.5); // as entered
    expect(got.remaining_capital).toBe(Math.round((got.finance_agreements[0].remaining_capital + got.finance_agreements[1].remaining_capital) * 100) / 100);
  });

  it("an agreement not yet started owes everything: capital = amount borrowed, interest = all of it (date-independent figures)", async () => {
    const future = { ...fixedRate, finance_start_date: "2090-01-15", invoice_date: "2090-01-15", depreciation_start_date: "2090-01-15" };
    const v = await vanWith([future]);
    const a = (await api.get(`vehicles/${v.id}`)).body.finance_agreements[0];
    expect(a).toMatchObject({ purchase_price: 32000, finance_amount_borrowed: 27000, remaining_balance: 32400, remaining_capital: 27000, hp_remaining_interest: 5400, estimated_value: 32000, this_months_payment: 0, hp_interest_rate: 8.11 });
  });

  it("early settled: nothing owed and no remaining capital; stored figures sent back are ignored", async () => {
    const v = await vanWith([{ ...fixedRate, finance_early_settlement_date: "2026-01-10", finance_early_settlement_amount_paid: 21000, remaining_balance: 999, estimated_value: 1 }]);
    const got = (await api.get(`vehicles/${v.id}`)).body;
    expect(got.finance_agreements[0]).toMatchObject({ settled: true, remaining_balance: 0, hp_remaining_interest: 0, remaining_capital: 0, early_settlement_charges: 0 });
    expect(got.finance_agreements[0].estimated_value).not.toBe(1);
    expect(got.remaining_capital).toBe(0);
  });

  it("numbers each agreement once and keeps the number through saves; a copied number gets a new one", async () => {
    const v = await vanWith([fixedRate]);
    const first = v.finance_agreements[0].id;
    expect(first).toEqual(expect.any(Number));
    const saved = await api.put(`vehicles/${v.id}`, { last_saved: v.last_saved, finance_agreements: [v.finance_agreements[0], { ...variableRate, id: first }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [a, b] = saved.body.finance_agreements;
    expect(a.id).toBe(first);
    expect(b.id).toBeGreaterThan(first);
  });

  it("checks every agreement field: a bad date, number or finance type is 400 with the field named, nothing saved", async () => {
    const v = await vanWith([]);
    for (const bad of [{ sold_date: "31/12/2025" }, { monthly_payment: "lots" }, { finance_type: "PAWN" }, { sale_v5: "maybe" }]) {
      const res = await api.put(`vehicles/${v.id}`, { last_saved: v.last_saved, finance_agreements: [{ finance_type: "NONE", ...bad }] });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBeTruthy();
      expect(Object.keys(res.body.errors ?? {}).join(" ")).toContain(Object.keys(bad)[0] === "finance_type" ? "finance_type" : Object.keys(bad)[0]);
    }
    expect((await api.get(`vehicles/${v.id}`)).body.finance_agreements).toEqual([]);
  });

  it("answers the sale customer, supplier and department in brief", async () => {
    const v = await vanWith([{ ...fixedRate, supplier: ref.dealer.id, sale_customer: ref.acme.id, department: dept.id, sold_price: 20000, sold_date: "2025-11-20" }]);
    const a = (await api.get(`vehicles/${v.id}`)).body.finance_agreements[0];
    expect(a.sale_customer).toMatchObject({ id: ref.acme.id, display_name: "Acme Builders Ltd", postcode: "B1 1AA" });
    expect(a.supplier).toMatchObject({ id: ref.dealer.id, display_name: "Northern Ford Dealers" });
    expect(a.department).toMatchObject({ id: dept.id, name: dept.name });
  });
});

describe("GET financeagreements (001 §7: the dashboard's Vehicle Sales)", () => {
  it("lists agreements sold between start and end, newest first, with the vehicle and the total sold price; scoped by department", async () => {
    const other = (await api.post("createdepartment", { name: `SALES SCOPE ${Date.now()}` })).body;
    const a = await vanWith([{ ...fixedRate, sold_price: 15000, sold_date: "2024-03-04" }]);
    const b = await vanWith([{ ...variableRate, sold_price: 12500.5, sold_date: "2024-03-09" }]);
    await vanWith([{ ...variableRate, sold_price: 9999, sold_date: "2024-04-01" }]);
    await vanWith([{ ...variableRate, sold_price: 5000, sold_date: "2024-03-05" }], { department: other.id });
    const res = await api.get(`financeagreements?start=2024-03-01&end=2024-03-31&department=${dept.id}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.total_sold_price).toBe(27500.5);
    expect(res.body.results.map((r: any) => [r.vehicle.id, r.sold_date])).toEqual([
      [b.id, "2024-03-09"],
      [a.id, "2024-03-04"],
    ]);
    expect(res.body.results[0].vehicle.registration).toBe(b.registration);
    const all = await api.get("financeagreements?start=2024-03-01&end=2024-03-31");
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    expect((await api.get("financeagreements?start=2024-03-01&end=2024-03-31&page_size=1&page=2")).body.results).toHaveLength(1);
    expect((await api.get("financeagreements?start=2024-13-01")).status).toBe(400);
    expect((await call("GET", "financeagreements")).status).toBe(401);
  });
});

describe("GET vehicles/figures (001 §7: the dashboard's Vehicles panel)", () => {
  it("counts the period's vehicle sales, their income, book value on the day sold and the profit, for a department", async () => {
    const own = (await api.post("createdepartment", { name: `FIGURES ${Date.now()}` })).body;
    const sold = (extra: Record<string, unknown>) => api.post("createvehicle", van({ department: own.id, finance_agreements: [{ ...fixedRate, ...extra }] }));
    // Depreciation from 15/01/2025 at 20%: sold on 15/01/2026 (365 days) the book value is 32,000 x 0.8 = 25,600.
    expect((await sold({ sold_date: "2026-01-15", sold_price: 27000 })).status).toBe(201);
    expect((await sold({ sold_date: "2024-12-01", sold_price: 31000.55 })).status).toBe(201); // before depreciation starts: 32,000
    expect((await sold({ sold_date: "2026-03-01", sold_price: 1 })).status).toBe(201); // outside the period
    const res = await api.get(`vehicles/figures?start=2024-12-01&end=2026-01-31&department=${own.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ start: "2024-12-01", end: "2026-01-31", sold: 2, sales_income: 58000.55, book_value: 57600, profit: 400.55 });
    const month = await api.get(`vehicles/figures?type=monthly&date=2026-01-20&department=${own.id}`);
    expect(month.body).toMatchObject({ start: "2026-01-01", end: "2026-01-31", sold: 1, profit: 1400 });
    expect((await api.get("vehicles/figures?type=yearly")).status).toBe(400);
    expect((await call("GET", "vehicles/figures")).status).toBe(401);
  });
});

describe("GET report/{name}: the finance reports (003 §7) as CSV", () => {
  let reportDept: { id: number };
  beforeAll(async () => {
    reportDept = (await api.post("createdepartment", { name: `REPORTS ${Date.now()}` })).body;
    const at = { department: reportDept.id };
    const made: Array<Promise<{ status: number; body: any }>> = [];
    made.push(api.post("createvehicle", van({ ...at, registration: "RP25 AAA", cap_clean: 21000, cap_retail: 24000, finance_agreements: [fixedRate]})));
    made.push(api.post("createvehicle", van({ ...at, registration: "RP25 BBB", finance_agreements: [variableRate]})));
    made.push(api.post("createvehicle", van({ ...at, registration: "RP25 CCC", finance_agreements: [{ finance_type: "HIRE_AGREEMENT", finance_company: "Hire-In Ltd", daily_rate: 25, mileage_allowance: 20000, on_hire_mileage: 1200, hire_start_date: "2025-11-10", end_date: "2026-02-28", invoice_date: "2025-11-10", depreciation_start_date: "2025-11-10" }]})));
    made.push(api.post("createvehicle", van({
      ...at, registration: "RP25 DDD",
      finance_agreements: [{
        finance_type: "STOCKING_PLAN", finance_company: "NextGear", vehicle_purchase_price: 20000, sp_start_date: "2025-03-01", sp_interest_accrual_start: "2025-03-01",
        sp_monthly_interest_rate: 0.5, sp_capital_percentage: 10, sp_capital_repayment_start: "2025-09-01", sp_capital_repayment_end: "2026-06-01",
        sp_interest_repayment_start_date: "2025-04-01", sp_interest_repayment_end_date: "2026-06-01", invoice_date: "2025-03-01", depreciation_start_date: "2025-03-01", annual_depreciation_rate: 20,
      }],
    })));
    made.push(api.post("createvehicle", van({ ...at, registration: "RP25 EEE", finance_agreements: [{ ...fixedRate, finance_type: "GRANT_FINANCE", estimated_grant_value: 5000, monthly_payment: 0, payment_term: 0, balloon_payment: 0 }]})));
    made.push(api.post("createvehicle", van({ ...at, registration: "RP25 FFF", finance_agreements: [{ ...fixedRate, finance_type: "LEASE_AGREEMENT", sold_date: "2025-10-01", sold_price: 18000 }]})));
    for (const r of await Promise.all(made)) if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  });

  const report = async (name: string, q = "") => {
    const res = await api.get(`report/${name}?year=2025&department=${reportDept.id}${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const rowOf = (csv: { header: string[]; rows: string[][] }, reg: string) => {
    const row = csv.rows.find((r) => r[0] === reg);
    if (!row) throw new Error(`${reg} not in ${JSON.stringify(csv.rows)}`);
    return Object.fromEntries(csv.header.map((h, i) => [h, row[i]]));
  };

  it("depreciation: value at the start and end of the year from the daily-compounded annual rate", async () => {
    const res = await report("financedepreciationreport");
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain(`finance-depreciation-2025-dept${reportDept.id}.csv`);
    const csv = parseCsv(res.body);
    // 32,000 x 0.8^(350/365) on 31/12/2025
    expect(rowOf(csv, "RP25 AAA")).toMatchObject({ "Finance Type": "Fixed Rate", "Purchase Price": "32000.00", "Value 31/12/2024": "32000.00", "Value 31/12/2025": "25835.84", Depreciation: "6164.16" });
    expect(csv.rows.at(-1)?.[0]).toBe("Total");
  });

  it("Variable Rate interest month by month: (24,000 - 500 (j-1)) x 7.5% / 12", async () => {
    const csv = parseCsv((await report("financevariablerateinterestreport")).body);
    expect(rowOf(csv, "RP25 BBB")).toMatchObject({ "Jun 2025": "0.00", "Jul 2025": "150.00", "Aug 2025": "146.88", "Sep 2025": "143.75", "Oct 2025": "140.63", "Nov 2025": "137.50", "Dec 2025": "134.38", Total: "853.14", "Remaining Capital": "21000.00" });
    const one = parseCsv((await report("financevariablerateinterestreport", "&month=8")).body);
    expect(one.header).toContain("Aug 2025");
    expect(one.header).not.toContain("Jul 2025");
  });

  it("monthly HP interest (Fixed Rate): February's is 27,000 x the implied monthly rate", async () => {
    const csv = parseCsv((await report("monthlyfinancehpinterestreport")).body);
    const row = rowOf(csv, "RP25 AAA");
    expect(row).toMatchObject({ "Jan 2025": "0.00", "Feb 2025": "175.95", "APR %": "8.11", "Finance Company": "Black Horse", "Agreement No": "HP-1001" });
    expect(csv.rows.some((r) => r[0] === "RP25 BBB")).toBe(false); // Variable Rate has its own report
  });

  it("hire agreements: days on hire x daily rate", async () => {
    const csv = parseCsv((await report("financehireagreementreport")).body);
    expect(rowOf(csv, "RP25 CCC")).toMatchObject({ "Nov 2025": "525.00", "Dec 2025": "775.00", Total: "1300.00" });
  });

  it("stocking plan interest accrues daily on the capital outstanding", async () => {
    const csv = parseCsv((await report("financestockingplaninterestreport")).body);
    // March: 20,000 x 6% x 31/365; October: 16,000 x 6% x 31/365
    expect(rowOf(csv, "RP25 DDD")).toMatchObject({ "Mar 2025": "101.92", "Oct 2025": "81.53", "Yearly Rate %": "6", "Capital Outstanding": "12000.00" });
  });

  it("grant, lease, fleet value, VAT and CAP reports hold their vehicles", async () => {
    expect(rowOf(parseCsv((await report("financegrantreport")).body), "RP25 EEE")).toMatchObject({ "Estimated Grant Value": "5000.00", "Net Cost": "27000.00" });
    const lease = parseCsv((await report("leaseagreementreport")).body);
    expect(lease.rows.some((r) => r[0] === "RP25 FFF")).toBe(true);
    const fleet = parseCsv((await report("fleetvaluereport")).body);
    expect(fleet.rows.some((r) => r[0] === "RP25 FFF")).toBe(false); // sold in the year
    expect(rowOf(fleet, "RP25 AAA")).toMatchObject({ "Estimated Value 31/12/2025": "25835.84", "CAP Clean": "21000.00" });
    const vat = parseCsv((await report("vehiclevatreport")).body);
    expect(vat.rows.find((r) => r[0] === "RP25 AAA" && r[5] === "Purchase")).toBeTruthy();
    expect(vat.rows.find((r) => r[0] === "RP25 FFF" && r[5] === "Sale")?.slice(8)).toEqual(["18000.00", "3600.00", "21600.00"]);
    const cap = parseCsv((await report("capdetailreport")).body);
    expect(rowOf(cap, "RP25 AAA")).toMatchObject({ "CAP Retail": "24000.00", "CAP Clean": "21000.00" });
  });

  it("writes a make or fleet number a spreadsheet would run as a formula as text (core/platform/csv.ts)", async () => {
    const own = (await api.post("createdepartment", { name: `CSV ${Date.now()}` })).body;
    const make = (await api.post("vehiclemake", { name: '=HYPERLINK("http://evil.example","Ford")' })).body;
    expect(make.id).toBeDefined();
    const model = (await api.post("vehiclemodel", { name: "@SUM(1)", make: make.id })).body;
    const made = await api.post("createvehicle", van({ department: own.id, registration: "RP25 XSS", fleet_number: "=1+2", make: make.id, model: model.id, finance_agreements: [fixedRate] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await api.get(`report/financedepreciationreport?year=2025&department=${own.id}`);
    const row = rowOf(parseCsv(res.body), "RP25 XSS");
    expect(row).toMatchObject({ "Fleet No": "'=1+2", Make: `'=HYPERLINK("http://evil.example","Ford")`, Model: "'@SUM(1)", "Purchase Price": "32000.00" });
  });

  it("a department's report holds only its vehicles; bad year or month is 400; an unknown report 404; no token 401", async () => {
    const elsewhere = parseCsv((await api.get(`report/fleetvaluereport?year=2025&department=${dept.id}`)).body);
    expect(elsewhere.rows.some((r) => String(r[0]).startsWith("RP25"))).toBe(false);
    expect((await api.get("report/fleetvaluereport?year=2018")).status).toBe(400);
    expect((await api.get(`report/fleetvaluereport?year=${Number(todayInLondon().slice(0, 4)) + 1}`)).status).toBe(400);
    expect((await api.get("report/fleetvaluereport?year=2025&month=13")).status).toBe(400);
    expect((await api.get("report/nosuchreport?year=2025")).status).toBe(404);
    expect((await call("GET", "report/fleetvaluereport?year=2025")).status).toBe(401);
  });
});
