import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { EDITED_ELSEWHERE } from "../../core/platform/errors.js";
import { LAST_SAVED_ERROR, LAST_SAVED_MISSING } from "../../core/platform/records.js";

/**
 * Every save of a record sends the last_saved it was loaded with (issue 15):
 * a PUT without it, with null or with an object was accepted and overwrote
 * a newer save. Now it is a 400 naming the field, and the record is as it was.
 */
let api: ReturnType<typeof client>;
beforeAll(async () => {
  api = client(await signIn("fresh@vanco.co.uk", "Fran"));
});

const cases = [
  { name: "a settings record (vehicle type)", create: "vehicletype", item: "vehicletype", body: { name: "Luton" }, change: { name: "Luton tipper" } },
  { name: "a contact", create: "contacts", item: "contacts", body: { display_name: "Fresh Co", company_name: "Fresh Co Ltd", company_phone: "0115 496 0000", company_email: "hi@fresh.co.uk", sale_account_code: "04" }, change: { company_phone: "0115 496 0001" } },
];

describe.each(cases)("saving $name", (c) => {
  it("without last_saved, with null, with an object or with text that is no time: 400 naming last_saved, nothing changed", async () => {
    const made = await api.post(c.create, c.body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (const last_saved of [undefined, null, { at: made.body.last_saved }, 12, "yesterday"]) {
      const res = await api.put(`${c.item}/${made.body.id}`, { ...c.body, ...c.change, ...(last_saved === undefined ? {} : { last_saved }) });
      expect(res.status, JSON.stringify(last_saved)).toBe(400);
      expect(res.body).toEqual({ message: LAST_SAVED_MISSING, errors: { last_saved: LAST_SAVED_ERROR } });
    }
    const stored = (await api.get(`${c.item}/${made.body.id}`)).body;
    expect(stored.last_saved).toBe(made.body.last_saved);
    for (const [k, v] of Object.entries(c.body)) expect(stored[k]).toEqual(v);
  });

  it("with a stale last_saved: 409 with the edited-elsewhere message, the newer save kept", async () => {
    const made = (await api.post(c.create, { ...c.body, ...(c.create === "contacts" ? { display_name: "Stale Co" } : { name: "Stale" }) })).body;
    const first = await api.put(`${c.item}/${made.id}`, { ...made, ...c.change });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stale = await api.put(`${c.item}/${made.id}`, { ...made });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(EDITED_ELSEWHERE);
    expect(stale.body.errors.last_saved).toEqual(expect.any(String));
    const stored = (await api.get(`${c.item}/${made.id}`)).body;
    expect(stored.last_saved).toBe(first.body.last_saved);
    for (const [k, v] of Object.entries(c.change)) expect(stored[k]).toEqual(v);
  });
});
