import { ENGINE_INDEX_VERSION } from "../platform/records/define.js";
import { dataUpgrades } from "../platform/upgrades.js";
import { Quote, QuoteLines } from "./quote.js";

type Line = Record<string, any>;

/**
 * Index version 2 of quotes: a quote saved by an earlier release holds its
 * parts inside its estimated work item lines (`parts` of the item). They
 * move into the quote's `parts` collection (lines of the shared `part` line
 * type, ids kept, each under its item's key `#<item id>`), and the items
 * are put again without them; the part line type's index version rises
 * with it (part-lines.ts), so the index upgrade then lists them in Parts
 * Expenses as Q rows. Safe to run again: parts go first, put as they are;
 * an item loses its parts only after they are in the collection.
 */
export async function moveQuotePartsIntoLines(log: (line: string) => void = () => undefined): Promise<number> {
  let moved = 0;
  let cursor: string | null = null;
  do {
    const page: any = await (Quote.entity).query.byId({ record_type: "quote" }).go({ cursor, limit: 200 } as any);
    cursor = page.cursor;
    for (const row of page.data as Line[]) {
      const p = await QuoteLines.store.settle(row.id);
      const items = p.lines.get("estimated_work_items") ?? [];
      const holding = items.filter((l) => Array.isArray(l.fields.parts));
      if (!holding.length) continue;
      const parts = holding.flatMap((item) =>
        (item.fields.parts as Line[]).map((part) => {
          const { id, last_saved: _s, ...fields } = part;
          return { ...item, id: typeof id === "number" && id > 0 ? id : null, fields: { ...fields, work_key: `#${item.id}` } };
        }),
      );
      if (parts.length) await QuoteLines.store.importLines(row.id, "parts", parts, { indexedAfter: true });
      await QuoteLines.store.importLines(
        row.id,
        "estimated_work_items",
        holding.map((item) => {
          const { parts: _p, ...fields } = item.fields;
          return { ...item, fields };
        }),
      );
      moved += parts.length;
    }
  } while (cursor);
  log(`Moved ${moved} quote parts into their quotes' parts lines.`);
  return moved;
}

// The quote's own index version 2, as the upgrade counts it (the engine's versions added: core/platform/records/define.ts).
dataUpgrades.push({ type: "quote", version: 2 + ENGINE_INDEX_VERSION - 1, run: moveQuotePartsIntoLines });
