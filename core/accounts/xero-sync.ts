import { randomUUID } from "node:crypto";
import { ConflictError, NotFoundError } from "../platform/errors.js";
import { Contact } from "../contacts/index.js";
import { NominalCode, TrackingCategory } from "../settings/index.js";
import { deliver, xeroConfigured, type XeroDelivery, type XeroOutcome } from "./xero-client.js";
import { accountPayload, contactPayload, trackingCategoryPayload } from "./xero-payloads.js";
import { XERO_TARGETS, XeroPush, idempotencyKey, type PushFields, type PushRow, type PushTarget } from "./xero-push.js";

/**
 * The runner (docs/xero.md "Runner"): reads each target's due items from
 * its queue list (`q#<target>`, by due time, at most 50 a run), claims each
 * with a conditional write (SENDING + lease + run id: the engine's update
 * is conditional on the version read, so of two overlapping runs one wins
 * each item and the other skips it), builds the bodies from the sources'
 * current state, sends them through the client (core/accounts/xero-client.ts)
 * and records the outcome on the item. Contacts and reference data go
 * before the documents that name them.
 */

type Rec = Record<string, any>;
const ACTOR = "xero-sync";
/** At most this many items per target per run (Xero's practical batch). */
export const PER_RUN = 50;
/** How long a claim holds: a run that dies leaves its items to the next run after this. */
const LEASE_MS = 5 * 60_000;
/** Retry delays of transient failures without a Retry-After (by attempt), capped. */
const BACKOFF_S = [60, 300, 900, 3600, 4 * 3600];

export type SyncResult = { connected: boolean; sent: number; failed: number; waiting: number; errors: Array<{ id: number; label: string | null; message: string; errors: string[] }> };

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether the item may be claimed now (a fresh SENDING one is another run's). */
function claimable(r: PushRow, nowIso: string, force: boolean): boolean {
  if (r.status === "HELD") return false; // its department has no Xero mapping: queued by the mapping's save, never sent before
  if (r.status === "SENDING") return !r.lease_until || r.lease_until <= nowIso;
  if (force) return true;
  if (r.status === "PENDING") return !r.retry_at || r.retry_at <= nowIso;
  return r.status === "FAILED" && r.error_kind === "transient" && (!r.retry_at || r.retry_at <= nowIso);
}

/** Claims the item for this run, or null when another run holds it or it is not due. */
async function claim(id: number, runId: string, now: number, force = false): Promise<PushRow | null> {
  let row: PushRow;
  try {
    row = (await XeroPush.stored(id));
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
  if (!claimable(row, iso(now), force) || !loaders.has(row.source_type)) return null;
  try {
    // A staff Retry of an item Xero refused goes as a new version: Xero replays its answer to a key it has
    // seen, so the same key could never succeed after the cause was fixed in Xero itself.
    const refusedRetry = force && row.status === "FAILED" && row.error_kind === "validation";
    const claimed = await XeroPush.update(
      id,
      { status: "SENDING", lease_until: iso(now + LEASE_MS), run_id: runId, attempts: row.attempts + 1, ...(refusedRetry ? { version: row.version + 1 } : {}) },
      ACTOR,
      { partial: true, system: true, current: row as any },
    );
    return { ...(claimed as PushRow) };
  } catch (e) {
    if (e instanceof ConflictError) return null; // another run (or a save) wrote it first
    throw e;
  }
}

/** The outcome recorded on the item (on the version claimed; a save since then keeps its new version PENDING and only learns Xero's id). */
async function record(claimed: PushRow, outcome: XeroOutcome, now: number): Promise<void> {
  const base = { lease_until: null, run_id: null };
  let set: Partial<PushFields>;
  if (outcome.ok) set = { ...base, status: "SENT", xero_id: outcome.xeroId, sent_at: iso(now), sent_version: claimed.version, error_kind: null, last_error: null, errors: null, retry_at: null };
  else if (outcome.kind === "validation") set = { ...base, status: "FAILED", error_kind: "validation", last_error: outcome.message.slice(0, 2000), errors: outcome.errors.slice(0, 50).map((m) => m.slice(0, 1000)), retry_at: null };
  else if (outcome.kind === "transient" && outcome.waiting) {
    // Waiting on staff in Xero, not a failure: still queued, due again after the wait, saying what it waits for.
    set = { ...base, status: "PENDING", error_kind: null, last_error: outcome.message.slice(0, 2000), errors: null, retry_at: iso(now + Math.max(1, outcome.retryAfterSeconds ?? 3600) * 1000) };
  } else if (outcome.kind === "transient") {
    const wait = outcome.retryAfterSeconds ?? BACKOFF_S[Math.min(claimed.attempts - 1, BACKOFF_S.length - 1)];
    set = { ...base, status: "FAILED", error_kind: "transient", last_error: outcome.message.slice(0, 2000), errors: null, retry_at: iso(now + Math.max(1, wait) * 1000) };
  } else set = { ...base, status: "PENDING", attempts: Math.max(0, claimed.attempts - 1), last_error: outcome.message.slice(0, 2000) }; // not connected: waits
  try {
    await XeroPush.update(claimed.id, set, ACTOR, { partial: true, system: true, current: claimed as any });
  } catch (e) {
    if (!(e instanceof ConflictError)) throw e;
    const now2 = (await XeroPush.stored(claimed.id)) as PushRow;
    if (outcome.ok && now2.version !== claimed.version) await XeroPush.update(claimed.id, { xero_id: outcome.xeroId }, ACTOR, { partial: true, system: true, current: now2 as any });
  }
}

// ---------------------------------------------------------------------------
// Bodies from the sources' current state: a loader per source type. The
// reference data's are here; the documents' (invoice, credit, work, part)
// are in xero-documents.ts, registered by the Lambdas that send them (the
// accounts and workshop areas, the cron), so the settings and contacts
// Lambdas stay small. An item whose loader is not registered here is left
// for a run that has it.

type Loader = (sourceId: string) => Promise<unknown>;
const loaders = new Map<string, Loader>();

/** Adds loaders (see above). */
export function registerSources(more: Record<string, Loader>) {
  for (const [type, load] of Object.entries(more)) loaders.set(type, load);
}

/** A source the item can no longer be built from (deleted, emptied): the item fails with this message for staff to see. */
export class SourceProblem extends Error {}

/** A source not ready to send yet (e.g. an allocation whose invoice is not in Xero yet): the item waits and is tried again later. */
export class SourceNotReady extends Error {}

export async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new SourceProblem(`The ${what} no longer exists`);
  return row;
}

registerSources({
  nominal: async (sid) => accountPayload(await one(NominalCode.getMany([Number(sid)]) as Promise<Rec[]>, "nominal code")),
  trackingcategory: async (sid) => trackingCategoryPayload(await one(TrackingCategory.getMany([Number(sid)]) as Promise<Rec[]>, "tracking category")),
  contact: async (sid) => contactPayload(await one(Contact.getMany([Number(sid)]) as Promise<Rec[]>, "contact")),
});

/** The xero-node model object of a push item, built now. */
export async function bodyOf(item: Pick<PushFields, "source_type" | "source_id">): Promise<unknown> {
  const load = loaders.get(item.source_type);
  if (!load) throw new SourceProblem(`Unknown source ${item.source_type}`);
  return load(item.source_id);
}

// ---------------------------------------------------------------------------

/** Sends claimed items of one target (<= 50) and records each outcome. */
async function sendClaimed(claimed: PushRow[], now: () => number, result: SyncResult) {
  const ready: Array<{ item: PushRow; delivery: XeroDelivery }> = [];
  for (const item of claimed) {
    try {
      ready.push({ item, delivery: { target: item.target, idempotencyKey: idempotencyKey(item), body: await bodyOf(item), xeroId: item.xero_id ?? null } });
    } catch (e) {
      if (e instanceof SourceNotReady) {
        await record(item, { ok: false, kind: "transient", waiting: true, retryAfterSeconds: BACKOFF_S[Math.min(item.attempts - 1, BACKOFF_S.length - 1)], message: e.message }, now());
        continue;
      }
      if (!(e instanceof SourceProblem)) throw e;
      await record(item, { ok: false, kind: "validation", message: e.message, errors: [e.message] }, now());
      result.failed++;
      result.errors.push({ id: item.id, label: item.label ?? null, message: e.message, errors: [e.message] });
    }
  }
  if (!ready.length) return;
  const outcomes = await deliver(ready.map((r) => r.delivery));
  for (const [k, { item }] of ready.entries()) {
    const outcome: XeroOutcome = outcomes[k] ?? { ok: false, kind: "transient", message: "No answer from Xero" };
    await record(item, outcome, now());
    if (outcome.ok) result.sent++;
    // Waiting on staff in Xero (an allocation of drafts) is not a failure: the item is tried again later.
    else if (!(outcome.kind === "transient" && outcome.waiting) && outcome.kind !== "not-configured") {
      result.failed++;
      result.errors.push({ id: item.id, label: item.label ?? null, message: outcome.message, errors: outcome.kind === "validation" ? outcome.errors : [] });
    }
  }
}

/** Items still waiting (pending, sending or due for a retry), from the status facet. */
export async function waitingCount(): Promise<number> {
  const [pending, sending] = await XeroPush.facetCounts([
    { facet: "status", value: "PENDING" },
    { facet: "status", value: "SENDING" },
  ]);
  return pending + sending;
}

/**
 * One run: each target in order, its due items (at most 50) claimed and
 * sent. Without credentials nothing is claimed and the queue waits.
 * `only`: these items alone (a retry, or items just queued: `sendQueued`;
 * `force` sends a failed one again whatever its kind).
 */
export async function runSync(opts: { only?: number[]; force?: boolean; clock?: () => number } = {}): Promise<SyncResult> {
  const now = opts.clock ?? Date.now;
  const result: SyncResult = { connected: xeroConfigured(), sent: 0, failed: 0, waiting: 0, errors: [] };
  if (!result.connected) {
    result.waiting = await waitingCount();
    return result;
  }
  const runId = randomUUID();
  if (opts.only) {
    const claimed = (await Promise.all(opts.only.map((id) => claim(id, runId, now(), opts.force)))).filter((r): r is PushRow => !!r);
    for (const target of XERO_TARGETS) {
      const mine = claimed.filter((c) => c.target === target);
      if (mine.length) await sendClaimed(mine, now, result);
    }
  } else {
    for (const target of XERO_TARGETS) await sendTarget(target, runId, now, result);
  }
  result.waiting = await waitingCount();
  return result;
}

async function sendTarget(target: PushTarget, runId: string, now: () => number, result: SyncResult) {
  const due = iso(now()).toLowerCase();
  const entries = (await XeroPush.entriesFrom(`q#${target}`, { search: "", limit: PER_RUN })).filter((e) => e.sort <= due);
  if (!entries.length) return;
  const claimed: PushRow[] = [];
  for (const e of entries) {
    const c = await claim(e.id, runId, now());
    if (c) claimed.push(c);
  }
  if (claimed.length) await sendClaimed(claimed, now, result);
}

/**
 * Push items just queued, sent within seconds of their unit landing
 * (docs/xero.md "When a document reaches Xero"): the table stream's consumer
 * calls this with the items the stream shows PENDING (functions/cron/xero-push.ts),
 * and so does the local dispatcher where there is no stream
 * (functions/local/xero-dispatch.ts). Only items still PENDING are run (one
 * run of just those, each claimed as any run claims it); without credentials
 * nothing is sent and the scheduled sync sends them once connected.
 */
export async function sendQueued(ids: readonly number[]): Promise<SyncResult | null> {
  if (!xeroConfigured() || !ids.length) return null;
  const rows = (await XeroPush.getMany([...new Set(ids)])) as PushRow[];
  const pending = rows.filter((r) => r.status === "PENDING").map((r) => r.id);
  return pending.length ? runSync({ only: pending }) : null;
}
