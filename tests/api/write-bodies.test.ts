import { describe, expect, it } from "vitest";
import { call, signIn } from "../support/api.js";

/**
 * Issue 23 (api part): the write routes' bodies come from the definitions
 * (core/platform/write-body.ts). A field the schema refuses is the
 * service's to word with the spec's message; a body refused whole is the
 * route's, as with the untyped body before.
 */
describe("write bodies drawn from the definitions", () => {
  it("a field the route's schema refuses is answered by the service with the spec's message", async () => {
    const token = await signIn();
    // vehicle and department as text: the schema's reference refuses them ("Must be a record id"); 002 §5's defect rule says what is wrong.
    const res = await call("POST", "createdefect", { token, body: { vehicle: "abc", department: "abc", defect_description: "Brake light not working" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Vehicle and Department are required fields");
    expect(res.body.errors).toMatchObject({ vehicle: "Vehicle and Department are required fields", department: "Vehicle and Department are required fields" });
  });

  it("a body refused whole (not an object, too many items) is still the route's 400", async () => {
    const token = await signIn();
    const notObject = await call("POST", "movement", { token, body: [1, 2] });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toHaveProperty("errors");
    const tooMany = await call("PUT", "parts/update", { token, body: Array.from({ length: 201 }, (_, i) => ({ id: i + 1 })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("At most 200 parts at once");
  });
});
