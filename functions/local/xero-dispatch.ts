import { XERO_PUSH_TYPE } from "../../core/accounts/xero-push.js";
import { sendQueued } from "../../core/accounts/xero-sync.js";
import { recordIdsWritten } from "../../core/platform/records.js";
import { onCommit } from "../../core/platform/service.js";

/**
 * The table stream's Xero consumer where there is no stream (the local
 * server and the API tests): told each landed transaction, it runs the same
 * `sendQueued` the stream's Lambda runs (functions/cron/xero-push.ts) for the
 * push items the transaction wrote, one run after another, after the write
 * that queued them, as the stream does. Configuration only: the business
 * code is the same on AWS and here.
 */
export type XeroDispatch = {
  /** Resolves once every run started so far, and any run they started, has finished. */
  settled(): Promise<void>;
  stop(): void;
};

export function startXeroDispatch(): XeroDispatch {
  let chain: Promise<unknown> = Promise.resolve();
  const stop = onCommit((items) => {
    const ids = recordIdsWritten(items, XERO_PUSH_TYPE);
    if (!ids.length) return;
    chain = chain.then(() =>
      sendQueued(ids).catch((e: unknown) => {
        console.warn(JSON.stringify({ level: "warn", job: "xero-push", msg: "local dispatch failed; the scheduled sync sends it", error: String(e) }));
      }),
    );
  });
  return {
    async settled() {
      // A run's own writes (its claims and outcomes) may queue another run: wait until none is left.
      for (let seen: Promise<unknown> | null = null; seen !== chain; ) {
        seen = chain;
        await seen;
      }
    },
    stop,
  };
}
