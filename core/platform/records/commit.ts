// An index operation (records/indexes.ts, pure) as an operation of a write transaction on the engine's shared entities.
import { Audit, Counter, Facet, ListEntry, UniqueClaim, writer, type TxItem } from "../service.js";

const tx = { audit: writer(Audit), counter: writer(Counter), entry: writer(ListEntry), facet: writer(Facet), claim: writer(UniqueClaim) };
import { withFineCounts } from "./positions.js";
import type { IndexOp } from "./types.js";

/** One index operation as an operation of the record's transaction, on the engine's shared entities (audit, counter, entry, facet, claim). */
export function commitOf(w: IndexOp): TxItem {
  switch (w.op) {
    case "audit":
      return tx.audit.create(w.item).commit();
    case "counter-add": {
      if (!w.seq) return tx.counter.update({ name: w.name }).add({ live: w.live }).commit();
      // Numbers taken with the write (records/numbers.ts): only from the value read.
      const { from, to } = w.seq;
      const update = w.live ? tx.counter.update({ name: w.name }).add({ live: w.live }).set({ seq: to }) : tx.counter.update({ name: w.name }).set({ seq: to });
      return update.where((a, { eq, notExists }) => (from === 0 ? `(${notExists(a.seq)} OR ${eq(a.seq, 0)})` : eq(a.seq, from))).commit();
    }
    case "entry-put":
      return tx.entry.put({ list: w.list, sort: w.sort, id: w.id, tags: w.tags, parent: w.parent }).commit();
    case "entry-delete":
      return tx.entry.delete({ list: w.list, sort: w.sort, id: w.id }).commit();
    case "facet-add": {
      const commit = tx.facet.update({ facet: w.facet, value: w.value }).add({ live: w.live }).commit();
      const fine = Object.fromEntries(Object.entries(w.fine ?? {}).filter(([, n]) => n !== 0));
      // The fine counts are attributes named by the data, unknown to ElectroDB: added to its update expression.
      if (Object.keys(fine).length) (commit as { Update: object }).Update = withFineCounts((commit as { Update: object }).Update, fine, "ADD");
      return commit;
    }
    case "claim-create":
      return tx.claim.create({ scope: w.scope, value: w.value, id: w.id, parent: w.parent }).commit();
    case "claim-delete":
      return tx.claim.delete({ scope: w.scope, value: w.value }).commit();
    case "tally-set": {
      const from = w.from;
      return tx.counter
        .update({ name: w.name })
        .set(w.tags === undefined ? { live: w.to } : { live: w.to, tags: w.tags })
        .where((a, { eq, notExists }) => (from === null ? notExists(a.live) : eq(a.live, from)))
        .commit();
    }
  }
}
