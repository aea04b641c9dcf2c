import { describe, expect, it } from "vitest";
import { call, signIn } from "../support/api.js";
import { registry } from "../../functions/platform/registry.js";

describe("the 401 gate", () => {
  const guarded = registry.filter((r) => !r.public);

  it("has routes to check", () => {
    expect(guarded.length).toBeGreaterThan(60);
  });

  it("refuses every non-public route without a token, before any handler runs", async () => {
    for (const r of guarded) {
      const path = r.path.replace(/:\w+/g, "1");
      const res = await call(r.method.toUpperCase(), path, { body: r.method === "post" || r.method === "put" ? {} : undefined });
      expect(res.status, `${r.method} ${path}`).toBe(401);
    }
  });

  it("refuses a wrong token and a malformed header", async () => {
    expect((await call("GET", "vehicletype", { token: "not-a-real-token" })).status).toBe(401);
    expect((await call("GET", "vehicletype", { headers: { authorization: "Bearer abc" } })).status).toBe(401);
  });

  it("answers unknown /api/ paths with 404 JSON once signed in, and 401 without", async () => {
    const token = await signIn();
    const res = await call("GET", "no-such-thing", { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found.", errors: {} });
    expect((await call("GET", "no-such-thing")).status).toBe(401);
  });

  it("logs out: the token stops working", async () => {
    const token = await signIn();
    expect((await call("GET", "me", { token })).body).toMatchObject({ email: "sam@example.co.uk", given_name: "Sam" });
    expect((await call("POST", "auth/logout", { token })).status).toBe(200);
    expect((await call("GET", "me", { token })).status).toBe(401);
  });

  it("refuses an oversized body with 413 and writes nothing", async () => {
    const token = await signIn();
    const res = await call("POST", "costcentre", { token, raw: JSON.stringify({ name: "x".repeat(300 * 1024) }) });
    expect(res.status).toBe(413);
    expect((await call("GET", "costcentre", { token })).body.count).toBe(0);
  });

  it("publishes OpenAPI generated from the schemas, and a reference page", async () => {
    const doc = await call("GET", "openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(doc.body.paths["/api/vehiclemodel/{id}"].put.requestBody.content["application/json"].schema.properties).toHaveProperty("day28_plus_rate");
    expect(doc.body.paths["/api/nominal"].post).toBeDefined();
    const page = await call("GET", "docs");
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain("/api/createdepartment");
  });

  it("local sign-in refuses bad input", async () => {
    const res = await call("POST", "auth/local", { body: { email: "not-an-email", given_name: "" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("email");
  });
});
