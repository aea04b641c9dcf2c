// A write of the product's own on a stored record as it now is: read again when a save lands between, stopped when the record is gone.
import { ConflictError, NotFoundError } from "../errors.js";
import { pause } from "./bulk.js";

/** How often `onLatest` reads the record again after a save landed between its read and its write. */
export const LATEST_TRIES = 10;

/** What `onLatest` ended with: written (or nothing left to write), or the record gone. */
export type LatestOutcome = "done" | "gone";

/**
 * Read a stored record (`read`, which throws NotFoundError when it is
 * gone) and make a write of the product's own on it as read (`write`, a
 * write conditional on that version: a ConflictError when another save
 * landed between). Lost to such a save, it reads the record again and
 * writes on the new version (the engine's backoff between tries), up to
 * `tries` reads, then answers the last ConflictError (409: nothing
 * written, never a 500). The record gone (deleted meanwhile, or never
 * there): nothing to write, "gone". `write` decides from the record as
 * read whether anything is left to do (returning without writing is
 * "done"). The one loop of the kind: an enquiry moved on from its job
 * (core/workshop/partorder.ts `enquiryMoved`), a deleted enquiry order's job (partorders.ts `unlinkJob`), a deleted job card's quote
 * items freed (core/workshop/quote-links.ts `unlinkJob`).
 */
export async function onLatest<T>(read: () => Promise<T>, write: (stored: T) => Promise<unknown>, tries = LATEST_TRIES): Promise<LatestOutcome> {
  for (let attempt = 0; ; attempt++) {
    let stored: T;
    try {
      stored = await read();
    } catch (e) {
      if (e instanceof NotFoundError) return "gone";
      throw e;
    }
    try {
      await write(stored);
      return "done";
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt + 1 >= tries) throw e;
      await pause(Math.min(attempt, 5));
    }
  }
}
