// Saving one line by its id alone: the line checked fresh, the parent service's rules run, the parent saved with it as one unit.
import { ConflictError, NotFoundError, ValidationError } from "../errors.js";
import { parseSentLines, type StoredLine } from "../lines-plan.js";
import { pause } from "../records/bulk.js";
import { isFresh, lastSavedOf } from "../records/freshness.js";
import type { WriteExtra } from "../records/types.js";
import { lineView, type Partition } from "./item.js";
import { locate } from "./registry.js";
import type { LineCollection, LineRow, LineSaveHook, ParentRow, SavedLine } from "./types.js";

/** The parent's update as the line save calls it (the lines engine's `updateParent`). */
export type UpdateParent = (
  id: number,
  body: Record<string, unknown>,
  actor: string,
  opts: { partial?: boolean; system?: boolean; also?: WriteExtra; current?: Record<string, unknown>; settled?: Partition },
) => Promise<ParentRow>;

/** What a line save knows of its parent type's lines. */
export type ParentOfLineSave = {
  parentType: string;
  names: string[];
  collectionOf: (name: string) => LineCollection;
  lineTypeOf: (name: string) => string;
  settle: (id: number) => Promise<Partition>;
  readLine: (collection: string, lineId: number, parentId: number) => Promise<StoredLine | null>;
  stored: (id: number) => Promise<ParentRow>;
  hook: () => LineSaveHook | null;
  updateParent: UpdateParent;
};

/** Errors of the line as sent, keyed by its own fields (not "<collection>.0."). */
function rekey(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]));
}

/** Save one line by its id (this parent type's): see `saveLine`. */
export async function saveLineHere(p: ParentOfLineSave, collection: string, lineId: number, body: Record<string, unknown>, actor: string): Promise<SavedLine> {
  const c = p.collectionOf(collection);
  const sent = lastSavedOf(body);
  const located = await locate(p.lineTypeOf(collection), lineId);
  if (!located) throw new NotFoundError(c.label ?? "Line");
  const parentId = located.parentId;
  for (let attempt = 0; ; attempt++) {
    const part = await p.settle(parentId);
    const lines = part.lines.get(collection) ?? [];
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw new NotFoundError(c.label ?? "Line");
    if (!isFresh(line.last_saved, sent)) throw new ConflictError();
    // The line as sent, checked alone (errors keyed by its own fields), then the collection with it.
    const one = body;
    let parsed: Record<string, unknown>;
    try {
      parsed = parseSentLines(c, [one])[0].fields;
    } catch (e) {
      if (e instanceof ValidationError) throw new ValidationError(e.message, rekey(e.errors, `${collection}.0.`));
      throw e;
    }
    // Only the collections the save changes are sent: the others keep their lines (and write nothing).
    const changed = new Map<string, Map<number, Record<string, unknown>>>([[collection, new Map([[lineId, { ...one }]])]]);
    let current: Record<string, unknown> | undefined;
    const hook = p.hook();
    if (hook) {
      // The parent service's rules and locks run on the job as it will be; it answers the lines to write.
      current = await p.stored(parentId);
      const views = Object.fromEntries(p.names.map((n) => [n, (part.lines.get(n) ?? []).map(lineView)]));
      const answer = await hook({ parentId, parent: current, lines: views, collection, lineId, line: { ...lineView(line), ...parsed, id: lineId, last_saved: line.last_saved }, actor });
      if (answer) {
        changed.clear();
        for (const a of answer) {
          if (!changed.has(a.collection)) changed.set(a.collection, new Map());
          changed.get(a.collection)!.set(a.line.id as number, a.line);
        }
      }
    }
    const body2: Record<string, unknown> = {};
    for (const [name, byId] of changed)
      body2[name] = (part.lines.get(name) ?? []).map((l) => {
        const sentLine = byId.get(l.id);
        return sentLine ? { ...sentLine, id: l.id, last_saved: l.last_saved } : { ...lineView(l) };
      });
    try {
      const row = await p.updateParent(parentId, body2, actor, { partial: true, system: true, settled: part, current });
      const found = ((row[collection] ?? []) as Array<Record<string, unknown>>).find((l) => l.id === lineId);
      const saved = found ?? lineView((await p.readLine(collection, lineId, parentId))!);
      return { parent: row, line: { ...saved, parent_type: p.parentType, parent_id: parentId } as LineRow };
    } catch (e) {
      // The parent was saved meanwhile (another line, or the parent itself): the line may still be fresh, so read again.
      if (!(e instanceof ConflictError) || attempt >= 2) throw e;
      await pause(attempt);
    }
  }
}

export type { LineRow };
