import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { item, jobBody, newVan, part, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { JobLines } from "../../core/workshop/job.js";
import { Counter, Facet, ListEntry, UniqueClaim } from "../../core/platform/service.js";
import { upgradeIndexes } from "../../core/platform/upgrades.js";

/**
 * The shared `part` line type (core/workshop/part-lines.ts): a job card's
 * parts are in the Parts Expenses views, the invoice list, Part History, the
 * search list and the cost and figures facets, kept by every save; the index
 * upgrade lists parts stored before the lists existed.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;

beforeAll(async () => {
  api = client(await signIn("pat@vanco.co.uk", "Pat"));
  ref = await workshopReference(api);
}, 60_000);

const ids = async (list: string, q: Record<string, unknown> = {}) => (await JobLines.linesIn("parts", list, { page: 1, page_size: 25, ...q })).results.map((r) => r.id);
const facet = async (name: string, value: string) => ((await Facet.get({ facet: `part#${name}`, value }).go({ consistent: true } as any)) as any).data?.live ?? 0;

describe("the part line type's lists and facets", () => {
  it("lists a job's parts in their views, with the cost banner, the invoice list, history, search and the parts figures", async () => {
    const v = await newVan(api, ref);
    const D = ref.hire.id;
    const job = await ok(
      api.post(
        "createjob",
        jobBody(ref, v.id, {
          work_items: [
            item(ref, {
              parts: [
                part(ref, { name: "Oil filter", part_number: "OF-77", cost: 12.5, to_be_ordered: true }),
                part(ref, { name: "Wiper blade", part_number: "WB 9", cost: 8, to_be_ordered: false, date_ordered: "2030-03-05", part_invoice_number: "INV-555", invoice_date: "2030-03-06" }),
                part(ref, { name: "Spare bulb", cost: 2, to_be_ordered: false, from_stock: true }),
              ],
            }),
          ],
        }),
      ),
    );
    const [oil, wiper, bulb] = job.work_items[0].parts.map((p: any) => p.id);
    expect(await ids(`v#current#d#${D}`)).toEqual(expect.arrayContaining([oil, wiper]));
    expect(await ids(`v#current#d#${D}`)).not.toContain(bulb);
    expect(await ids("v#tbo#d#all")).toContain(oil);
    expect(await ids("v#tbo#d#all")).not.toContain(wiper);
    expect(await ids(`v#stock#d#${D}`)).toEqual([bulb]);
    expect(await ids(`vi#current#d#${D}`)).toEqual([wiper]);
    expect(await ids(`inv#${ref.partsCo.id}#inv555`)).toEqual([wiper]);
    expect(await ids("hist#all")).toEqual(expect.arrayContaining([oil, wiper, bulb]));
    expect(await ids("search", { search: "wiper" })).toEqual([wiper]);
    expect(await ids("search", { search: "of77" })).toEqual([oil]);
    // A line list answers each part with its parent (row ids J{job}).
    const page = await JobLines.linesIn("parts", `v#current#d#${D}`, { page: 1, page_size: 25 }, { parents: true });
    expect(page.count).toBe(2);
    expect(page.results[0]).toMatchObject({ parent_type: "job", parent_id: job.id, parent: { id: job.id } });
    // The banner: the current view's cost in pence; the figures on the part date (date ordered, else the workshop date).
    expect(await facet("cost", `current#${D}`)).toBe(2050);
    expect(await facet("costi", `current#${D}`)).toBe(800);
    expect(await facet(`ptfig#${D}#2030-03`, "05#cost")).toBe(800);
    expect(await facet(`ptfig#${D}#2030-03`, "02#cost")).toBe(1450);
    // The due date: invoice date + the supplier's terms (30 days from the invoice date).
    expect(job.work_items[0].parts[1].due_date).toBe("2030-04-05");
    expect(await ids(`due#d#${D}`, { from: "2030-04-01", to: "2030-04-30" })).toEqual([wiper]);

    // A save moves the entries and the totals: the oil filter ordered, the wiper's cost changed.
    const parts = job.work_items[0].parts.map((p: any) =>
      p.id === oil ? { ...p, date_ordered: "2030-03-04" } : p.id === wiper ? { ...p, cost: 10 } : p,
    );
    await ok(api.put(`jobs/${job.id}`, { ...job, work_items: [{ ...job.work_items[0], parts }] }));
    expect(await ids("v#tbo#d#all")).not.toContain(oil);
    expect(await facet("cost", `current#${D}`)).toBe(2250);
    expect(await facet(`ptfig#${D}#2030-03`, "02#cost")).toBe(200); // the stock bulb, not ordered
    expect(await facet(`ptfig#${D}#2030-03`, "04#cost")).toBe(1250);

    // Found by id through the shared locator.
    expect((await api.get(`parts/update/${oil}`)).body).toMatchObject({ id: oil, job: job.id, origin: "job" });
  });

  it("the index upgrade lists the parts a release before stored without lists", async () => {
    const v = await newVan(api, ref);
    const job = await ok(api.post("createjob", jobBody(ref, v.id, { department: ref.lcv.id, work_items: [item(ref, { parts: [part(ref, { name: "Door seal", cost: 30 })] })] })));
    const seal = job.work_items[0].parts[0].id;
    const D = ref.lcv.id;
    const countOf = async (list: string) => ((await Counter.get({ name: `part#list#${list}` }).go({ consistent: true } as any)) as any).data?.live ?? 0;
    const before = { count: await countOf(`v#current#d#${D}`), cost: await facet("cost", `current#${D}`) };
    expect(before).toEqual({ count: 1, cost: 3000 });
    // As the previous release left it: no entries, counts, facets or `part#at` locator for the part.
    for (const list of [`v#current#d#${D}`, "v#current#d#all", `v#tbo#d#${D}`, "v#tbo#d#all", "hist#all", "search"]) {
      const res: any = await ListEntry.query.byList({ list: `part#${list}` }).go({ pages: "all" } as any);
      for (const e of res.data.filter((e: any) => e.id === seal)) await ListEntry.delete({ list: e.list, sort: e.sort, id: e.id } as any).go();
    }
    await Counter.update({ name: `part#list#v#current#d#${D}` }).set({ live: 0 }).go();
    await Facet.update({ facet: "part#cost", value: `current#${D}` }).set({ live: 0 }).go();
    await UniqueClaim.delete({ scope: "part#at", value: String(seal) }).go();
    await Counter.update({ name: "indexversion#line#part" }).set({ seq: 1 }).go();
    expect(await ids(`v#current#d#${D}`)).toEqual([]);

    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "line:part")).toMatchObject({ from: 1, to: 3 });
    expect(await ids(`v#current#d#${D}`)).toEqual([seal]);
    expect(await countOf(`v#current#d#${D}`)).toBe(1);
    expect(await facet("cost", `current#${D}`)).toBe(3000);
    expect((await api.get(`parts/update/${seal}`)).body).toMatchObject({ id: seal, name: "Door seal" });
    // Once only.
    expect((await upgradeIndexes()).find((d) => d.type === "line:part")).toBeUndefined();
  });
});
