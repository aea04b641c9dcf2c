import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok, van } from "./fleet-support.js";
import { jobBody, newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";

/**
 * The charts' figures (issue 27, docs/charts.md) on seeded records, with
 * hand-computed values, and the reports that carry the same numbers.
 * Weeks: W1 Mon 13 - Sun 19 March 2034, W2 Mon 20 - Sun 26 March (the
 * clocks go forward on Sunday 26 March), W3 Mon 27 March - Sun 2 April.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;
let dept: { id: number };

beforeAll(async () => {
  api = client(await signIn("charts@vanco.co.uk", "Cara"));
  ref = await workshopReference(api);
  dept = await ok(api.post("createdepartment", { name: "CHARTS HIRE" }));
}, 120_000);

const rental = (vehicle: number, start: string, finish: string, extra: Record<string, unknown> = {}) => ({
  status: "CONFIRMED", rental_type: "ST", start_date: start, finish_date: finish, vehicle, customer: ref.acme.id, department: dept.id, first_day: 70, two_five_days: 70, six_twenty_seven_days: 70, twenty_eight_plus: 70,
  start_mileage: 1000, deposit: 0, deposit_paid_date: start, initial_payment: 0, initial_payment_date: start, ...extra,
});

function parseCsv(text: string) {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim(), { skipEmptyLines: true });
  const header = parsed.data[0];
  return parsed.data.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe("the dashboard's weekly hire figures (GET rentals/weekly, weeklyhirereport)", () => {
  it("give each week's income as the dashboard works it out, the target in force on its Monday and vehicle-days on hire / on fleet", async () => {
    // Van A on the fleet from January, never sold: 7 days every week.
    const a = await ok(api.post("createvehicle", van({ department: dept.id, purchase_date: "2034-01-10" })));
    // Van B bought Wed 22 March, sold Tue 28 March: 5 days in W2 (22-26), 2 in W3 (27-28).
    const b = await ok(api.post("createvehicle", van({ department: dept.id, purchase_date: "2034-03-22" })));
    // A customer's van and a van of another department are not this department's fleet.
    await ok(api.post("createvehicle", van({ vehicle_status: "CUSTOMER", fleet_number: "", department: dept.id, purchase_date: "2034-01-01" })));
    await ok(api.post("createvehicle", van({ department: ref.sales.id, purchase_date: "2034-01-01" })));
    // R1: Thu 16 - Tue 21 March, 6 days at 70 = 420: 4 days (280) in W1, 2 (140) in W2.
    await ok(api.post("rentals", rental(a.id, "2034-03-16", "2034-03-21")));
    // R2: Fri 24 - Mon 27 March, 4 days at 70 = 280: 3 days (210) in W2, 1 (70) in W3.
    await ok(api.post("rentals", rental(b.id, "2034-03-24", "2034-03-27")));
    // A quote counts nothing.
    await ok(api.post("rentals", { ...rental(a.id, "2034-03-28", "2034-03-30"), status: "QUOTE" }));
    const sold = await ok(api.get(`vehicles/${b.id}`));
    await ok(api.put(`vehicles/${b.id}`, { vehicle_status: "SOLD", date_sold: "2034-03-28", last_saved: sold.last_saved }));
    // Targets: 1,000 up to Sun 19 March, 1,500 from Mon 20 March.
    await ok(api.post("targetlatest", { weekly_target: 1000, active_from: "2034-03-01", active_to: "2034-03-19" }));
    await ok(api.post("targetlatest", { weekly_target: 1500, active_from: "2034-03-20" }));

    const got = await ok(api.get(`rentals/weekly?date=2034-03-29&weeks=3&department=${dept.id}`));
    expect(got.weeks).toEqual([
      { start: "2034-03-13", end: "2034-03-19", short_term_income: 280, long_term_income: 0, income: 280, target: 1000, hire_days: 4, fleet_days: 7, utilisation: 57.1 },
      { start: "2034-03-20", end: "2034-03-26", short_term_income: 350, long_term_income: 0, income: 350, target: 1500, hire_days: 5, fleet_days: 12, utilisation: 41.7 },
      { start: "2034-03-27", end: "2034-04-02", short_term_income: 70, long_term_income: 0, income: 70, target: 1500, hire_days: 1, fleet_days: 9, utilisation: 11.1 },
    ]);
    // Each week's income is the dashboard's own figure for that week.
    for (const w of got.weeks) expect((await ok(api.get(`rentals/figures?type=weekly&date=${w.start}&department=${dept.id}`))).total_income).toBe(w.income);
    // Twelve weeks by default, oldest first, ending with the week of the date.
    const twelve = await ok(api.get(`rentals/weekly?date=2034-03-29&department=${dept.id}`));
    expect(twelve.weeks).toHaveLength(12);
    expect(twelve.weeks[0].start).toBe("2034-01-09");
    expect(twelve.weeks[11]).toEqual(got.weeks[2]);
    expect((await api.get("rentals/weekly?weeks=0")).status).toBe(400);

    // The report: the same numbers, one row a week meeting the range.
    const res = await api.get(`report/weeklyhirereport?start=2034-03-13&end=2034-04-02&department=${dept.id}`);
    expect(res.status).toBe(200);
    expect(parseCsv(res.body)).toEqual([
      { "Week Commencing": "13/03/2034", "Week Ending": "19/03/2034", "Short-term Income": "280.00", "Long-term Income": "0.00", "Rental Income": "280.00", "Weekly Target": "1000.00", "Vehicle-days on Hire": "4", "Vehicle-days on Fleet": "7", "Utilisation (%)": "57.1" },
      { "Week Commencing": "20/03/2034", "Week Ending": "26/03/2034", "Short-term Income": "350.00", "Long-term Income": "0.00", "Rental Income": "350.00", "Weekly Target": "1500.00", "Vehicle-days on Hire": "5", "Vehicle-days on Fleet": "12", "Utilisation (%)": "41.7" },
      { "Week Commencing": "27/03/2034", "Week Ending": "02/04/2034", "Short-term Income": "70.00", "Long-term Income": "0.00", "Rental Income": "70.00", "Weekly Target": "1500.00", "Vehicle-days on Hire": "1", "Vehicle-days on Fleet": "9", "Utilisation (%)": "11.1" },
    ]);
  }, 120_000);
});

describe("the workshop board's jobs in and out (GET work/flow, jobflowreport)", () => {
  it("count jobs by the week they were booked in, and collected jobs by the week of their finish date", async () => {
    const lcv = ref.lcv.id;
    const v = await newVan(api, ref);
    const job = (extra: Record<string, unknown>) => ok(api.post("createjob", jobBody(ref, v.id, { department: lcv, ...extra })));
    // Booked in W1 (Tue 14 March) and W2 (Mon 20, Sun 26 March: the clocks' change day is still W2).
    const j1 = await job({ book_in_date: "2034-03-14", workshop_date: "2034-03-15", finish_date: "2034-03-21" });
    await job({ book_in_date: "2034-03-20", workshop_date: "2034-03-20" });
    const j3 = await job({ book_in_date: "2034-03-26", workshop_date: "2034-03-27", finish_date: "2034-03-27" });
    // A defect is not a job of the board.
    await ok(api.post("createjob", { vehicle: v.id, department: lcv, is_defect: true, defect_status: "DRIVEABLE", job_description: "Knock", book_in_date: "2034-03-14" }));
    // Collected: j1 finished Tue 21 March (W2), j3 Mon 27 March (W3).
    for (const j of [j1, j3]) {
      let cur = j;
      for (const status of ["RETURNED_FROM_WORKSHOP", "READY_FOR_COLLECTION", "COLLECTED"]) cur = await ok(api.put(`jobs/returned/${j.id}`, { status, last_saved: cur.last_saved }));
    }
    const got = await ok(api.get(`work/flow?date=2034-03-29&weeks=3&department=${lcv}`));
    expect(got.weeks).toEqual([
      { start: "2034-03-13", end: "2034-03-19", jobs_in: 1, jobs_out: 0 },
      { start: "2034-03-20", end: "2034-03-26", jobs_in: 2, jobs_out: 1 },
      { start: "2034-03-27", end: "2034-04-02", jobs_in: 0, jobs_out: 1 },
    ]);
    expect((await ok(api.get("work/flow?date=2034-03-29"))).weeks).toHaveLength(12);
    const res = await api.get(`report/jobflowreport?start=2034-03-13&end=2034-04-02&department=${lcv}`);
    expect(res.status).toBe(200);
    expect(parseCsv(res.body)).toEqual([
      { "Week Commencing": "13/03/2034", "Week Ending": "19/03/2034", "Jobs In": "1", "Jobs Out": "0" },
      { "Week Commencing": "20/03/2034", "Week Ending": "26/03/2034", "Jobs In": "2", "Jobs Out": "1" },
      { "Week Commencing": "27/03/2034", "Week Ending": "02/04/2034", "Jobs In": "0", "Jobs Out": "1" },
    ]);
  }, 120_000);
});
