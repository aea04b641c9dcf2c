import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn } from "../support/api.js";
import { startFakeXero, type FakeXero } from "../support/fake-xero.js";
import { budgetUsed, takeCall } from "../../core/platform/budget.js";
import { ok } from "./fleet-support.js";

/**
 * Issue 22 finding 11: Xero's limits (60 calls a minute, 5,000 a day per
 * tenant) are one budget shared by every process (core/platform/budget.ts),
 * not each process's own. Two `xero-sync` processes started together
 * against the fake Xero make at most 60 calls in any 60 seconds; what is
 * left waits for a later run.
 */

let fake: FakeXero;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  api = client(await signIn("accounts@vanco.co.uk", "Alex"));
});
afterAll(async () => {
  await fake?.close();
});

/** A fresh fake Xero (its own tenant, so its own budget) and `n` tracking categories waiting, each with one option: two calls apiece (the category, then its option). */
async function prepare(n: number, prefix: string) {
  await fake?.close();
  fake = await startFakeXero();
  // Calls take a little while, as Xero's do: several are in flight at once.
  fake.state.delayMs = 60;
  for (let i = 0; i < n; i++) await ok(api.post("createtrackingcategory", { name: `${prefix} ${i}`, status: "ACTIVE", options: [{ name: `${prefix} option ${i}` }] }));
}

function syncProcess(): Promise<{ sent: number; failed: number; waiting: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/xero-sync-process.ts"], {
      env: { ...process.env, ...fake.env() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{")) return reject(new Error(`sync process exited ${code}: ${err || out}`));
      resolve(JSON.parse(line) as { sent: number; failed: number; waiting: number });
    });
  });
}

/** The most calls in any 60 s window (sliding, from each call's arrival). */
function busiestMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 60_000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("one call budget shared by every process (issue 22 finding 11)", () => {
  it("a second sync process started straight after the first makes no call once the first has used the minute's 60", async () => {
    // 60 categories: 120 calls wanted; the first run claims 50 of them (a run's batch) and may send 60 calls.
    await prepare(60, "After");
    const first = await syncProcess();
    const second = await syncProcess();
    const calls = fake.apiRequests();
    expect(busiestMinute(calls.map((r) => r.at)), `calls: ${calls.length}, first ${JSON.stringify(first)}, second ${JSON.stringify(second)}`).toBeLessThanOrEqual(60);
    const used = await budgetUsed(`xero#${fake.tenantId}`);
    expect(used.minute + used.previousMinute).toBe(calls.length);
    expect(used.day).toBe(calls.length);
  });

  it("two sync processes started together make at most 60 calls in any minute; the rest wait for a later run", async () => {
    await prepare(60, "Together");
    const [a, b] = await Promise.all([syncProcess(), syncProcess()]);
    const calls = fake.apiRequests();
    const most = busiestMinute(calls.map((r) => r.at));
    expect(most, `calls: ${calls.length}, a ${JSON.stringify(a)}, b ${JSON.stringify(b)}`).toBeLessThanOrEqual(60);
    // Xero's minute was used, not wasted.
    expect(calls.length).toBeGreaterThanOrEqual(50);
    expect(a.sent + b.sent).toBeGreaterThan(0);
    // What is left waits (a transient failure with its retry time): the next run sends it.
    expect(a.waiting + b.waiting + a.failed + b.failed).toBeGreaterThan(0);
    // The shared counters hold every call: this minute and the last, and today.
    const used = await budgetUsed(`xero#${fake.tenantId}`);
    expect(used.minute + used.previousMinute).toBe(calls.length);
    expect(used.day).toBe(calls.length);
  });
});

describe("the shared budget's counters (core/platform/budget.ts)", () => {
  const minute = 60_000;
  const t0 = Date.UTC(2030, 0, 1, 10, 0, 5);

  it("a minute's calls and the previous minute's together stay within the limit; the next minute frees what the last one did not use", async () => {
    const scope = `unit#${Math.random()}`;
    const limits = { perMinute: 3, perDay: 100 };
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await takeCall(scope, limits, t0 + i));
    expect(taken.map((t) => t.ok)).toEqual([true, true, true, false]);
    expect(taken[3]).toEqual({ ok: false, spent: "minute", retryAfterMs: minute - 5_003 });
    // 10:01:00: the 3 calls of 10:00 are within the last 60 s, so none yet.
    expect(await takeCall(scope, limits, t0 + minute - 5_000)).toMatchObject({ ok: false, spent: "minute" });
    // 10:02:00: 10:01 used none, all 3 are free again.
    const later = [];
    for (let i = 0; i < 3; i++) later.push((await takeCall(scope, limits, t0 + 2 * minute - 5_000 + i)).ok);
    expect(later).toEqual([true, true, true]);
  });

  it("the day's calls stop at the day's limit, until midnight UTC", async () => {
    const scope = `unit#${Math.random()}`;
    const limits = { perMinute: 100, perDay: 2 };
    expect((await takeCall(scope, limits, t0)).ok).toBe(true);
    expect((await takeCall(scope, limits, t0 + 1)).ok).toBe(true);
    const spent = await takeCall(scope, limits, t0 + 2);
    expect(spent).toMatchObject({ ok: false, spent: "day" });
    expect(t0 + 2 + (spent.ok ? 0 : spent.retryAfterMs)).toBe(Date.UTC(2030, 0, 2));
    // The refused call counted nowhere: a transaction counts in both windows or neither.
    expect(await budgetUsed(scope, t0)).toEqual({ minute: 2, previousMinute: 0, day: 2 });
    expect((await takeCall(scope, limits, Date.UTC(2030, 0, 2, 0, 0, 1))).ok).toBe(true);
  });
});
