import { Entity } from "electrodb";
import { TooManyRequestsError } from "./errors.js";
import { SERVICE, entityConfig } from "./service.js";

/**
 * A fixed-window request count per caller (an address) and minute: one
 * small item per window, raised by a conditional update (so concurrent
 * requests can never pass the limit together) and removed by the table's
 * TTL (`expires_at`) soon after its minute.
 */
export const RateWindow = new Entity(
  {
    model: { entity: "ratewindow", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      window: { type: "string", required: true },
      hits: { type: "number" },
      expires_at: { type: "number" },
    },
    indexes: {
      byWindow: { pk: { field: "pk", composite: ["scope", "window"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

const isConditionFailure = (e: unknown) => {
  const err = e as { name?: string; cause?: { name?: string } };
  return err?.name === "ConditionalCheckFailedException" || err?.cause?.name === "ConditionalCheckFailedException";
};

/**
 * Counts one request of `caller` in `scope` this minute: a
 * TooManyRequestsError (429, with the seconds to the next minute) when it
 * already made `perMinute`.
 */
export async function countRequest(scope: string, caller: string, perMinute: number, message: string, now = new Date()): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  try {
    await RateWindow.update({ scope: `${scope}#${caller}`, window: String(minute) })
      .add({ hits: 1 })
      .set({ expires_at: (minute + 2) * 60 })
      .where((a, { notExists, lt }) => `${notExists(a.hits)} OR ${lt(a.hits, perMinute)}`)
      .go({ response: "none" });
  } catch (e) {
    if (isConditionFailure(e)) throw new TooManyRequestsError(message, Math.max(1, (minute + 1) * 60 - Math.floor(now.getTime() / 1000)));
    throw e;
  }
}
