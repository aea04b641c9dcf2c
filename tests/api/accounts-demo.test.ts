import { describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";

/** The demo income, expenses, fixed expenses and diary (core/accounts/demo.ts) pass the rules and fill the screens. */
describe("accounts demo data", () => {
  it("seeds transactions (one approved, one repeating), fixed expenses and diary entries", async () => {
    const { seedDemoData } = await import("../../core/demo/seed.js");
    expect(await seedDemoData()).toBe(true);
    const api = client(await signIn());
    const out = (await api.get("transactions?type=OUT")).body;
    expect(out.count).toBe(3);
    expect((await api.get("transactions?type=IN&approved=true")).body.count).toBe(1);
    expect((await api.get("transactions?type=OUT&repeating=true")).body.results.map((r: any) => r.description)).toEqual(["Unit rent"]);
    expect((await api.get("transactions/figures?start=2000-01-01&end=2000-01-31")).body.total_in).toBe(0);
    const week = (await api.get("transactions?type=OUT&view=week")).body;
    expect(week.count).toBe(3);
    expect((await api.get("fixedexpense")).body.count).toBe(4);
    expect((await api.get("diaryentries")).body.count).toBe(3);
  });
});
