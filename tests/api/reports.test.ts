// First: it sets the table before any entity binds to one.
import { app, call, client, signIn } from "../support/api.js";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { Contact } from "../../core/contacts/contact";
import { todayInLondon } from "../../core/platform/dates";
import { objectWriter, MIN_PART_BYTES } from "../../core/platform/uploads";
import { company, fleetReference, van } from "./fleet-support.js";

/**
 * The reports of 003 §7 beyond the finance ones (agreements.test.ts): the
 * spec's refusals, each report's rows from its indexed list, and the
 * screen's export runs written to storage with their progress.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;
let dept: { id: number };
let mot: { id: number };
let pmi: { id: number };
const year = Number(todayInLondon().slice(0, 4));

const ok = async (p: Promise<{ status: number; body: any }>) => {
  const r = await p;
  if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** The answer's text (Response.text() drops the byte-order mark the file starts with: the export test checks the bytes). */
function parseCsv(text: string) {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim(), { skipEmptyLines: true });
  const header = parsed.data[0];
  return { header, rows: parsed.data.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

const report = async (name: string, q: string) => {
  const res = await api.get(`report/${name}?${q}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  return parseCsv(res.body);
};

beforeAll(async () => {
  api = client(await signIn("reports@vanco.co.uk", "Rhea"));
  ref = await fleetReference(api);
  dept = await ok(api.post("createdepartment", { name: `REPORTS ${Date.now()}` }));
  mot = await ok(api.post("inspectiontype", { inspection_type: "MOT", reminder_days: 30, warning_days: 14 }));
  pmi = await ok(api.post("inspectiontype", { inspection_type: "PMI", reminder_days: 14, warning_days: 7 }));
  const insp = (type: number, expiry: string) => ({ inspection_type: type, date_completed: `${year - 1}-01-10`, expiry_date: expiry, start_date: "" });
  await ok(api.post("createvehicle", van({ department: dept.id, registration: "RQ26 AAA", make: ref.ford.id, model: ref.transit.id, inspections: [insp(mot.id, `${year}-03-10`), insp(pmi.id, `${year}-03-20`)] })));
  await ok(api.post("createvehicle", van({ department: dept.id, registration: "RQ26 BBB", make: ref.vw.id, model: ref.crafter.id, inspections: [insp(mot.id, `${year}-07-01`)] })));
  // Another department's van, an inspection in the same range: left out of the department's report.
  await ok(api.post("createvehicle", van({ department: ref.hire.id, registration: "RQ26 CCC", inspections: [insp(mot.id, `${year}-03-15`)] })));
});

describe("the spec's refusals (003 §5 Reports)", () => {
  it("a date-range report without both dates: 'Please specify a valid report range'; an unknown report 404; no token 401", async () => {
    for (const q of ["start=2026-01-01", "end=2026-01-01", "start=2026-02-01&end=2026-01-01", ""]) {
      const res = await api.get(`report/inspectionreport?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe("Please specify a valid report range");
    }
    expect((await api.get("report/quotereport?start=2026-01-01")).body.message).toBe("Please specify a valid report range");
    expect((await api.post("reportexport/quotereport?end=2026-01-01")).body.message).toBe("Please specify a valid report range");
    expect((await api.get("report/nosuchreport")).status).toBe(404);
    expect((await api.get("report/__proto__")).status).toBe(404);
    expect((await call("GET", "report/contactreport")).status).toBe(401);
    expect((await call("POST", "reportexport/contactreport")).status).toBe(401);
  });
});

describe("each report's rows", () => {
  it("inspectionreport: the period's inspections by expiry, for the department, optionally one type", async () => {
    const all = await report("inspectionreport", `start=${year}-03-01&end=${year}-03-31&department=${dept.id}`);
    expect(all.rows.map((r) => [r.Registration, r["Inspection Type"], r["Expiry Date"]])).toEqual([
      ["RQ26 AAA", "MOT", `10/03/${year}`],
      ["RQ26 AAA", "PMI", `20/03/${year}`],
    ]);
    expect(all.rows[0]).toMatchObject({ Make: "Ford", Model: "Transit Custom", "Last Completed": `10/01/${year - 1}` });
    const motOnly = await report("inspectionreport", `year=${year}&type=${mot.id}&department=${dept.id}`);
    expect(motOnly.rows.map((r) => r.Registration)).toEqual(["RQ26 AAA", "RQ26 BBB"]);
    const everywhere = await report("inspectionreport", `start=${year}-03-01&end=${year}-03-31`);
    expect(everywhere.rows.map((r) => r.Registration)).toEqual(expect.arrayContaining(["RQ26 AAA", "RQ26 CCC"]));
  });

  it("vehiclereport: the department's fleet with its details", async () => {
    const csv = await report("vehiclereport", `department=${dept.id}`);
    expect(csv.rows.map((r) => r.Registration).sort()).toEqual(["RQ26 AAA", "RQ26 BBB"]);
    expect(csv.rows.find((r) => r.Registration === "RQ26 BBB")).toMatchObject({ Make: "Volkswagen", Model: "Crafter", Status: "ACTIVE" });
  });

  it("contactreport: every contact, formula-like text neutralised; partlookupreport: the catalogue with its prices", async () => {
    await ok(api.post("contacts", { ...company("=HYPERLINK(\"http://x\")", "CC") }));
    const contacts = await report("contactreport", "");
    const names = contacts.rows.map((r) => r["Display Name"]);
    expect(names).toEqual(expect.arrayContaining(["Acme Builders Ltd", "Northern Ford Dealers", `'=HYPERLINK("http://x")`]));
    expect(contacts.rows.find((r) => r["Display Name"] === "Northern Ford Dealers")).toMatchObject({ Type: "Supplier" });

    await ok(api.post("partlookup", { name: "Report Brake Disc", part_number: "RBD-1", make: "Ford", model: "Transit", vehicle_type: "Van", supplier: ref.dealer.id, cost: 40, stock_volume: 3 }));
    const parts = await report("partlookupreport", "");
    expect(parts.rows.find((r) => r.Name === "Report Brake Disc")).toMatchObject({ "Part Number": "RBD-1", Supplier: "Northern Ford Dealers", Cost: "40.00", "Stock Volume": "3" });
  });

  it("quotereport: quotes created in the period for the department, with their estimate", async () => {
    const wt = await ok(api.post("worktype", { name: "Report Brakes", special_labour_rate: 60 }));
    const vehicle = await ok(api.post("createvehicle", van({ department: dept.id, make: ref.ford.id, model: ref.transit.id })));
    const quote = await ok(
      api.post("createquote", {
        vehicle: vehicle.id, customer: ref.acme.id, department: dept.id, quote_type: "OFF HIRE", description: "Report quote", provisional_start_date: "2030-03-04",
        estimated_work_items: [{ description: "Pads", work_type: wt.id, estimated_labour_hours: 2, parts: [{ name: "Pads", supplier: ref.dealer.id, estimated_cost: 50, estimated_customer_cost: 60 }] }],
      }),
    );
    const today = todayInLondon();
    const csv = await report("quotereport", `start=${today}&end=${today}&department=${dept.id}`);
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]).toMatchObject({ "Quote No": String(quote.id), Customer: "Acme Builders Ltd", Description: "Report quote", "Work Items": "1", "Labour Charge": "120.00" });
    expect((await report("quotereport", `start=2019-01-01&end=2019-12-31&department=${dept.id}`)).rows).toHaveLength(0);
  });
});

describe("the reports Lambdas (functions/areas.ts \"reports\"; docs/reports.md \"Routing\")", () => {
  it("workshopreports answers the workshop's three reports and reports every other one (an unknown name too), each as the local server answers them", async () => {
    const token = await signIn();
    const { app: workshopReports } = await import("../../functions/lambda/workshopreports.js");
    const { app: reports } = await import("../../functions/lambda/reports.js");
    const answer = async (a: { request: typeof app.request }, method: string, path: string) => {
      const res = await a.request(`/api/${path}`, { method, headers: { authorization: `Token ${token}` } });
      return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), text: await res.text() };
    };
    const cases: Array<[typeof reports, string, string, number]> = [
      [workshopReports, "GET", "report/partlookupreport", 200],
      [workshopReports, "GET", `report/quotereport?start=${year}-01-01&end=${year}-12-31&department=${dept.id}`, 200],
      [workshopReports, "GET", `report/jobflowreport?year=${year}`, 200],
      [workshopReports, "GET", "report/quotereport?start=2026-01-01", 400],
      [workshopReports, "POST", "reportexport/jobflowreport?end=2026-01-01", 400],
      [reports, "GET", `report/vehiclereport?department=${dept.id}`, 200],
      [reports, "GET", "report/inspectionreport?start=2026-01-01", 400],
      [reports, "GET", "report/nosuchreport", 404],
    ];
    for (const [lambda, method, path, status] of cases) {
      const own = await answer(lambda, method, path);
      expect(own.status, path).toBe(status);
      expect(own, path).toEqual(await answer(app, method, path));
    }
    // API Gateway sends the workshop's reports to their own Lambda: the reports Lambda has no report of theirs.
    expect((await answer(reports, "GET", "report/partlookupreport")).status).toBe(404);
  });
});

describe("paymenttypereport (start, end and paymentType)", () => {
  it("refuses a missing range or type with 'Please specify a valid report range and type'; lists the type's payments in the range with a total", async () => {
    for (const q of ["start=2030-01-01&end=2030-01-31", "paymentType=BACS&start=2030-01-01", "paymentType=CHEQUE&start=2030-01-01&end=2030-01-31", ""]) {
      const res = await api.get(`report/paymenttypereport?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe("Please specify a valid report range and type");
    }
    expect((await api.post("reportexport/paymenttypereport?start=2030-01-01&end=2030-01-31")).status).toBe(400);
    const centre = await ok(api.post("costcentre", { name: `Reports ${Date.now()}` }));
    const pay = (payment_date: string, amount: number, payment_type: string) =>
      ok(api.post("payments", { contact: ref.acme.id, department: dept.id, cost_centre: centre.id, payment_date, amount, payment_type, invoice_number: `RPT-${amount}` }));
    await pay("2030-01-05", 100.1, "BACS");
    await pay("2030-01-20", 200.2, "BACS");
    await pay("2030-01-21", 999, "CARD");
    await pay("2030-02-02", 50, "BACS");
    const csv = await report("paymenttypereport", `start=2030-01-01&end=2030-01-31&paymentType=BACS&department=${dept.id}`);
    expect(csv.rows.map((r) => [r["Payment Date"], r.Contact, r.Amount, r["Payment Type"], r.Status])).toEqual([
      ["05/01/2030", "Acme Builders Ltd", "100.10", "BACS", "Unpaid"],
      ["20/01/2030", "Acme Builders Ltd", "200.20", "BACS", "Unpaid"],
      ["Total", "", "300.30", "", ""],
    ]);
    const card = await report("paymenttypereport", `start=2030-01-01&end=2030-01-31&paymentType=card&department=${dept.id}`);
    expect(card.rows.map((r) => r.Amount)).toEqual(["999.00", "999.00"]);
    // 003 §5 "needs start, end and type": `type` names the payment type too, the same report.
    const byType = await report("paymenttypereport", `start=2030-01-01&end=2030-01-31&type=BACS&department=${dept.id}`);
    expect(byType.rows).toEqual(csv.rows);
    const res = await api.get(`report/paymenttypereport?start=2030-01-01&end=2030-01-31&type=BACS&department=${dept.id}`);
    expect(res.headers.get("content-disposition")).toContain("-BACS");
    // Issue 24 item 12: the first row follows the header at once (an empty line sat between them), and no line is empty.
    const lines = String(res.body).replace(/^\uFEFF/, "").replace(/\r\n$/, "").split("\r\n");
    expect(lines[1]).toMatch(/BACS|999/);
    expect(lines.filter((l) => l === "")).toEqual([]);
    expect((await api.get("report/paymenttypereport?start=2030-01-01&end=2030-01-31&type=CHEQUE")).body.message).toBe("Please specify a valid report range and type");
    expect((await api.post(`reportexport/paymenttypereport?start=2030-01-01&end=2030-01-31&type=BACS&department=${dept.id}`)).status).toBe(201);
  });
});

describe("reading a list a chunk at a time (the engine's rowsInChunks)", () => {
  it("walks the whole list in order, each record once, a chunk at a time", async () => {
    const chunks: string[][] = [];
    for await (const rows of Contact.rowsInChunks("type#ALL#all", {}, 2)) chunks.push(rows.map((r) => String(r.display_name)));
    expect(chunks.every((c) => c.length <= 2)).toBe(true);
    const names = chunks.flat();
    const all = await api.get("contacts?show_deactive=true&page_size=1000");
    expect(names).toHaveLength(all.body.count);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe("export runs (the screen's way, any size)", () => {
  const waitReady = async (id: string, as = api) => {
    for (let i = 0; i < 100; i++) {
      const res = await as.get(`reportexport/${id}`);
      expect(res.status).toBe(200);
      if (res.body.status !== "PREPARING") return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("export never finished");
  };

  it("prepares the same CSV as GET report/{name}, hands a presigned link, and only to the one who asked", async () => {
    const started = await api.post(`reportexport/vehiclereport?department=${dept.id}`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ status: "PREPARING", rows: 0, filename: `vehicle-details-dept${dept.id}.csv` });
    const done = await waitReady(started.body.id);
    const direct = await api.get(`report/vehiclereport?department=${dept.id}`);
    expect(done).toMatchObject({ status: "READY", rows: parseCsv(direct.body).rows.length });
    expect(done.rows).toBeGreaterThanOrEqual(2);
    const file = await fetch(done.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(`vehicle-details-dept${dept.id}.csv`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark: Excel shows '£'
    expect(bytes.subarray(3).toString("utf8")).toBe(direct.body);

    const other = client(await signIn("someone@vanco.co.uk", "Sol"));
    expect((await other.get(`reportexport/${started.body.id}`)).status).toBe(404);
    expect((await api.get("reportexport/not-an-export")).status).toBe(404);
  });

  it("writes an object of any size in parts of at least 5 MiB (S3 multipart), the same bytes back", async () => {
    const writer = objectWriter(`reports/test-${Date.now()}/big.csv`, "text/csv");
    const line = `${"x".repeat(1023)}\n`;
    const lines = Math.ceil((2 * MIN_PART_BYTES + 1000) / line.length);
    for (let i = 0; i < lines; i += 1000) await writer.write(line.repeat(Math.min(1000, lines - i)));
    await writer.finish();
    expect(writer.bytes).toBe(lines * line.length);
    const { downloadUrl } = await import("../../core/platform/uploads");
    const res = await fetch(await downloadUrl(writer.key, "big.csv"));
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(lines * line.length);
  });
});
