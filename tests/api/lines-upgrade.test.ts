import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { fleetReference, van } from "./fleet-support.js";
import { config } from "../../core/platform/config.js";
import { documentClient } from "../../core/platform/table.js";
import { Counter, Facet, ListEntry } from "../../core/platform/service.js";
import { LineItem } from "../../core/platform/lines.js";
import { Vehicle } from "../../core/fleet/vehicle.js";
import { upgradeIndexes } from "../../core/platform/upgrades.js";
import { ENGINE_INDEX_VERSION } from "../../core/platform/records.js";

/**
 * Vehicles saved by the previous release hold their agreements in their
 * own item: index version 3 moves them into the vehicle's lines (numbers
 * kept), and the vehicle's lists (the `sold` list) still find them.
 */
let api: ReturnType<typeof client>;
let ref: Awaited<ReturnType<typeof fleetReference>>;

beforeAll(async () => {
  api = client(await signIn());
  ref = await fleetReference(api);
});

const sale = {
  finance_type: "NONE", vehicle_purchase_price: 12000, invoice_date: "2025-02-01", depreciation_start_date: "2025-02-01", annual_depreciation_rate: 20,
  sold_date: "2026-03-10", sold_price: 15000,
};

describe("index upgrade 3: agreements into lines", () => {
  it("moves the agreements of a vehicle saved by the previous release, numbers kept, and its lists find them", async () => {
    const made = (await api.post("createvehicle", van({ department: ref.hire.id, finance_agreements: [sale, { ...sale, sold_date: null, sold_price: null }] }))).body;
    const [a, b] = made.finance_agreements;
    // As the previous release stored it: the agreements in the vehicle's item, no lines.
    const key = Vehicle.entity.get({ record_type: "vehicle", id: made.id }).params().Key;
    const strip = ({ remaining_capital: _r, remaining_balance: _b, hp_remaining_interest: _h, this_months_payment: _t, estimated_value: _e, last_saved: _l, ...rest }: any) => rest;
    await documentClient().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: "SET finance_agreements = :a",
        ExpressionAttributeValues: { ":a": [strip({ ...a, department: null, supplier: null, sale_customer: null }), strip({ ...b, department: null, supplier: null, sale_customer: null })] },
      }),
    );
    for (const l of [a, b])
      await documentClient().send(new DeleteCommand({ TableName: config.tableName, Key: LineItem.delete({ parent: `vehicle#${made.id}`, key: `l#finance_agreements#${String(l.id).padStart(12, "0")}` }).params().Key }));
    await Counter.update({ name: "indexversion#vehicle" }).set({ seq: 2 }).go();
    expect((await api.get(`vehicles/${made.id}`)).body.finance_agreements).toEqual([]);

    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "vehicle")).toMatchObject({ from: 2, to: 6 + ENGINE_INDEX_VERSION - 1 }); // the vehicle's indexVersion (6: the charts' fleet-day facets) on top of the engine's
    const got = (await api.get(`vehicles/${made.id}`)).body;
    expect(got.finance_agreements.map((x: any) => x.id)).toEqual([a.id, b.id]);
    expect(got.finance_agreements[0]).toMatchObject({ sold_date: "2026-03-10", sold_price: 15000, purchase_price: 12000 });
    expect(got.purchase_type).toBe("NONE");
    const raw: any = await Vehicle.entity.get({ record_type: "vehicle", id: made.id }).go({ data: "raw" } as any);
    expect(raw.data.Item.finance_agreements).toBeUndefined();
    // The sold list, rebuilt from the lines, still finds the sale.
    const sold = await api.get(`financeagreements?start=2026-03-01&end=2026-03-31`);
    expect(sold.body.results.map((r: any) => r.id)).toEqual([a.id]);
    // New agreements are numbered after the moved ones; a save keeps the moved ones.
    const saved = await api.put(`vehicles/${made.id}`, { last_saved: got.last_saved, finance_agreements: [...got.finance_agreements, sale] });
    expect(saved.status).toBe(200);
    expect(saved.body.finance_agreements.map((x: any) => x.id).slice(0, 2)).toEqual([a.id, b.id]);
    expect(saved.body.finance_agreements[2].id).toBeGreaterThan(b.id);
    // Once only.
    expect((await upgradeIndexes()).find((d) => d.type === "vehicle")).toBeUndefined();
  });
});

describe("index upgrade 5: one column list sorted by value, place and tab order", () => {
  it("indexes vehicles saved before it for the column filters and removes the old column lists and status facets", async () => {
    const made = (await api.post("createvehicle", van({ registration: "UP05 AAA", fleet_number: "55001", make: ref.ford.id, department: ref.hire.id }))).body;
    // As the previous release indexed it: an entry in `cols#FLEET`, a facet per status, none of the new entries.
    const mine = await Vehicle.entriesIn("col", { search: `m=${ref.ford.id};` });
    for (const e of (await ListEntry.query.byList({ list: "vehicle#col" }).go({ pages: "all" } as any)).data.filter((x: any) => x.id === made.id))
      await ListEntry.delete({ list: e.list, sort: e.sort, id: e.id }).go();
    await ListEntry.put({ list: "vehicle#cols#FLEET", sort: `m=${ref.ford.id};`, id: made.id, tags: "|st=active|" }).go();
    await Facet.update({ facet: "vehicle#status#ACTIVE", value: `make#${ref.ford.id}` }).add({ live: 1 }).go();
    await Counter.update({ name: "indexversion#vehicle" }).set({ seq: 4 }).go();
    expect(mine.map((e) => e.id)).toContain(made.id);
    expect((await api.get(`vehicles?vehicle_status=ACTIVE&search=UP05&make=${ref.ford.id}`)).body.count).toBe(1);

    const done = await upgradeIndexes();
    expect(done.find((d) => d.type === "vehicle")).toMatchObject({ from: 4, to: 6 + ENGINE_INDEX_VERSION - 1 }); // the vehicle's indexVersion (6: the charts' fleet-day facets) on top of the engine's
    expect((await ListEntry.query.byList({ list: "vehicle#cols#FLEET" }).go()).data).toEqual([]);
    expect((await Facet.query.byFacet({ facet: "vehicle#status#ACTIVE" }).go()).data).toEqual([]);
    const filtered = await api.get(`vehicles?vehicle_status=all&make=${ref.ford.id}&filter_list=false`);
    expect(filtered.body.results.map((r: any) => r.registration)).toContain("UP05 AAA");
    expect(filtered.body.count).toBe(filtered.body.results.length);
  });
});
