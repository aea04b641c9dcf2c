import * as z from "zod";

/** Query parameters every list accepts. 25 a page unless the spec says otherwise. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(25),
  search: z.string().trim().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export type Page<T> = { count: number; results: T[] };

/** Rows to skip to reach a page. */
export function offsetOf(q: { page: number; page_size: number }) {
  return (q.page - 1) * q.page_size;
}

/**
 * The text a record's search matches against (the engine's `search_text`):
 * its parts joined, through the one normaliser `searchKey` (lower case,
 * accents folded, spaces single), so "Citroen" finds a Citroën.
 */
export function searchText(...parts: unknown[]): string {
  return searchKey(parts.filter((p) => p !== null && p !== undefined && p !== "").join(" "));
}

/**
 * One page of rows (or ids, or list entries) already in hand, in their
 * order: the one in-memory paging beside the engine's reader, for lists
 * that are read whole from their index (a view's entries, a filtered set).
 */
export function pageRows<T>(rows: readonly T[], q: { page: number; page_size: number }): T[] {
  const offset = offsetOf(q);
  return rows.slice(offset, offset + q.page_size);
}

/** A page answer of rows in hand: {count, results}. */
export function pageOf<T>(rows: readonly T[], q: { page: number; page_size: number }): Page<T> {
  return { count: rows.length, results: pageRows(rows, q) };
}

/**
 * The records of one page of ids, in the ids' order: the page's ids read
 * at once (`getMany`, missing ones left out) and put back in order.
 */
export async function rowsOfPage<R extends { id?: unknown }>(ids: readonly number[], q: { page: number; page_size: number }, getMany: (ids: number[]) => Promise<R[]>): Promise<R[]> {
  const page = pageRows(ids, q);
  const at = new Map(page.map((id, i) => [id, i]));
  const rows = await getMany(page);
  return rows.sort((a, b) => (at.get(a.id as number) ?? 0) - (at.get(b.id as number) ?? 0));
}

/**
 * The one search normaliser: of the engine's record search (`searchText`,
 * the stored `search_text` and the term a list's `search` is matched with)
 * and of a list's own search keys (the workshop's job, part, part order
 * and lookup keys): lower case, accents folded ("Café" is "cafe", staff
 * type "Citroen" for "Citroën"), spaces single, trimmed. What is stored and
 * what is searched both go through it, so a term typed with or without
 * accents finds the same rows.
 */
export function searchKey(v: unknown): string {
  return String(v ?? "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A search key of letters and digits only (a registration, a part or invoice number): "AB12 CDÉ" is "ab12cde". */
export function compactKey(v: unknown): string {
  return searchKey(v).replace(/[^a-z0-9]/g, "");
}
