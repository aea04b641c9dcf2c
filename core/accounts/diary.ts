import { ConflictError, ValidationError } from "../platform/errors.js";
import { rowsOfPage, type Page } from "../platform/paging.js";
import { defineRecordType, isFresh, lastSavedOf } from "../platform/records.js";
import { DIARY_MESSAGES, diaryEntry } from "./diary-definitions.js";
import { diaryBuckets, diaryRuleResult, lastDayOf, windowBuckets } from "./diary-rules.js";

/**
 * The diary (003 §2 Diary, §3, §4, §7; docs/data-model.md §8.1 Diary
 * entry, A12). View All pages `open` (or `all` with Show Completed) by
 * start date; the Weekly and Daily views read the bucket lists of their
 * window (diary-rules.ts), so a week's read is the entries touching it,
 * whatever the diary's history.
 */

type Row = Record<string, any>;

function refuse(r: { message: string; errors: Record<string, string> } | null) {
  if (r) throw new ValidationError(r.message, r.errors);
}

export const DiaryEntry = defineRecordType({
  type: "diary",
  label: "Diary entry",
  fields: diaryEntry.schema,
  defaults: () => ({ completed: false }),
  searchOf: (r) => String(r.task_for ?? ""),
  validate: (r) => refuse(diaryRuleResult(r)),
  lists: (r) => {
    if (!r.start_date) return [];
    const sort = r.start_date;
    const states = r.completed ? ["all"] : ["open", "all"];
    const out: Array<{ list: string; sort: string; tags?: string[] }> = states.map((s) => ({ list: s, sort }));
    const tags = [`e=${lastDayOf({ start_date: r.start_date, end_date: r.end_date })}`];
    for (const b of diaryBuckets({ start_date: r.start_date, end_date: r.end_date })) for (const s of states) out.push({ list: `b#${b}#${s}`, sort, tags });
    return out;
  },
  listPositions: { coarse: 7, fine: 10, lists: (list) => list === "open" || list === "all" },
});

type Entry = { id: number; sort: string; tags: string[] };
const tagOf = (e: Entry, k: string) => e.tags.find((t) => t.startsWith(`${k}=`))?.slice(k.length + 1);

export const Diary = {
  /**
   * GET diaryentries: View All (no dates) newest start first; with
   * start_date and end_date the entries touching that window (Weekly:
   * Monday to Sunday; Daily: one day), earliest first. Completed ones only
   * with completed=true.
   */
  async list(q: { page: number; page_size: number; completed?: boolean; start_date?: string | null; end_date?: string | null }): Promise<Page<Row>> {
    const state = q.completed ? "all" : "open";
    if (!q.start_date && !q.end_date) return (await DiaryEntry.listIn(state, { page: q.page, page_size: q.page_size, order: "desc" }));
    const from = q.start_date ?? q.end_date!;
    const to = q.end_date ?? q.start_date!;
    const buckets = windowBuckets(from, to);
    if (!buckets) throw new ValidationError(DIARY_MESSAGES.window, { end_date: DIARY_MESSAGES.window });
    const found = await Promise.all(buckets.map((b) => DiaryEntry.entriesIn(`b#${b}#${state}`, { to, order: "asc" })));
    const seen = new Map<number, Entry>();
    for (const e of found.flat()) if (!seen.has(e.id) && (tagOf(e, "e") ?? "") >= from) seen.set(e.id, e);
    const entries = [...seen.values()].sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.id - b.id));
    const rows = await rowsOfPage(entries.map((e) => e.id), q, (ids) => DiaryEntry.getMany(ids));
    return { count: entries.length, results: rows };
  },

  create(body: unknown, actor: string) {
    return DiaryEntry.create(body, actor);
  },

  /** PUT diaryentry/{id}: a save or Mark As Completed ({completed: true, last_saved}); left-out fields keep their values. */
  async save(id: number, body: unknown, actor: string) {
    const stored = await DiaryEntry.stored(id);
    if (!isFresh(stored.last_saved, lastSavedOf(body))) throw new ConflictError();
    return DiaryEntry.update(id, body, actor, { partial: true, current: stored });
  },

  remove(id: number, actor: string) {
    return DiaryEntry.remove(id, actor);
  },
};
