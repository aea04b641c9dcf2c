import { describe, expect, it } from "vitest";
import * as z from "zod";
import "../support/api.js";
import { defineRecordType, readFigures, readSources, writeTogether } from "../../core/platform/records.js";
import { rankCounter } from "../../core/platform/records/figures.js";
import { Counter } from "../../core/platform/service.js";
import { ConflictError, EDITED_ELSEWHERE } from "../../core/platform/errors.js";

/**
 * Figures moved by writes planned into another record's transaction
 * (records/planned.ts `planCreate`/`planUpdate`/`planRemove` through
 * `writeTogether`): planned on the owner's rank as read, with the same
 * `figuresExtra` a record's own save uses, and planned again by the save's
 * own retry (records/save.ts) when another write moved the rank meanwhile.
 * Two such writes of different records of one van, at once, both land; a
 * planned record saved meanwhile is still edited elsewhere (409).
 */

/** A card that carries other records' writes (it has no figures of its own). */
const Card = defineRecordType({ type: "testpfcard", label: "Test card", fields: z.object({ label: z.string().max(50) }) });

/** A job adding its amount (pence) to its van's figures, the rank going down by it (a cost). */
const Job = defineRecordType({
  type: "testpfjob",
  label: "Test job",
  fields: z.object({ van: z.number().int(), month: z.string().max(7), amount: z.number().int() }),
  figures: (r) => [{ owner: `testpfvan#${r.van}`, month: r.month, amounts: { labour: r.amount }, rank: -r.amount }],
});

const owner = (van: number) => `testpfvan#${van}`;
const rankOf = async (van: number) => ((await Counter.get({ name: rankCounter(owner(van)) }).go({ consistent: true })).data as { live?: number } | null)?.live ?? 0;

/** The van's figures against its jobs as stored: every total equals the sum of its records. */
async function expectFiguresOf(van: number, ids: number[]) {
  const jobs = await Promise.all(ids.map((id) => Job.get(id)));
  const sum = jobs.reduce((n, j) => n + j.amount, 0);
  const figures = await readFigures(owner(van));
  expect(figures.total.amounts.labour ?? 0).toBe(sum);
  expect(figures.total.rank).toBe(-sum);
  expect(await rankOf(van)).toBe(-sum);
  const byMonth = new Map<string, number>();
  for (const j of jobs) byMonth.set(j.month, (byMonth.get(j.month) ?? 0) + j.amount);
  for (const m of figures.months) expect(m.amounts.labour ?? 0).toBe(byMonth.get(m.month) ?? 0);
  const sources = await readSources(owner(van));
  expect(sources.map((s) => [s.month, s.amounts.labour]).sort()).toEqual(jobs.filter((j) => j.amount).map((j) => [`testpfjob#${j.id}`, j.amount]).sort());
}

/** A card created with the planned writes `plans` makes in its transaction. */
const cardWith = (plans: () => Promise<Awaited<ReturnType<typeof Job.planUpdate>>[]>) => Card.create({ label: "carries" }, "t", { extra: writeTogether(plans) });

describe("planned writes moving one van's figures", () => {
  it("two planned writes of different records of one van, at once, both land; the figures equal the sum of the records", async () => {
    const van = 9100 + Math.floor(Math.random() * 800);
    const a = await Job.create({ van, month: "2030-01", amount: 10000 }, "t");
    const b = await Job.create({ van, month: "2030-02", amount: 20000 }, "t");
    await expectFiguresOf(van, [a.id, b.id]);
    const ids = [a.id, b.id];
    for (let round = 0; round < 4; round++) {
      const [ja, jb] = await Promise.all([Job.get(a.id), Job.get(b.id)]);
      // At the same instant: an update of each job and a new job, each in a card's transaction, all on the van's rank.
      const made = await Promise.all([
        cardWith(async () => [await Job.planUpdate(a.id, { amount: ja.amount + 150 + round, last_saved: ja.last_saved }, "t", { partial: true })]),
        cardWith(async () => [await Job.planUpdate(b.id, { amount: jb.amount + 250 + round, month: round % 2 ? "2030-02" : "2030-03", last_saved: jb.last_saved }, "t", { partial: true })]),
        (async () => {
          let id = 0;
          await cardWith(async () => {
            const plan = await Job.planCreate({ van, month: "2030-01", amount: 333 + round }, "t");
            id = Number((plan.writes.find((w) => w.op === "audit") as { item: { record_id: string } }).item.record_id);
            return [plan];
          });
          return id;
        })(),
      ]);
      ids.push(made[2]);
      await expectFiguresOf(van, ids);
    }
    // A planned delete takes its figures away, racing an update of another job.
    const gone = ids.pop()!;
    const jb = await Job.get(b.id);
    await Promise.all([cardWith(async () => [await Job.planRemove(gone, "t")]), cardWith(async () => [await Job.planUpdate(b.id, { amount: 1, last_saved: jb.last_saved }, "t", { partial: true })])]);
    await expectFiguresOf(van, ids);
  });

  it("a planned record saved elsewhere before its transaction is edited elsewhere (409), not busy; nothing of it lands", async () => {
    const van = 9900 + Math.floor(Math.random() * 90);
    const a = await Job.create({ van, month: "2030-01", amount: 5000 }, "t");
    const cards = (await Card.list({ page: 1, page_size: 1 })).count;
    const lost = cardWith(async () => {
      const plan = await Job.planUpdate(a.id, { amount: 7000, last_saved: a.last_saved }, "t", { partial: true });
      // Saved by someone else between the plan and the card's transaction.
      await Job.update(a.id, { amount: 6000, last_saved: a.last_saved }, "t", { partial: true });
      return [plan];
    });
    await expect(lost).rejects.toThrow(ConflictError);
    await expect(lost).rejects.toThrow(EDITED_ELSEWHERE);
    expect((await Job.get(a.id)).amount).toBe(6000);
    expect((await Card.list({ page: 1, page_size: 1 })).count).toBe(cards);
    await expectFiguresOf(van, [a.id]);
  });
});
