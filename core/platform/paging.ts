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

/** Lower-cased text a list's search matches against. */
export function searchText(...parts: unknown[]): string {
  return parts
    .filter((p) => p !== null && p !== undefined && p !== "")
    .map((p) => String(p).toLowerCase())
    .join(" ");
}
