import { Entity, createWriteTransaction } from "electrodb";
import { z } from "zod";
import { auditItem, diffRecords } from "./audit.js";
import { ConflictError, NotFoundError, ValidationError } from "./errors.js";
import { counterOf, idAtPosition, nextId } from "./ids.js";
import { offsetOf, searchText, type Page, type PageQuery } from "./paging.js";
import { Audit, Counter, ListEntry, SERVICE, UniqueClaim, entityConfig } from "./service.js";
import { parseInput } from "./validation.js";

/** Fields every record carries besides its business fields. */
export const META_FIELDS = ["id", "last_saved", "created_by", "updated_by", "created_at"] as const;

export type Meta = {
  id: number;
  last_saved: string;
  created_by: string;
  updated_by: string;
  created_at: string;
};

/** The freshness window of the spec: saves within 1 second count as current. */
export const FRESHNESS_MS = 1000;

export function isFresh(stored: string | undefined, sent: string | undefined | null): boolean {
  if (!sent) return true; // a client that does not send last_saved still gets an atomic save
  if (!stored) return true;
  const a = Date.parse(stored);
  const b = Date.parse(sent);
  if (Number.isNaN(b)) return false;
  if (a === b) return true;
  // The spec's 1-second window covers clients that send the time without
  // milliseconds; a full-precision timestamp must match exactly, or two
  // saves a moment apart could overwrite each other.
  const truncated = !/\.\d+/.test(sent);
  return truncated && Math.abs(a - b) < FRESHNESS_MS;
}

type Where = (attr: any, op: any) => string;

export type RecordTypeOptions<S extends z.ZodObject<any>> = {
  /** Record type name: counter, audit and key label. */
  type: string;
  /** What staff call one of these, for messages ("Vehicle type not found"). */
  label: string;
  /** Business fields, as accepted on create and update. */
  fields: S;
  /** Text a list search matches, built from the stored record. */
  searchOf?: (r: z.infer<S>) => string;
  /** Rules beyond field types, with the spec's messages. */
  validate?: (r: z.infer<S>) => void;
  /** Values applied on create when the client leaves them out. */
  defaults?: () => Partial<z.infer<S>>;
  /**
   * Indexed lists the record belongs to besides "all of its type": each
   * `{list, sort}` is a list name (e.g. "CC|active") and the record's sort
   * key in it (e.g. its lower-cased name, so a prefix search is a Query).
   */
  lists?: (r: z.infer<S>) => Array<{ list: string; sort: string }>;
  /** Values no two records may share, by scope, with the message when one is taken. */
  unique?: (r: z.infer<S>) => Array<{ scope: string; value: string | null | undefined; message: string }>;
  /** Fill references (e.g. a model's make) for responses. */
  expand?: (rows: Array<z.infer<S> & Meta>) => Promise<Array<Record<string, unknown>>>;
};

export type ListOptions = PageQuery & { where?: Where };

/**
 * One mechanism for the life of every record: sequential ids, create,
 * freshness-checked update, delete, get and paged list, each write with
 * its audit entry and counter change in one DynamoDB transaction.
 */
export function defineRecordType<S extends z.ZodObject<any>>(opts: RecordTypeOptions<S>) {
  type Fields = z.infer<S>;
  type Row = Fields & Meta;
  const fieldNames = Object.keys(opts.fields.shape);
  const attributes: Record<string, any> = {
    // In the keys, so each record type has its own partition (and search partition).
    record_type: { type: "string", default: opts.type, readOnly: true, hidden: true },
    id: { type: "number", required: true, padding: { length: 12, char: "0" } },
    last_saved: { type: "string" },
    created_by: { type: "string" },
    updated_by: { type: "string" },
    created_at: { type: "string" },
    search_text: { type: "string" },
  };
  for (const f of fieldNames) attributes[f] = { type: "any" };

  // Typed loosely: the attributes are built from the zod fields at run time.
  const entity: any = new Entity(
    {
      model: { entity: opts.type, version: "1", service: SERVICE },
      attributes,
      indexes: {
        byId: { pk: { field: "pk", composite: ["record_type"] }, sk: { field: "sk", composite: ["id"] } },
        // Search: the record's search text as a sort key, so a search is a
        // begins_with Query whose cost follows the matches, not the table.
        bySearch: {
          index: "gsi1",
          pk: { field: "gsi1pk", composite: ["record_type"] },
          sk: { field: "gsi1sk", composite: ["search_text", "id"] },
        },
      },
    } as any,
    entityConfig(),
  );
  const keyOf = { record_type: opts.type } as any;
  const entities = { record: entity, audit: Audit, counter: Counter, entry: ListEntry, claim: UniqueClaim };
  const listCounter = (list: string) => `${opts.type}#list#${list}`;

  function membershipsOf(fields: Fields | undefined) {
    if (!fields || !opts.lists) return [];
    return opts.lists(fields).map((m) => ({ list: `${opts.type}#${m.list}`, name: m.list, sort: m.sort.toLowerCase().slice(0, 200) || "~" }));
  }
  function claimsOf(fields: Fields | undefined) {
    if (!fields || !opts.unique) return [];
    return opts
      .unique(fields)
      .filter((u) => u.value !== null && u.value !== undefined && String(u.value).trim() !== "")
      .map((u) => ({ scope: `${opts.type}#${u.scope}`, value: String(u.value).trim().toUpperCase(), message: u.message }));
  }

  /**
   * The index items to write, change and remove when a record goes from
   * one version to another, in the same transaction as the record.
   */
  function indexWrites(id: number, before: Fields | undefined, after: Fields | undefined, tx: any) {
    const writes: any[] = [];
    const was = membershipsOf(before);
    const now = membershipsOf(after);
    const key = (m: { list: string; sort: string }) => `${m.list}\u0000${m.sort}`;
    const nowKeys = new Set(now.map(key));
    const wasKeys = new Set(was.map(key));
    const wasLists = new Set(was.map((m) => m.list));
    const nowLists = new Set(now.map((m) => m.list));
    for (const m of was)
      if (!nowKeys.has(key(m))) {
        writes.push(tx.entry.delete({ list: m.list, sort: m.sort, id }).commit());
        if (!nowLists.has(m.list)) writes.push(tx.counter.update({ name: listCounter(m.name) }).add({ live: -1 }).commit());
      }
    for (const m of now)
      if (!wasKeys.has(key(m))) {
        writes.push(tx.entry.put({ list: m.list, sort: m.sort, id }).commit());
        if (!wasLists.has(m.list)) writes.push(tx.counter.update({ name: listCounter(m.name) }).add({ live: 1 }).commit());
      }
    const claimsBefore = claimsOf(before);
    const claimsAfter = claimsOf(after);
    const claimKey = (c: { scope: string; value: string }) => `${c.scope}\u0000${c.value}`;
    const afterKeys = new Set(claimsAfter.map(claimKey));
    const beforeKeys = new Set(claimsBefore.map(claimKey));
    const newClaims: typeof claimsAfter = [];
    for (const c of claimsBefore) if (!afterKeys.has(claimKey(c))) writes.push(tx.claim.delete({ scope: c.scope, value: c.value }).commit());
    for (const c of claimsAfter)
      if (!beforeKeys.has(claimKey(c))) {
        newClaims.push(c);
        writes.push(tx.claim.create({ scope: c.scope, value: c.value, id }).commit());
      }
    return { writes, newClaims };
  }

  /** After a cancelled transaction: a taken unique value is a 400 with its message. */
  async function explainCancel(id: number, newClaims: Array<{ scope: string; value: string; message: string }>) {
    for (const c of newClaims) {
      const held = await UniqueClaim.get({ scope: c.scope, value: c.value }).go({ consistent: true } as any);
      if (held.data && held.data.id !== id) throw new ValidationError(c.message, {});
    }
  }

  /** Parse a create/update body: strict fields, meta fields tolerated. */
  function parse(body: unknown, partial: boolean): { fields: Fields; last_saved?: string } {
    const obj = (body && typeof body === "object" && !Array.isArray(body) ? body : null) as Record<string, unknown> | null;
    if (!obj) throw new ValidationError("The request body must be a JSON object.");
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) if (!(META_FIELDS as readonly string[]).includes(k)) rest[k] = v;
    const schema = (partial ? opts.fields.partial() : opts.fields).strict();
    const fields = parseInput(schema, rest) as Fields;
    const last_saved = typeof obj.last_saved === "string" ? obj.last_saved : undefined;
    return { fields, last_saved };
  }

  function clean(item: Record<string, any>): Row {
    const out: Record<string, unknown> = {};
    for (const k of [...META_FIELDS, ...fieldNames]) out[k] = item[k] ?? null;
    return out as Row;
  }

  /** What a search matches from its start: the name first, by default every text field. */
  function searchOf(fields: Fields): string {
    const text = opts.searchOf ? opts.searchOf(fields) : searchText(...Object.values(fields as object).filter((v) => typeof v === "string"));
    return text.toLowerCase().slice(0, 200);
  }

  async function shape(rows: Row[]) {
    return opts.expand ? opts.expand(rows) : rows;
  }

  async function getRow(id: number): Promise<Row> {
    const res = await entity.get({ ...keyOf, id } as any).go({ consistent: true } as any);
    if (!res.data) throw new NotFoundError(opts.label);
    return clean(res.data as any);
  }

  return {
    type: opts.type,
    label: opts.label,
    fields: opts.fields,
    entity,

    async get(id: number) {
      return (await shape([await getRow(id)]))[0];
    },

    /** Many at once (for references), missing ids left out. */
    async getMany(ids: number[]): Promise<Row[]> {
      const unique = [...new Set(ids.filter((i) => Number.isInteger(i) && i > 0))];
      if (!unique.length) return [];
      const res = await entity.get(unique.map((id) => ({ ...keyOf, id })) as any).go();
      return (res.data as any[]).map(clean);
    },

    async create(body: unknown, actor: string) {
      const parsed = parse(body, false);
      const fields = { ...(opts.defaults?.() ?? {}), ...stripUndefined(parsed.fields) } as Fields;
      opts.validate?.(fields);
      const id = await nextId(opts.type);
      const now = new Date().toISOString();
      const item = {
        ...fields,
        id,
        last_saved: now,
        created_at: now,
        created_by: actor,
        updated_by: actor,
        search_text: searchOf(fields),
      };
      let newClaims: Array<{ scope: string; value: string; message: string }> = [];
      const tx = await createWriteTransaction(entities, (t) => {
        const idx = indexWrites(id, undefined, fields, t);
        newClaims = idx.newClaims;
        return [
          t.record.create(item).commit(),
          t.audit.create(auditItem(opts.type, id, actor, "create", diffRecords(undefined, fields as any), now)).commit(),
          t.counter.update({ name: opts.type }).add({ live: 1 }).commit(),
          ...idx.writes,
        ];
      }).go();
      if (tx.canceled) {
        // The id was issued but never used: record it as a gap so list positions stay exact.
        await Counter.update({ name: opts.type }).add({ deleted: [id] } as any).go();
        await explainCancel(id, newClaims);
        throw new Error(`create ${opts.type} ${id} was cancelled`);
      }
      return (await shape([clean(item)]))[0];
    },

    /**
     * Save over a stored record. The write is conditional on the version
     * read, so two saves racing can never both land: the loser gets 409.
     */
    async update(id: number, body: unknown, actor: string, { partial = false } = {}) {
      const current = await getRow(id);
      const parsed = parse(body, partial);
      if (!isFresh(current.last_saved, parsed.last_saved)) throw new ConflictError();
      const merged = { ...pick(current, fieldNames), ...(partial ? stripUndefined(parsed.fields) : nullMissing(parsed.fields, fieldNames)) } as Fields;
      opts.validate?.(merged);
      const now = new Date().toISOString();
      const changes = diffRecords(pick(current, fieldNames), merged as any);
      const set: Record<string, unknown> = {
        ...merged,
        last_saved: now,
        updated_by: actor,
        search_text: searchOf(merged),
      };
      let newClaims: Array<{ scope: string; value: string; message: string }> = [];
      const tx = await createWriteTransaction(entities, (t) => {
        const idx = indexWrites(id, pick(current, fieldNames) as Fields, merged, t);
        newClaims = idx.newClaims;
        return [
          t.record
            .patch({ ...keyOf, id } as any)
            .set(set as any)
            .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
            .commit(),
          t.audit.create(auditItem(opts.type, id, actor, "update", changes, now)).commit(),
          ...idx.writes,
        ];
      }).go();
      if (tx.canceled) {
        await explainCancel(id, newClaims);
        throw new ConflictError();
      }
      return (await shape([clean({ ...current, ...set, id })]))[0];
    },

    async remove(id: number, actor: string) {
      const current = await getRow(id);
      const now = new Date().toISOString();
      const tx = await createWriteTransaction(entities, (t) => [
        t.record
          .delete({ ...keyOf, id } as any)
          .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
          .commit(),
        t.audit.create(auditItem(opts.type, id, actor, "delete", diffRecords(pick(current, fieldNames), undefined), now)).commit(),
        t.counter.update({ name: opts.type }).add({ live: -1, deleted: [id] } as any).commit(),
        ...indexWrites(id, pick(current, fieldNames) as Fields, undefined, t).writes,
      ]).go();
      if (tx.canceled) throw new ConflictError();
      return { id };
    },

    /**
     * A page of records in id order. Without a search or filter the count
     * is the maintained counter and the page's first id is computed from
     * the deleted ids, so every page is one Query; a search is a prefix
     * Query on the search index; a filter counts matches as it reads.
     */
    async list(q: ListOptions): Promise<Page<Record<string, unknown>>> {
      const term = q.search?.trim().toLowerCase();
      const offset = offsetOf(q);
      if (term) {
        // Prefix search on the record's search text (its name first).
        let query: any = entity.query.bySearch(keyOf).begins({ search_text: term } as any);
        if (q.where) query = query.where(q.where as any);
        const matches: any = await query.go({ attributes: ["id"], pages: "all" } as any);
        const ids = (matches.data as Array<{ id: number }>).map((m) => m.id);
        const rows = await this.getMany(ids.slice(offset, offset + q.page_size));
        const order = new Map(ids.map((id, i) => [id, i]));
        rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        return { count: ids.length, results: await shape(rows) };
      }
      if (!q.where) {
        const counter = await counterOf(opts.type);
        const count = counter.live;
        if (offset >= count) return { count, results: [] };
        const firstId = idAtPosition(offset + 1, counter.deleted);
        const res: any = await entity.query.byId(keyOf).gte({ id: firstId } as any).go({ limit: q.page_size } as any);
        return { count, results: await shape((res.data as any[]).map(clean)) };
      }
      // A filtered list of reference data: matches are counted as they are read.
      const matches: any = await entity.query.byId(keyOf).where(q.where as any).go({ attributes: ["id"], pages: "all" } as any);
      const ids = (matches.data as Array<{ id: number }>).map((m) => m.id);
      const rows = await this.getMany(ids.slice(offset, offset + q.page_size));
      rows.sort((a, b) => a.id - b.id);
      return { count: ids.length, results: await shape(rows) };
    },

    /**
     * A page of one indexed list (see `lists`), in its sort order. The
     * count is the list's counter; with a search, a prefix Query on the
     * sort key counts the matches. Earlier pages are skipped reading the
     * small index items only.
     */
    async listIn(list: string, q: PageQuery): Promise<Page<Record<string, unknown>>> {
      const pk = { list: `${opts.type}#${list}` };
      const term = q.search?.trim().toLowerCase();
      const offset = offsetOf(q);
      let count: number;
      let ids: number[];
      if (term) {
        const matches: any = await ListEntry.query.byList(pk).begins({ sort: term }).go({ pages: "all" } as any);
        count = matches.data.length;
        ids = (matches.data as Array<{ id: number }>).slice(offset, offset + q.page_size).map((m) => m.id);
      } else {
        count = (await counterOf(listCounter(list))).live;
        let cursor: string | null = null;
        let toSkip = offset;
        while (toSkip > 0) {
          const skipped: any = await ListEntry.query.byList(pk).go({ limit: toSkip, cursor } as any);
          toSkip -= skipped.data.length;
          cursor = skipped.cursor;
          if (!cursor) break;
        }
        if (toSkip > 0 || (offset > 0 && !cursor)) return { count, results: [] };
        const page: any = await ListEntry.query.byList(pk).go({ limit: q.page_size, cursor } as any);
        ids = (page.data as Array<{ id: number }>).map((m) => m.id);
      }
      const rows = await this.getMany(ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { count, results: await shape(rows) };
    },

    /** Every record of the type (reference data is small). */
    async all(where?: Where): Promise<Row[]> {
      const query = entity.query.byId(keyOf);
      const res: any = await (where ? query.where(where as any) : query).go({ pages: "all" } as any);
      return (res.data as any[]).map(clean);
    },
  };
}

export type RecordType = ReturnType<typeof defineRecordType<any>>;

function pick(row: Record<string, any>, names: string[]) {
  const out: Record<string, unknown> = {};
  for (const n of names) out[n] = row[n] ?? null;
  return out;
}

function stripUndefined<T extends Record<string, any>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** A whole-record save: a field left out keeps its stored value, null clears it. */
function nullMissing<T extends Record<string, any>>(o: T, _names: string[]): T {
  return stripUndefined(o);
}
