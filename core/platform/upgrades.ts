import { lineTypeVersions, rebuildLineType } from "./lines.js";
import { recordTypes } from "./records.js";
import { Counter } from "./service.js";

/**
 * Index upgrades: when a release indexes a record type differently (a new
 * list, new tags on entries, a new facet), it raises the type's
 * `indexVersion`, and the records saved before are indexed again once, so
 * lists and figures see every record, old or new. A release that changes
 * what the engine itself writes (core/platform/records/define.ts
 * `ENGINE_INDEX_VERSION`: position counts, one item per date range,
 * counters without deleted ids) raises every type's version at once. The
 * version each type's stored indexes are at is kept in the table
 * (`indexversion#<type>`).
 *
 * Run while nobody else writes: `npm start` runs it before the server
 * listens; on AWS, `npx tsx scripts/upgrade-indexes.ts` after a deploy
 * (docs/deploy.md).
 */
/**
 * Moves of stored data a release makes to a type's records before they
 * are indexed again (e.g. a vehicle's agreements out of its item into its
 * lines): run once, when the type's stored index version is below
 * `version`. Each must be safe to run again after a crash.
 */
export const dataUpgrades: Array<{ type: string; version: number; run: (log: (line: string) => void) => Promise<number> }> = [];

export async function upgradeIndexes(log: (line: string) => void = () => undefined) {
  const done: Array<{ type: string; from: number; to: number; records: number }> = [];
  for (const t of recordTypes) {
    if (t.indexVersion <= 1) continue;
    const name = `indexversion#${t.type}`;
    const stored = await Counter.get({ name }).go({ consistent: true });
    const from = stored.data?.seq ?? 1;
    if (from >= t.indexVersion) continue;
    for (const u of dataUpgrades.filter((u) => u.type === t.type && u.version > from && u.version <= t.indexVersion)) {
      log(`Moving ${t.type} data for index version ${u.version}...`);
      await u.run(log);
    }
    log(`Indexing ${t.type} records for this release (index version ${from} -> ${t.indexVersion})...`);
    const { records } = await t.rebuildIndexes();
    await Counter.update({ name }).set({ seq: t.indexVersion }).go();
    done.push({ type: t.type, from, to: t.indexVersion, records });
  }
  // Line types (core/platform/lines.ts): every stored line of a type listed again once when its declarations' version rises.
  for (const { lineType, version } of lineTypeVersions()) {
    if (version <= 1) continue;
    const name = `indexversion#line#${lineType}`;
    const stored = await Counter.get({ name }).go({ consistent: true });
    const from = stored.data?.seq ?? 1;
    if (from >= version) continue;
    log(`Indexing ${lineType} lines for this release (index version ${from} -> ${version})...`);
    const { lines } = await rebuildLineType(lineType);
    await Counter.update({ name }).set({ seq: version }).go();
    done.push({ type: `line:${lineType}`, from, to: version, records: lines });
  }
  return done;
}
