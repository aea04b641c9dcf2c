import { beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { documentClient } from "../../core/platform/table.js";
import { fleetReference, van } from "./fleet-support.js";

/**
 * A vehicle save reads the stored vehicle once and its lines once before
 * it writes, and runs the save rules once (issue 10: it read the vehicle
 * three times and ran the rules three times). Measured at the one DynamoDB
 * client every read goes through (core/platform/table.ts), as
 * tests/api/fuzz.test.ts measures writes.
 */
let api: ReturnType<typeof client>;
let reads: Array<{ command: string; input: string }> | null = null;

beforeAll(async () => {
  api = client(await signIn("alex@vanco.co.uk", "Alex"));
  await fleetReference(api);
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName ?? "");
      if (reads && /^(Get|BatchGet|Query|TransactGet)/.test(command)) reads.push({ command, input: JSON.stringify((args as { input: unknown }).input) });
      return next(args);
    },
    { step: "initialize", name: "saveReadCounter" },
  );
});

/** The reads `run` makes of one vehicle's item and of its lines' partition. */
async function readsOf(id: number, run: () => Promise<unknown>) {
  const seen: NonNullable<typeof reads> = [];
  reads = seen;
  try {
    await run();
  } finally {
    reads = null;
  }
  const item = `"sk":"$vehicle_1#id_${String(id).padStart(12, "0")}"`;
  return {
    vehicle: seen.filter((r) => r.input.includes('record_type_vehicle"') && r.input.includes(item)).length,
    lines: seen.filter((r) => r.command === "QueryCommand" && r.input.includes(`parent_vehicle#${id}"`)).length,
  };
}

const agreement = { finance_type: "REGULAR", invoice_date: "2025-01-10", depreciation_start_date: "2025-01-15" };

describe("a vehicle save reads what it saves over once", () => {
  it("the whole vehicle with its agreements: one read of the vehicle, its lines read before the write and for the answer", async () => {
    const created = await api.post("createvehicle", van({ finance_agreements: [agreement] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const v = created.body;
    let answer: any;
    const counted = await readsOf(v.id, async () => {
      answer = await api.put(`vehicles/${v.id}`, { ...v, location: "Yard 2", finance_agreements: [...v.finance_agreements, { ...agreement, finance_company: "Lombard" }] });
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(counted).toEqual({ vehicle: 1, lines: 2 });
    // The answer is the vehicle as saved, as a fresh read gives it.
    expect(answer.body.location).toBe("Yard 2");
    expect(answer.body.finance_agreements).toHaveLength(2);
    expect(answer.body.inspections).toEqual([]);
    const fresh = await api.get(`vehicles/${v.id}`);
    expect(answer.body).toEqual(fresh.body);
  });

  it("an inline edit of one field: one read of the vehicle", async () => {
    const v = (await api.post("createvehicle", van({ fleet_number: "FSR2", registration: "SR02 AAA" }))).body;
    let answer: any;
    const counted = await readsOf(v.id, async () => {
      answer = await api.put(`vehicles/${v.id}`, { ordered_date: "2025-03-01", last_saved: v.last_saved });
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.ordered_date).toBe("2025-03-01");
    expect(counted).toEqual({ vehicle: 1, lines: 2 });
  });

  it("the vehicle's rules answer before its inspections are checked, and a stale save is still a 409", async () => {
    const v = (await api.post("createvehicle", van({ fleet_number: "FSR3", registration: "SR03 AAA" }))).body;
    const badInspection = { inspection_type: null, date_completed: "2025-01-01" };
    const res = await api.put(`vehicles/${v.id}`, { ...v, variant: "", inspections: [badInspection] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Variant is required");
    const inspectionOnly = await api.put(`vehicles/${v.id}`, { ...v, inspections: [badInspection] });
    expect(inspectionOnly.status).toBe(400);
    expect(inspectionOnly.body.message).toBe("Inspection type is required");
    expect((await api.put(`vehicles/${v.id}`, { ...v, location: "A" })).status).toBe(200);
    expect((await api.put(`vehicles/${v.id}`, { ...v, location: "B" })).status).toBe(409);
  });
});
