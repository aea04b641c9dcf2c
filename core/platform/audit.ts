import { randomUUID } from "node:crypto";
import { Audit } from "./service.js";
import { pageRows } from "./paging.js";

export type FieldChange = { field: string; from: unknown; to: unknown };

const IGNORED = new Set(["last_saved", "updated_by", "created_by", "search_text"]);

/** Which business fields differ between two versions of a record. */
export function diffRecords(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): FieldChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of [...keys].sort()) {
    if (IGNORED.has(field)) continue;
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  }
  return changes;
}

export function auditItem(
  recordType: string,
  recordId: string | number,
  user: string,
  action: "create" | "update" | "delete",
  changes: FieldChange[],
  at: string,
) {
  return {
    record_type: recordType,
    record_id: String(recordId),
    at,
    audit_id: randomUUID(),
    user,
    action,
    changes,
  };
}

/** A record's history, newest first, a page at a time. */
export async function history(recordType: string, recordId: string, page: number, pageSize: number) {
  const all = await Audit.query
    .byRecord({ record_type: recordType, record_id: recordId })
    .go({ order: "desc", pages: "all" });
  return {
    count: all.data.length,
    results: pageRows(all.data, { page, page_size: pageSize }).map((a) => ({
      at: a.at,
      user: a.user,
      action: a.action,
      changes: a.changes ?? [],
    })),
  };
}
