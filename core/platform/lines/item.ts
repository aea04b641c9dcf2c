// A parent's line partition as stored: the line item entity, its keys, a line's views, batch puts and deletes, and the test seam.
import { Entity } from "electrodb";
import { chunk, type StoredLine } from "../lines-plan.js";
import { SERVICE, entityConfig, writer } from "../service.js";

/** One item of a parent's line partition: a line, a staged line, or the head (the save marker). */
export const LineItem = new Entity(
  {
    model: { entity: "line", version: "1", service: SERVICE },
    attributes: {
      parent: { type: "string", required: true },
      // "l#<collection>#<id>" a line, "s#<token>#<collection>#<id>" a staged line, "h" the head.
      key: { type: "string", required: true },
      collection: { type: "string" },
      id: { type: "number" },
      fields: { type: "any" },
      last_saved: { type: "string" },
      created_at: { type: "string" },
      created_by: { type: "string" },
      updated_by: { type: "string" },
      // A staged removal.
      removed: { type: "boolean" },
      // Head: a save in steps not yet committed, and one committed but not yet applied.
      pending_token: { type: "string" },
      pending_at: { type: "string" },
      pending_staged: { type: "boolean" },
      applying_token: { type: "string" },
      // A staged change's index operations (entries, counts, facets, locator), applied with it.
      ops: { type: "any" },
      // A staged change that moves only the line's entries (the line itself unchanged).
      reindex: { type: "boolean" },
    },
    indexes: {
      byParent: { pk: { field: "pk", composite: ["parent"] }, sk: { field: "sk", composite: ["key"] } },
    },
  },
  entityConfig(),
);

/** The line item entity as a transaction's builder sees it (service.ts `writer`). */
export const LineTx = writer(LineItem);

/** An item of the line partition as read. */
export type StoredItem = {
  parent: string;
  key: string;
  collection?: string;
  id?: number;
  fields?: unknown;
  last_saved?: string;
  created_at?: string;
  created_by?: string;
  updated_by?: string;
  removed?: boolean;
  pending_token?: string;
  pending_at?: string;
  pending_staged?: boolean;
  applying_token?: string;
  ops?: unknown;
  reindex?: boolean;
};

export type Head = { pending_token?: string; pending_at?: string; pending_staged?: boolean; applying_token?: string };
export type Partition = { head: Head | null; lines: Map<string, StoredLine[]> };

export const pad = (id: number) => String(id).padStart(12, "0");
export const lineKey = (collection: string, id: number) => `l#${collection}#${pad(id)}`;
export const stagedKey = (token: string, collection: string, id: number) => `s#${token}#${collection}#${pad(id)}`;
export const HEAD = "h";

/** The steps of a save in steps, where a test may inject a failure. */
export type LineStep = "claim" | "stage" | "staged" | "commit" | "apply";

/**
 * Test seam, never set by the product: `failAfter` throws once right after
 * that step of the next save in steps; `staleMs` is how old an uncommitted
 * save must be before another save undoes it (a save in steps takes well
 * under a second; the margin covers a slow Lambda).
 */
export const linesTestSeam: { failAfter: LineStep | null; staleMs: number } = { failAfter: null, staleMs: 30_000 };

/** A failure injected by `linesTestSeam`: it stands for a crash, so nothing is cleaned up after it. */
export class InjectedCrash extends Error {}

export function step(name: LineStep) {
  if (linesTestSeam.failAfter === name) {
    linesTestSeam.failAfter = null;
    throw new InjectedCrash(`injected failure after ${name}`);
  }
}

/** A line item as the engine works on it. */
export function storedOf(item: StoredItem): StoredLine {
  return {
    id: item.id ?? 0,
    last_saved: item.last_saved ?? "",
    created_at: item.created_at ?? "",
    created_by: item.created_by ?? "",
    updated_by: item.updated_by ?? "",
    fields: (item.fields ?? {}) as Record<string, unknown>,
  };
}

/** A line as the parent's rules and every answer see it: its fields, its id and last_saved. */
export function lineView(l: StoredLine): Record<string, unknown> {
  return { ...l.fields, id: l.id, last_saved: l.last_saved };
}

/** A line as its item (`key`: where it is put, a line or a staged line). */
export function lineItem(parent: string, collection: string, l: StoredLine, key: string) {
  return {
    parent,
    key,
    collection,
    id: l.id,
    fields: l.fields,
    last_saved: l.last_saved,
    created_at: l.created_at,
    created_by: l.created_by,
    updated_by: l.updated_by,
  };
}

/** Put or delete line items with BatchWriteItem, 25 a request; unprocessed ones are sent again. */
export async function inBatches(kind: "put" | "delete", items: StoredItem[]) {
  for (const batch of chunk(items, 25)) {
    let todo: StoredItem[] = batch;
    for (let attempt = 0; todo.length; attempt++) {
      const res = kind === "put" ? await LineItem.put(todo).go({ unprocessed: "item" }) : await LineItem.delete(todo).go({ unprocessed: "item" });
      todo = res.unprocessed ?? [];
      if (todo.length && attempt > 10) throw new Error(`lines: ${todo.length} items left unprocessed`);
      if (todo.length) await new Promise((r) => setTimeout(r, 20 * 2 ** Math.min(attempt, 5)));
    }
  }
}

export function ignoreConditionFailed(e: unknown) {
  const message = e instanceof Error ? e.message : String(e);
  if (!/conditional request failed/i.test(message)) throw e;
}
