import { BatchGetCommand, type BatchGetCommandInput, type BatchGetCommandOutput } from "@aws-sdk/lib-dynamodb";
import { config } from "./config.js";
import { ValidationError } from "./errors.js";
import { documentClient } from "./table.js";
import type { RecordEntity } from "./records/entity.js";

/**
 * References between records: each record type declares which of its
 * fields hold the id of which other type (`declareReferences`), and the
 * record mechanism checks them on every create and save
 * (`checkReferences`, called from core/platform/records.ts) with one
 * BatchGet, before anything is written. An id of a record that does not
 * exist is a 400 naming the field, so no record ever points at nothing
 * (a rental on vehicle 999999, an invoice to customer 999999).
 *
 * Only references a write sets or changes are checked: a record already
 * pointing at one since deleted can still be saved.
 */

/** What a reference points at: any record type (its `type`, `label` and ElectroDB `entity`). */
export type Target = { type: string; label: string; entity: RecordEntity };

/**
 * Field paths to the type they reference. A path is a field name, or
 * `list.*.field` for a field of each object in a list (an agreement's
 * supplier), or `list.*` for a list of ids (a contact's cost centres).
 */
export type ReferenceMap = Record<string, Target>;

const declared = new Map<string, Array<() => ReferenceMap>>();

/**
 * Declare a record type's references. A function, so types that refer to
 * each other (a vehicle's tracker, a tracker's vehicle) can be declared
 * without import cycles.
 */
export function declareReferences(record: { type: string }, references: () => ReferenceMap) {
  declared.set(record.type, [...(declared.get(record.type) ?? []), references]);
}

/** The type's declared references (all its declarations together). */
export function referencesOf(type: string): ReferenceMap {
  return Object.assign({}, ...(declared.get(type) ?? []).map((d) => d()));
}

/** The ids at a path, with the field name each is reported under (finance_agreements.0.supplier). */
function idsAt(record: Record<string, unknown> | undefined, path: string): Array<{ field: string; id: number }> {
  if (!record) return [];
  const out: Array<{ field: string; id: number }> = [];
  const walk = (value: unknown, parts: string[], field: string) => {
    if (value === null || value === undefined) return;
    if (!parts.length) {
      if (typeof value === "number" && Number.isInteger(value) && value > 0) out.push({ field, id: value });
      return;
    }
    const [head, ...rest] = parts;
    if (head === "*") {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, rest, `${field}.${i}`));
      return;
    }
    if (typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, head))
      walk((value as Record<string, unknown>)[head], rest, field ? `${field}.${head}` : head);
  };
  walk(record, path.split("."), "");
  return out;
}

/** DynamoDB's limit on the keys of one BatchGetItem. */
const BATCH_GET_LIMIT = 100;

/** Which of these records exist, as "type#id" (BatchGets of 100, keys only). */
async function existing(wanted: Array<{ target: Target; id: number }>): Promise<Set<string>> {
  const found = new Set<string>();
  const keyOf = new Map<string, string>();
  const names = new Set<string>();
  const keys: Array<Record<string, unknown>> = [];
  for (const { target, id } of wanted) {
    const name = `${target.type}#${id}`;
    if (names.has(name)) continue;
    names.add(name);
    const key = target.entity.get({ record_type: target.type, id }).params<{ Key: Record<string, string> }>().Key;
    keyOf.set(`${key.pk}\u0000${key.sk}`, name);
    keys.push(key);
  }
  const table = config.tableName;
  for (let i = 0; i < keys.length; i += BATCH_GET_LIMIT) {
    let request: BatchGetCommandInput["RequestItems"] = { [table]: { Keys: keys.slice(i, i + BATCH_GET_LIMIT), ProjectionExpression: "pk, sk", ConsistentRead: true } };
    for (let attempt = 0; request && Object.keys(request).length; attempt++) {
      const res: BatchGetCommandOutput = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of res.Responses?.[table] ?? []) found.add(keyOf.get(`${item.pk}\u0000${item.sk}`)!);
      request = res.UnprocessedKeys;
      if (attempt > 10) throw new Error("checkReferences: keys left unprocessed");
    }
  }
  return found;
}

/**
 * Refuse (400, errors keyed by field) references to records that do not
 * exist, among those `after` sets that `before` (the stored record, on a
 * save) did not already hold at the same path.
 */
export async function checkReferences(type: string, after: Record<string, unknown>, before?: Record<string, unknown>) {
  const references = referencesOf(type);
  const wanted: Array<{ field: string; id: number; target: Target }> = [];
  for (const [path, target] of Object.entries(references)) {
    const held = new Set(idsAt(before, path).map((r) => r.id));
    for (const r of idsAt(after, path)) if (!held.has(r.id)) wanted.push({ ...r, target });
  }
  if (!wanted.length) return;
  const found = await existing(wanted);
  const errors: Record<string, string> = {};
  for (const w of wanted)
    if (!found.has(`${w.target.type}#${w.id}`)) errors[w.field] ??= `${w.target.label} ${w.id} does not exist`;
  const fields = Object.keys(errors);
  if (!fields.length) return;
  throw new ValidationError(fields.length === 1 ? errors[fields[0]] : `These records do not exist: ${fields.map((f) => errors[f]).join("; ")}`, errors);
}

/**
 * A referenced record as an answer shows it (000 §3: a customer
 * {id, display_name}, a make {id, name}): its id and the fields named, an
 * unset one null; null when the record is not there.
 */
export function brief(row: { id?: unknown; [field: string]: unknown } | undefined | null, fields: readonly string[]): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = { id: row.id };
  for (const f of fields) out[f] = row[f] ?? null;
  return out;
}

type Reader<R> = { getMany(ids: number[]): Promise<R[]> };

/**
 * The records a page of rows references, read at once: for each name, the
 * record type and the fields holding its ids (`{ n: [NominalCode,
 * "vat_nominal_code", "no_vat_nominal_code"] }`), answered as a map by id
 * per name, for `brief`. One getMany per name, over the ids the rows hold.
 */
export async function lookUp<S extends Record<string, readonly [Reader<unknown>, ...string[]]>>(
  rows: ReadonlyArray<Record<string, unknown>>,
  spec: S,
): Promise<{ [K in keyof S]: Map<unknown, S[K][0] extends Reader<infer R> ? R : never> }> {
  const names = Object.keys(spec);
  const lists = await Promise.all(
    names.map((name) => {
      const [reader, ...fields] = spec[name];
      return reader.getMany(rows.flatMap((r) => fields.map((f) => r[f])).filter((x): x is number => typeof x === "number"));
    }),
  );
  return Object.fromEntries(names.map((name, i) => [name, new Map(lists[i].map((x) => [(x as { id?: unknown }).id, x]))])) as {
    [K in keyof S]: Map<unknown, S[K][0] extends Reader<infer R> ? R : never>;
  };
}
