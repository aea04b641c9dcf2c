import type { Hono } from "hono";
import * as z from "zod";
import { reconcile } from "../../core/accounts/reconcile.js";
import { XeroPushes } from "../../core/accounts/xero-pushes.js";
// The documents' bodies, so this Lambda's runs (Sync now, Retry) send every kind.
import "../../core/accounts/xero-documents.js";
import "../../core/accounts/xero-payments.js";
import { pageQuery } from "../../core/platform/paging.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { parseInput } from "../../core/platform/validation.js";

const sourceParams = z.object({ sourceType: z.string().regex(/^[a-z]{1,40}$/, "Unknown source type"), sourceId: z.string().min(1).max(200) });

/**
 * The Xero sync's calls (docs/xero.md "Routes"): its state, the push items
 * per status and per source record, a retry and a sync now. The spec's
 * `POST /api/{type}` is the external integration service's own API; our
 * sync plays that service's part, so these are our calls for watching it.
 */
export function xeroRoutes(app: Hono<AppEnv>) {
  const tag = "Xero";
  route(app, { method: "get", path: "/xero/status", summary: "Xero connection and push counts: {connected, pending, sending, sent, failed, message}", tag }, async () => XeroPushes.status());
  route(
    app,
    {
      method: "get",
      path: "/xero/pushes",
      summary: "Push items, newest first, 25 a page; status PENDING|SENDING|SENT|FAILED|HELD (all when left out)",
      tag,
      query: pageQuery.extend({
        status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v), z.enum(["PENDING", "SENDING", "SENT", "FAILED", "HELD"], { error: "status must be PENDING, SENDING, SENT, FAILED or HELD" }).optional()),
      }),
    },
    async (_c, { query }) => XeroPushes.list(query),
  );
  route(
    app,
    {
      method: "get",
      path: "/xero/pushes/source/:sourceType/:sourceId",
      summary: "A record's push items (its Xero state): sourceType nominal|trackingcategory|contact|invoice|credit|workpo|workinvoice|part",
      tag,
    },
    async (c) => {
      const p = parseInput(sourceParams, { sourceType: c.req.param("sourceType"), sourceId: c.req.param("sourceId") });
      return XeroPushes.ofSource(p.sourceType, p.sourceId);
    },
  );
  route(app, { method: "post", path: "/xero/pushes/:id/retry", summary: "Send this push item now: 200 'Data has been sent to Xero' or 502 'There was an error sending data to Xero' with Xero's errors", tag }, async (c, { id }) => {
    const out = await XeroPushes.retry(id);
    return c.json(out.body, out.status);
  });
  // The reconciliation check (docs/accounts.md "Reconciliation"): the Xero page's Reconciliation section; `npm run job -- reconcile` prints the same.
  route(
    app,
    { method: "get", path: "/xero/reconcile", summary: "Reconciliation: every invoice, credit note, payment, invoiced work item and Xero outbox document whose stored figures disagree with its lines, credits, payments or Xero body: {checked, differences}", tag },
    async () => reconcile(),
  );
  route(app, { method: "post", path: "/xero/sync", summary: "Run the sync now: 200 'All data has been sent to Xero' {sent, failed, waiting} or 502 when any failed", tag }, async (c) => {
    const out = await XeroPushes.syncNow();
    return c.json(out.body, out.status);
  });
}
