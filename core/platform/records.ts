import { Entity, createWriteTransaction } from "electrodb";
import { z } from "zod";
import { auditItem, diffRecords } from "./audit.js";
import { ConflictError, NotFoundError, ValidationError } from "./errors.js";
import { counterOf, idAtPosition, nextId } from "./ids.js";
import { offsetOf, searchText, type Page, type PageQuery } from "./paging.js";
import { Audit, Counter, Facet, ListEntry, RangeSet, SERVICE, UniqueClaim, entityConfig } from "./service.js";
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

/** How often a transaction cancelled by a concurrent write to a shared item is tried again. */
const RETRIES = 6;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, 10 * 2 ** attempt + Math.random() * 20));

/** DynamoDB's limit on the items of one transaction. */
export const TRANSACTION_LIMIT = 100;

/** A record's place in one indexed list. */
export type Membership = {
  list: string;
  sort: string;
  /** Values a bounded filter on the list reads from the entry itself (e.g. "make=3"). */
  tags?: string[];
};

/** How to read an indexed list: a page, optionally narrowed. */
export type ListInQuery = PageQuery & {
  /** Every one of these tags must be on the entry. */
  tags?: string[];
  /** Sort-key range, both ends inclusive (ISO dates, numbers padded by the type). */
  from?: string;
  to?: string;
  order?: "asc" | "desc";
};

export type EntryQuery = Omit<ListInQuery, "page" | "page_size">;

/** Tags as stored on an entry: "|a|b|", so `contains(tags, "|a|")` matches one whole tag. */
function tagString(tags: string[] | undefined): string | undefined {
  if (!tags?.length) return undefined;
  return `|${tags.map((t) => t.toLowerCase()).join("|")}|`;
}

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
  lists?: (r: z.infer<S>) => Membership[];
  /**
   * Columns whose distinct values are counted per facet (e.g. facet
   * "status#ACTIVE", value "make#3"): `facetValues(facet)` reads them.
   */
  facets?: (r: z.infer<S>) => Array<{ facet: string; value: string }>;
  /**
   * Keep, per indexed list, how many entries start with each 2-character
   * sort prefix (in the records' own transactions), so a deep page of a
   * large list starts at its prefix and skips only within it, instead of
   * reading every entry before it. For lists of thousands (contacts).
   * `true` uses them once a page would skip more than 250 entries from
   * either end; a number sets that threshold (0: always).
   */
  listPositions?: boolean | number;
  /** Values no two records may share, by scope, with the message when one is taken. */
  unique?: (r: z.infer<S>) => Array<{ scope: string; value: string | null | undefined; message: string }>;
  /**
   * Date ranges that no two records may share within a scope (a vehicle's
   * confirmed bookings): `ranges` gives the record's ranges (ISO dates,
   * both ends inclusive, `to` null for open-ended); `message` words the
   * refusal from the id of the record already holding the dates.
   */
  exclusive?: {
    ranges: (r: z.infer<S>) => Array<{ scope: string; from: string; to: string | null }>;
    message: (holderId: number) => Promise<string> | string;
  };
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
  const entities = { record: entity, audit: Audit, counter: Counter, entry: ListEntry, claim: UniqueClaim, facet: Facet, rangeset: RangeSet };

  type Range = { id: number; from: string; to: string | null };
  type RangePlan = Array<{ scope: string; version: number | null; ranges: Range[] }>;
  const END = "9999-12-31";
  const overlaps = (a: { from: string; to: string | null }, b: { from: string; to: string | null }) => a.from <= (b.to ?? END) && b.from <= (a.to ?? END);

  function rangesOf(fields: Fields | undefined) {
    if (!fields || !opts.exclusive) return [];
    return opts.exclusive.ranges(fields).map((r) => ({ ...r, scope: `${opts.type}#${r.scope}` }));
  }

  /**
   * Read the range sets a write touches and plan their new contents,
   * refusing (400, the type's message) a range that meets another
   * record's. The plan is written conditionally on the versions read.
   */
  async function planRanges(id: number, before: Fields | undefined, after: Fields | undefined): Promise<RangePlan> {
    if (!opts.exclusive) return [];
    const was = rangesOf(before);
    const now = rangesOf(after);
    const scopes = [...new Set([...was, ...now].map((r) => r.scope))];
    const plan: RangePlan = [];
    for (const scope of scopes) {
      const res: any = await RangeSet.get({ scope }).go({ consistent: true } as any);
      const others = ((res.data?.ranges ?? []) as Range[]).filter((r) => r.id !== id);
      const mine = now.filter((r) => r.scope === scope).map((r) => ({ id, from: r.from, to: r.to }));
      for (const m of mine) {
        const held = others.find((o) => overlaps(o, m));
        if (held) {
          const message = await opts.exclusive.message(held.id);
          throw new ValidationError(message, {});
        }
      }
      const next = [...others, ...mine].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.id - b.id));
      const unchanged = JSON.stringify(next) === JSON.stringify(res.data?.ranges ?? []);
      if (!unchanged) plan.push({ scope, version: res.data ? (res.data.version ?? 0) : null, ranges: next });
    }
    return plan;
  }

  function rangeWrites(plan: RangePlan, t: any) {
    return plan.map((p) =>
      p.version === null
        ? t.rangeset.create({ scope: p.scope, ranges: p.ranges, version: 1 }).commit()
        : t.rangeset
            .patch({ scope: p.scope })
            .set({ ranges: p.ranges, version: p.version + 1 })
            .where((a: any, { eq }: any) => eq(a.version, p.version))
            .commit(),
    );
  }
  const listCounter = (list: string) => `${opts.type}#list#${list}`;

  function membershipsOf(fields: Fields | undefined) {
    if (!fields || !opts.lists) return [];
    return opts
      .lists(fields)
      .map((m) => ({ list: `${opts.type}#${m.list}`, name: m.list, sort: m.sort.toLowerCase().slice(0, 200) || "~", tags: tagString(m.tags) }));
  }
  function facetCounts(fields: Fields | undefined) {
    const counts = new Map<string, number>();
    if (!fields || !opts.facets) return counts;
    for (const f of opts.facets(fields)) {
      const k = `${opts.type}#${f.facet}\u0000${f.value.toLowerCase()}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    return counts;
  }
  const positionsOf = (entryList: string) => `pos#${entryList}`;
  const positionsFrom = opts.listPositions === true ? POSITIONS_FROM : typeof opts.listPositions === "number" ? opts.listPositions : null;

  /**
   * The ids of one page of a list kept with `listPositions`: the prefix
   * counts (one Query on a small partition) say in which prefix the page
   * starts and how many entries of that prefix come before it; only those
   * are skipped. Descending pages count from the end the same way.
   */
  async function pageByPositions(pk: { list: string }, list: string, count: number, offset: number, pageSize: number, order: "asc" | "desc"): Promise<number[] | null> {
    const res: any = await Facet.query.byFacet({ facet: positionsOf(`${opts.type}#${list}`) }).go({ pages: "all" } as any);
    const buckets = (res.data as Array<{ value: string; live?: number }>)
      .filter((b) => (b.live ?? 0) > 0)
      .sort((x, y) => Buffer.compare(Buffer.from(x.value), Buffer.from(y.value)));
    // Entries written before the type kept positions: page the plain way.
    if (buckets.reduce((n, b) => n + b.live!, 0) !== count) return null;
    if (order === "desc") buckets.reverse();
    let before = 0;
    let i = 0;
    while (i < buckets.length && before + buckets[i].live! <= offset) before += buckets[i++].live!;
    if (i === buckets.length) return null;
    const query =
      order === "asc"
        ? ListEntry.query.byList(pk).gte({ sort: buckets[i].value })
        : i === 0
          ? ListEntry.query.byList(pk)
          : ListEntry.query.byList(pk).lt({ sort: buckets[i - 1].value });
    return skipThenTake(query, offset - before, pageSize, order);
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
    // A record counts once in a list however many entries it has there (e.g. a registration and a fleet number).
    const counted = new Set<string>();
    for (const m of was)
      if (!nowKeys.has(key(m))) {
        writes.push(tx.entry.delete({ list: m.list, sort: m.sort, id }).commit());
        if (!nowLists.has(m.list) && !counted.has(m.list)) {
          counted.add(m.list);
          writes.push(tx.counter.update({ name: listCounter(m.name) }).add({ live: -1 }).commit());
        }
      }
    const wasTags = new Map(was.map((m) => [key(m), m.tags]));
    for (const m of now)
      if (!wasKeys.has(key(m))) {
        writes.push(tx.entry.put({ list: m.list, sort: m.sort, id, tags: m.tags }).commit());
        if (!wasLists.has(m.list) && !counted.has(m.list)) {
          counted.add(m.list);
          writes.push(tx.counter.update({ name: listCounter(m.name) }).add({ live: 1 }).commit());
        }
      } else if (wasTags.get(key(m)) !== m.tags) {
        // Same place in the list, new filter values: rewrite the entry.
        writes.push(tx.entry.put({ list: m.list, sort: m.sort, id, tags: m.tags }).commit());
      }
    if (positionsFrom !== null) {
      // Prefix counts move with the entries: -1 where one left, +1 where one arrived.
      const deltas = new Map<string, number>();
      const move = (m: { list: string; sort: string }, by: number) => {
        const k = `${positionsOf(m.list)}\u0000${positionBucket(m.sort)}`;
        deltas.set(k, (deltas.get(k) ?? 0) + by);
      };
      for (const m of was) if (!nowKeys.has(key(m))) move(m, -1);
      for (const m of now) if (!wasKeys.has(key(m))) move(m, 1);
      for (const [k, delta] of deltas) {
        if (!delta) continue;
        const [facet, value] = k.split("\u0000");
        writes.push(tx.facet.update({ facet, value }).add({ live: delta }).commit());
      }
    }
    const facetsBefore = facetCounts(before);
    const facetsAfter = facetCounts(after);
    for (const k of new Set([...facetsBefore.keys(), ...facetsAfter.keys()])) {
      const delta = (facetsAfter.get(k) ?? 0) - (facetsBefore.get(k) ?? 0);
      if (!delta) continue;
      const [facet, value] = k.split("\u0000");
      writes.push(tx.facet.update({ facet, value }).add({ live: delta }).commit());
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

    /** Stored rows in the form every answer gives them (references filled by `expand`). */
    async present(rows: Row[]) {
      return shape(rows);
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
      let plan: RangePlan;
      try {
        plan = await planRanges(id, undefined, fields);
      } catch (e) {
        await Counter.update({ name: opts.type }).add({ deleted: [id] } as any).go();
        throw e;
      }
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
      // Concurrent writes to a shared item (a list's counter) cancel each
      // other's transactions: a cancellation that no taken value explains
      // is tried again, a few times, before it is reported.
      for (let attempt = 0; ; attempt++) {
        const tx = await createWriteTransaction(entities, (t) => {
          const idx = indexWrites(id, undefined, fields, t);
          newClaims = idx.newClaims;
          return withinLimit([
            t.record.create(item).commit(),
            t.audit.create(auditItem(opts.type, id, actor, "create", diffRecords(undefined, fields as any), now)).commit(),
            t.counter.update({ name: opts.type }).add({ live: 1 }).commit(),
            ...idx.writes,
            ...rangeWrites(plan, t),
          ]);
        }).go();
        if (!tx.canceled) break;
        try {
          await explainCancel(id, newClaims);
          plan = await planRanges(id, undefined, fields);
          if (attempt >= RETRIES) throw new Error(`create ${opts.type} ${id} was cancelled`);
        } catch (e) {
          // The id was issued but never used: record it as a gap so list positions stay exact.
          await Counter.update({ name: opts.type }).add({ deleted: [id] } as any).go();
          throw e;
        }
        await pause(attempt);
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
      const plan = await planRanges(id, pick(current, fieldNames) as Fields, merged);
      const now = new Date().toISOString();
      const changes = diffRecords(pick(current, fieldNames), merged as any);
      const set: Record<string, unknown> = {
        ...merged,
        last_saved: now,
        updated_by: actor,
        search_text: searchOf(merged),
      };
      let newClaims: Array<{ scope: string; value: string; message: string }> = [];
      let plan2 = plan;
      for (let attempt = 0; ; attempt++) {
        const tx = await createWriteTransaction(entities, (t) => {
          const idx = indexWrites(id, pick(current, fieldNames) as Fields, merged, t);
          newClaims = idx.newClaims;
          return withinLimit([
            t.record
              .patch({ ...keyOf, id } as any)
              .set(set as any)
              .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
              .commit(),
            t.audit.create(auditItem(opts.type, id, actor, "update", changes, now)).commit(),
            ...idx.writes,
            ...rangeWrites(plan2, t),
          ]);
        }).go();
        if (!tx.canceled) break;
        await explainCancel(id, newClaims);
        plan2 = await planRanges(id, pick(current, fieldNames) as Fields, merged);
        // Saved by someone else meanwhile: 409. Otherwise a concurrent write to a shared item: try again.
        const now2 = await getRow(id);
        if (now2.last_saved !== current.last_saved || attempt >= RETRIES) throw new ConflictError();
        await pause(attempt);
      }
      return (await shape([clean({ ...current, ...set, id })]))[0];
    },

    async remove(id: number, actor: string) {
      const current = await getRow(id);
      const plan = await planRanges(id, pick(current, fieldNames) as Fields, undefined);
      const now = new Date().toISOString();
      const tx = await createWriteTransaction(entities, (t) =>
        withinLimit([
          t.record
            .delete({ ...keyOf, id } as any)
            .where((a: any, { eq }: any) => eq(a.last_saved, current.last_saved))
            .commit(),
          t.audit.create(auditItem(opts.type, id, actor, "delete", diffRecords(pick(current, fieldNames), undefined), now)).commit(),
          t.counter.update({ name: opts.type }).add({ live: -1, deleted: [id] } as any).commit(),
          ...indexWrites(id, pick(current, fieldNames) as Fields, undefined, t).writes,
          ...rangeWrites(plan, t),
        ]),
      ).go();
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
     * count is the list's counter; with a search (a prefix of the sort
     * key), tags or a sort-key range, the matching entries are read (small
     * index items, bounded by the list) and counted. Earlier pages are
     * skipped reading the small index items only.
     */
    async listIn(list: string, q: ListInQuery): Promise<Page<Record<string, unknown>>> {
      const offset = offsetOf(q);
      let count: number;
      let ids: number[];
      if (q.search?.trim() || q.tags?.length || q.from || q.to) {
        const all = await this.idsIn(list, q);
        count = all.length;
        ids = all.slice(offset, offset + q.page_size);
      } else {
        const pk = { list: `${opts.type}#${list}` };
        const order = q.order ?? "asc";
        count = (await counterOf(listCounter(list))).live;
        if (offset >= count) return { count, results: [] };
        // Skip from whichever end of the list is nearer: the rows after this
        // page when it lies past the middle, read in the other direction. So
        // the last page costs what the first does, and the worst is the middle;
        // with positions kept, a page far from both ends starts at its prefix.
        const take = Math.min(q.page_size, count - offset);
        const after = count - offset - take;
        const fromEnd = after < offset;
        const positioned =
          positionsFrom !== null && Math.min(offset, after) >= positionsFrom ? await pageByPositions(pk, list, count, offset, q.page_size, order) : null;
        if (positioned) ids = positioned;
        else {
          const direction = fromEnd ? (order === "asc" ? "desc" : "asc") : order;
          const skip = fromEnd ? after : offset;
          const read = await skipThenTake(ListEntry.query.byList(pk), skip, take, direction);
          if (!read) return { count, results: [] };
          ids = fromEnd ? read.reverse() : read;
        }
      }
      const rows = await this.getMany(ids);
      const order = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { count, results: await shape(rows) };
    },

    /** The entries of an indexed list that match (each id once, in list order). */
    async entriesIn(list: string, q: EntryQuery = {}): Promise<Array<{ id: number; sort: string; tags: string[] }>> {
      const pk = { list: `${opts.type}#${list}` };
      const term = q.search?.trim().toLowerCase();
      let query: any;
      if (term) query = ListEntry.query.byList(pk).begins({ sort: term });
      else if (q.from && q.to) query = ListEntry.query.byList(pk).between({ sort: q.from.toLowerCase() }, { sort: `${q.to.toLowerCase()}#~` });
      else if (q.from) query = ListEntry.query.byList(pk).gte({ sort: q.from.toLowerCase() });
      // "#~" sorts after "#id_..." so entries whose sort equals `to` are included.
      else if (q.to) query = ListEntry.query.byList(pk).lt({ sort: `${q.to.toLowerCase()}#~` });
      else query = ListEntry.query.byList(pk);
      const tags = (q.tags ?? []).map((t) => `|${t.toLowerCase()}|`);
      if (tags.length) query = query.where((a: any, op: any) => tags.map((t) => op.contains(a.tags, t)).join(" AND "));
      const res: any = await query.go({ pages: "all", order: q.order ?? "asc" } as any);
      const seen = new Set<number>();
      const out: Array<{ id: number; sort: string; tags: string[] }> = [];
      for (const e of res.data as Array<{ id: number; sort: string; tags?: string }>) {
        if (seen.has(e.id)) continue;
        seen.add(e.id);
        out.push({ id: e.id, sort: e.sort, tags: (e.tags ?? "").split("|").filter(Boolean) });
      }
      return out;
    },

    /** The ids of an indexed list that match (each once, in list order). */
    async idsIn(list: string, q: EntryQuery = {}): Promise<number[]> {
      return (await this.entriesIn(list, q)).map((e) => e.id);
    },

    /** Counts of several indexed lists at once, from their counters (one BatchGet). */
    async counts(lists: string[]): Promise<Record<string, number>> {
      const out: Record<string, number> = Object.fromEntries(lists.map((l) => [l, 0]));
      if (!lists.length) return out;
      const res: any = await Counter.get(lists.map((l) => ({ name: listCounter(l) }))).go();
      for (const c of res.data as Array<{ name: string; live?: number }>) {
        const list = c.name.slice(`${opts.type}#list#`.length);
        if (list in out) out[list] = Math.max(0, c.live ?? 0);
      }
      return out;
    },

    /** The values of a facet (see `facets`) that some record carries, with how many carry each. */
    async facetValues(facet: string): Promise<Array<{ value: string; count: number }>> {
      const res: any = await Facet.query.byFacet({ facet: `${opts.type}#${facet}` }).go({ pages: "all" } as any);
      return (res.data as Array<{ value: string; live?: number }>).filter((f) => (f.live ?? 0) > 0).map((f) => ({ value: f.value, count: f.live! }));
    },

    /** Which record holds each of these unique values (see `unique`), by value as given. */
    async claimedBy(scope: string, values: Array<string | number>): Promise<Map<string, number>> {
      const wanted = [...new Set(values.map((v) => String(v).trim()).filter(Boolean))];
      const out = new Map<string, number>();
      if (!wanted.length) return out;
      const byClaim = new Map(wanted.map((v) => [v.toUpperCase(), v]));
      const res: any = await UniqueClaim.get(wanted.map((v) => ({ scope: `${opts.type}#${scope}`, value: v.toUpperCase() }))).go({ consistent: true } as any);
      for (const c of res.data as Array<{ value: string; id: number }>) {
        const asked = byClaim.get(c.value);
        if (asked !== undefined) out.set(asked, c.id);
      }
      return out;
    },

    /** The ranges held in each scope (see `exclusive`), one BatchGet. */
    async rangesIn(scopes: string[]): Promise<Map<string, Array<{ id: number; from: string; to: string | null }>>> {
      const out = new Map<string, Array<{ id: number; from: string; to: string | null }>>();
      const wanted = [...new Set(scopes)];
      for (const s of wanted) out.set(s, []);
      if (!wanted.length) return out;
      const res: any = await RangeSet.get(wanted.map((s) => ({ scope: `${opts.type}#${s}` }))).go({ consistent: true } as any);
      for (const r of res.data as Array<{ scope: string; ranges?: any[] }>) out.set(r.scope.slice(opts.type.length + 1), r.ranges ?? []);
      return out;
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

/** Entries a page skips before the prefix counts are worth reading (about 6 read units of entries). */
const POSITIONS_FROM = 251;

/**
 * The position bucket of a list entry: the first 2 characters of its sort
 * key as stored (sort text then "#id_..."), so buckets in byte order are
 * contiguous runs of the list in its own order.
 */
export function positionBucket(sort: string): string {
  return Array.from(`${sort}#`).slice(0, 2).join("");
}

/** Skip `skip` entries of a list query, then read `take` ids; null when the list ends first. */
async function skipThenTake(query: any, skip: number, take: number, order: "asc" | "desc"): Promise<number[] | null> {
  let cursor: string | null = null;
  let toSkip = skip;
  while (toSkip > 0) {
    const skipped: any = await query.go({ limit: toSkip, cursor, order } as any);
    toSkip -= skipped.data.length;
    cursor = skipped.cursor;
    if (!cursor) break;
  }
  if (toSkip > 0 || (skip > 0 && !cursor)) return null;
  const page: any = await query.go({ limit: take, cursor, order } as any);
  return (page.data as Array<{ id: number }>).map((m) => m.id);
}

/**
 * A write touching more items than one transaction allows is refused as a
 * whole (never split, so it can never half-land).
 */
function withinLimit<T>(writes: T[]): T[] {
  if (writes.length > TRANSACTION_LIMIT)
    throw new ValidationError("This save changes too much at once to be written safely: save some of the changes first, then the rest.", {});
  return writes;
}

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
