import { NotFoundError } from "../platform/errors.js";
import type { Page } from "../platform/paging.js";
import { xeroConfigured } from "./xero-client.js";
import { XeroPush, type PushRow } from "./xero-push.js";
import { runSync } from "./xero-sync.js";

/** The Xero sync's calls as the sync page and the record screens read them (functions/accounts/xero.ts). */

/** 003 §8 "Accounting push" messages. */
export const XERO_MESSAGES = {
  allSent: "All data has been sent to Xero",
  sent: "Data has been sent to Xero",
  error: "There was an error sending data to Xero",
  notConnected: "Xero is not connected",
} as const;

const ROW_FIELDS = ["id", "target", "source_type", "source_id", "label", "status", "version", "attempts", "xero_id", "last_error", "errors", "queued_at", "sent_at", "retry_at", "held_department", "held_reason"] as const;
/** A push item as GET xero/pushes answers it (`rowOf`): the record's own fields (xero-push.ts), each present, an unset one null, the errors a list. */
export type PushAnswer = { [K in (typeof ROW_FIELDS)[number]]-?: K extends "errors" ? string[] : Exclude<PushRow[K], undefined> };
const rowOf = (r: Record<string, any>) => Object.fromEntries(ROW_FIELDS.map((f) => [f, r[f] ?? (f === "errors" ? [] : null)]));

export const XeroPushes = {
  /** Counts from the status facet (one BatchGet), never a scan. */
  async status() {
    const [pending, sending, sent, failed, held] = await XeroPush.facetCounts(["PENDING", "SENDING", "SENT", "FAILED", "HELD"].map((value) => ({ facet: "status", value })));
    const connected = xeroConfigured();
    return { connected, pending, sending, sent, failed, held, message: connected ? null : `${XERO_MESSAGES.notConnected}: ${pending + sending} waiting` };
  },

  /** GET xero/pushes: a status's list (or all), newest queued first, 25 a page. */
  async list(q: { page: number; page_size: number; status?: string }): Promise<Page<Record<string, unknown>>> {
    const page = await XeroPush.listIn(q.status ? `st#${q.status}` : "all", { page: q.page, page_size: q.page_size, order: "desc" });
    return { count: page.count, results: page.results.map(rowOf) };
  },

  /** A record's push items (its `src#` list: one per target). */
  async ofSource(sourceType: string, sourceId: string) {
    const page = await XeroPush.listIn(`src#${sourceType}#${sourceId}`, { page: 1, page_size: 25 });
    return { count: page.count, results: page.results.map(rowOf) };
  },

  /** POST xero/pushes/{id}/retry: that item now, whatever its last outcome. */
  async retry(id: number): Promise<{ status: 200 | 502; body: Record<string, unknown> }> {
    const [item] = (await XeroPush.getMany([id])) as PushRow[];
    if (!item) throw new NotFoundError("Xero push");
    const result = await runSync({ only: [id], force: true });
    const [after] = (await XeroPush.getMany([id])) as PushRow[];
    if (!result.connected) return { status: 502, body: { message: XERO_MESSAGES.error, errors: [`${XERO_MESSAGES.notConnected}: ${result.waiting} waiting`], push: rowOf(after) } };
    if (after.status === "SENT") return { status: 200, body: { message: XERO_MESSAGES.sent, push: rowOf(after) } };
    return { status: 502, body: { message: XERO_MESSAGES.error, errors: after.errors?.length ? after.errors : [after.last_error ?? "Not sent"], push: rowOf(after) } };
  },

  /** POST xero/sync: one run now. */
  async syncNow(): Promise<{ status: 200 | 502; body: Record<string, unknown> }> {
    const r = await runSync();
    const counts = { sent: r.sent, failed: r.failed, waiting: r.waiting };
    if (!r.connected) return { status: 502, body: { message: XERO_MESSAGES.error, errors: [`${XERO_MESSAGES.notConnected}: ${r.waiting} waiting`], ...counts } };
    if (r.failed) return { status: 502, body: { message: XERO_MESSAGES.error, errors: r.errors, ...counts } };
    return { status: 200, body: { message: XERO_MESSAGES.allSent, ...counts } };
  },
};
