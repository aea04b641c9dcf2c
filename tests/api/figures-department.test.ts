import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";

/**
 * Every dashboard figures call (001 §7: each takes start, end, type and
 * department; §9 "an optional department") takes department left out,
 * empty or ALL as every department (core/platform/fields.ts `departmentQuery`).
 */

let api: ReturnType<typeof client>;
let dept: any;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Ana"));
  dept = await ok(api.post("createdepartment", { name: "DIRECT VAN HIRE" }));
  await ok(api.post("transactions", { type: "IN", date: "2038-03-02", description: "Yard let", amount: 50, department: dept.id }));
});

const CALLS = ["parts/figures", "work/figures", "partorder/figure", "rentals/figures", "transactions/figures", "vehicles/figures"];

describe("dashboard figures: department empty or ALL is every department", () => {
  it.each(CALLS)("%s", async (path) => {
    const q = "start=2038-03-01&end=2038-03-31&type=monthly";
    const none = await api.get(`${path}?${q}`);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    for (const d of ["", "ALL", "all"]) {
      const res = await api.get(`${path}?${q}&department=${d}`);
      expect(res.status, `${path} department=${d}: ${JSON.stringify(res.body)}`).toBe(200);
      const { department: _a, ...body } = res.body;
      const { department: _b, ...expected } = none.body;
      expect(body).toEqual(expected);
    }
    expect((await api.get(`${path}?${q}&department=${dept.id}`)).status).toBe(200);
    expect((await api.get(`${path}?${q}&department=abc`)).status).toBe(400);
  });

  it("a department still narrows (transactions/figures)", async () => {
    const q = "start=2038-03-01&end=2038-03-31&type=monthly";
    expect((await ok(api.get(`transactions/figures?${q}&department=ALL`))).total_in).toBe(50);
    expect((await ok(api.get(`transactions/figures?${q}&department=${dept.id + 1000}`))).total_in).toBe(0);
  });
});
