import { describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api.js";

describe("platform", () => {
  it("health answers once the database is reachable", async () => {
    const res = await call("GET", "health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("creates, lists, saves and deletes a vehicle type", async () => {
    const api = client(await signIn());
    const created = await api.post("vehicletype", { name: "L1", special_labour_rate: 55, fixed_hire_costs: "35.50" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: "L1", fixed_hire_costs: 35.5, created_by: "sam@example.co.uk" });
    const list = await api.get("vehicletype");
    expect(list.body.count).toBe(1);
    const saved = await api.put(`vehicletype/${created.body.id}`, { ...created.body, name: "L1 SWB" });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe("L1 SWB");
    const history = await api.get(`history/vehicletype/${created.body.id}`);
    expect(history.body.results[0]).toMatchObject({ action: "update", changes: [{ field: "name", from: "L1", to: "L1 SWB" }] });
    expect((await api.del(`vehicletype/${created.body.id}`)).status).toBe(200);
    expect((await api.get("vehicletype")).body.count).toBe(0);
  });
});
