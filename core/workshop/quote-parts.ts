import { ConflictError, VisibleError } from "../platform/errors.js";
import { QuoteLines, storedQuote } from "./quote.js";
import { approvedSupplierInvoices } from "./part-rules.js";
import { workshopOffers } from "./offers.js";
import { QUOTE_MESSAGES } from "./quote-rules.js";

/**
 * A quote's parts saved from Parts Expenses (PUT parts/update, Q rows), and
 * the quote's 409: beside the quote's record (quote.ts), not in its service
 * (quotes.ts), so the parts Lambda carries the save without the quote
 * editor (docs/performance.md "Bundles"). `Quotes.saveParts` is this save.
 */

type Row = Record<string, unknown>;
/** A stored part of an item: a line with its id. */
type Line = Row & { id: number };

/** A quote save's 409 carries the quote editor's wording (002 §5 Quote pre-save, §8). */
export function editedElsewhere(): VisibleError {
  return new VisibleError(409, QUOTE_MESSAGES.editedElsewhere, { last_saved: QUOTE_MESSAGES.editedElsewhere });
}

export async function withQuoteConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ConflictError) throw editedElsewhere();
    throw e;
  }
}

/**
 * PUT parts/update (Parts Expenses, Q rows): some of the quote's parts
 * changed (`changes`) and approved (`server`: approved, approver), in one
 * system save of its items (Parts Expenses checked each part's freshness,
 * locks and approval first); a save meanwhile is a 409.
 */
export async function saveQuoteParts(id: number, changes: Map<number, Row>, server: Map<number, Row>, user: { email: string }) {
  return withQuoteConflict(async () => {
    const stored = await storedQuote(id);
    const items = ((stored.estimated_work_items ?? []) as Row[]).map((i) => ({
      ...i,
      parts: ((i.parts ?? []) as Line[]).map((p) => (changes.has(p.id) ? { ...p, ...changes.get(p.id), ...server.get(p.id), id: p.id } : p)),
    }));
    const { estimated_work_items: _e, comments_list: _c, ...row } = stored;
    // The Xero purchase invoice of each supplier invoice whose parts this save approves, in the quote's unit (as a job's parts: docs/xero.md).
    const also = workshopOffers.need("partsPush")(approvedSupplierInvoices("quote", items.flatMap((i) => i.parts), server), user.email);
    await QuoteLines.update(id, { estimated_work_items: items, last_saved: stored.last_saved }, user.email, { partial: true, system: true, current: row, also });
  });
}
