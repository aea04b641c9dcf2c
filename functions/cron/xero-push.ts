import "../lambda/secrets.js";
import { XERO_PUSH_TYPE } from "../../core/accounts/xero-push.js";
import { sendQueued } from "../../core/accounts/xero-sync.js";
import "../../core/accounts/xero-documents.js"; // the documents' bodies (invoices, credits, work, parts)
import "../../core/accounts/xero-payments.js"; // the payments' bodies

/** New images from the table's stream: only Xero push items written PENDING reach here (stacks/Cron.ts filters them). */
export type PushStreamEvent = {
  Records?: Array<{ eventName?: string; dynamodb?: { NewImage?: { __edb_e__?: { S?: string }; status?: { S?: string }; id?: { N?: string } } } }>;
};

/** The ids of the push items queued in this batch of the stream (ElectroDB names an item's entity in __edb_e__; checked again here, the filter being the stack's). */
export function queuedIds(event: PushStreamEvent): number[] {
  const ids = (event.Records ?? []).flatMap((r) => {
    const image = r.dynamodb?.NewImage;
    const queued = (r.eventName === "INSERT" || r.eventName === "MODIFY") && image?.__edb_e__?.S === XERO_PUSH_TYPE && image.status?.S === "PENDING";
    return queued ? [Number(image.id?.N)] : [];
  });
  return ids.filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * The Xero push consumer (docs/xero.md "When a document reaches Xero"): a
 * save or approval writes its push item in its own unit; the item's new
 * image reaches here through the table's stream within seconds, and it is
 * sent by the runner (core/accounts/xero-sync.ts `sendQueued`), off the
 * request path. A failure is left to the stream's retry, then to the
 * 15-minute sync (functions/cron/xero-sync.ts), which sends whatever is due.
 */
export async function handler(event: PushStreamEvent) {
  const result = await sendQueued(queuedIds(event));
  if (result) {
    console.log(JSON.stringify({ level: result.failed ? "warn" : "info", job: "xero-push", msg: "sent queued items", sent: result.sent, failed: result.failed, waiting: result.waiting, at: new Date().toISOString() }));
  }
  return { ok: true, sent: result?.sent ?? 0, failed: result?.failed ?? 0 };
}
