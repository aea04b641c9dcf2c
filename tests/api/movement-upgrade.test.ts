import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { ok } from "./fleet-support.js";
import { newVan, workshopReference, type WorkshopRef } from "./workshop-support.js";
import { config } from "../../core/platform/config.js";
import { documentClient } from "../../core/platform/table.js";
import { Counter } from "../../core/platform/service.js";
import { ENGINE_INDEX_VERSION } from "../../core/platform/records.js";
import { upgradeIndexes } from "../../core/platform/upgrades.js";
import { Movement } from "../../core/workshop/movements.js";

/**
 * Movements saved before issue 27 carry no `fleet_vehicle` (the van is
 * resolved at each save), so their internal charge is missing from the
 * van's profit line. The movement's index version 2 gives each its van
 * through the engine's save (core/workshop/movement-upgrade.ts), the van's
 * figures moved in the movement's own transaction, once however often it runs.
 */
let api: ReturnType<typeof client>;
let ref: WorkshopRef;
const ON = "2025-05-14";

beforeAll(async () => {
  api = client(await signIn());
  ref = await workshopReference(api);
});

/** A movement as the release before issue 27 stored it: no `fleet_vehicle` attribute, no figures. */
async function storedTheOldWay(body: Record<string, unknown>) {
  const m = await ok(api.post("movement", body));
  const key = Movement.entity.get({ record_type: "movement", id: m.id }).params().Key;
  await documentClient().send(new UpdateCommand({ TableName: config.tableName, Key: key, UpdateExpression: "REMOVE fleet_vehicle" }));
  return m;
}

describe("index upgrade 2 of movements: each old movement given its fleet van", () => {
  it("resolves an old movement's van by its registration and moves the van's figures once, however often it runs", async () => {
    const registration = "OL25 MVA";
    // Saved while the registration was no fleet van's (as every movement before issue 27 was: no van resolved).
    const old = await storedTheOldWay({ vehicle: "ol25mva", internal_charge: 45, cost_override: true, cost: 90, delivery_date: "2025-05-10" });
    const stranger = await storedTheOldWay({ vehicle: "NOT A VAN 2", internal_charge: 10, delivery_date: "2025-05-10" });
    const a = await newVan(api, ref, { registration, purchase_date: "2025-01-10", mileage: 1000 });
    expect((await ok(api.get(`vehicles/${a.id}/profit?on=${ON}`))).movements).toBe(0);
    expect((await Movement.stored(old.id)).fleet_vehicle ?? null).toBeNull();

    // The table as the previous release left it: movements at index version 1 (the engine's versions on top).
    await Counter.update({ name: "indexversion#movement" }).set({ seq: ENGINE_INDEX_VERSION }).go();
    const lines: string[] = [];
    const done = await upgradeIndexes((l) => lines.push(l));
    expect(done.find((d) => d.type === "movement")).toMatchObject({ from: ENGINE_INDEX_VERSION, to: 2 + ENGINE_INDEX_VERSION - 1 });
    expect(lines).toContain("Gave 1 movements their fleet van.");

    const check = async () => {
      const line = await ok(api.get(`vehicles/${a.id}/profit?on=${ON}`));
      expect([line.movements, line.profit_before_finance]).toEqual([45, -45]);
      const figure = line.figures.find((f: { name: string }) => f.name === "movements");
      expect(figure.records).toEqual([{ kind: "movement", id: old.id, amount: 45 }]);
      expect((await ok(api.get(`movement/${old.id}`))).fleet_vehicle).toBe(a.id);
      expect((await Movement.stored(stranger.id)).fleet_vehicle ?? null).toBeNull();
    };
    await check();

    // Run again (a crash before the version was kept, a second deploy): nothing is moved twice.
    await Counter.update({ name: "indexversion#movement" }).set({ seq: ENGINE_INDEX_VERSION }).go();
    const again: string[] = [];
    await upgradeIndexes((l) => again.push(l));
    expect(again).toContain("Gave 0 movements their fleet van.");
    await check();
    // And at the current version the upgrade is not run at all.
    expect((await upgradeIndexes()).find((d) => d.type === "movement")).toBeUndefined();
    await check();
  });
});
