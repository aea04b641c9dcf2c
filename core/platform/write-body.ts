import * as z from "zod";

/**
 * The body a write route parses and documents (functions/ `route(app, {..., body})`),
 * drawn from the record's one definition (core/<area>/*definitions.ts):
 * the fields a client sends, with their types and bounds, so the OpenAPI
 * document lists each body's fields (tests/unit/openapi-bodies.test.ts).
 *
 * - `serverSet`: fields the server sets and a save drops (the area's
 *   `*_SERVER_FIELDS`): left out of the body's fields, so what a client
 *   sends back of them passes through untouched, as before.
 * - `update`: every field optional (a save sends what it changes) and
 *   `last_saved` named; the record type's freshness check judges it.
 * - `partial`: every field optional, no `last_saved` (a call that takes a few fields).
 * - `pick`: only these fields of the definition.
 * - `extra`: the call's own fields beside the record's (e.g. a quote's `priced`).
 *
 * Unknown fields pass through to the service, which refuses them where its
 * definition does. The service parses the body again with the same
 * definition and holds the spec's rules, their order and their messages:
 * a body this schema refuses is handed to the service as sent
 * (`serviceAnswers`, functions/platform/registry.ts), so the route never
 * answers with another message than the spec's, nor refuses what the
 * service takes. A body it accepts reaches the service parsed (references
 * as ids, numbers as numbers), which the service's own parse takes as is.
 *
 * Pure (zod only).
 */
export const lastSavedField = z
  .unknown()
  .optional()
  .meta({ type: "string", format: "date-time", description: "The last_saved time of the record as loaded (the save is refused, 409, when it was saved since)" });

/**
 * Who answers a body the schema refuses: "fields", the service when every
 * issue is inside the body (a field, an item), the route when the body
 * itself is wrong (not an object, not a list, too many items), as before;
 * "all", the service always (a call whose service reads any body).
 */
const checkedByService = new WeakMap<z.ZodType, "fields" | "all">();

/** Whether the service, not the route, answers this refusal of a body drawn from a definition (functions/platform/registry.ts). */
export function serviceAnswers(schema: z.ZodType, error: z.ZodError): boolean {
  const mode = checkedByService.get(schema);
  return mode === "all" || (mode === "fields" && error.issues.every((i) => i.path.length > 0));
}

export function writeBody<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  o: { update?: boolean; partial?: boolean; serverSet?: readonly string[]; pick?: readonly string[]; extra?: z.ZodRawShape } = {},
): z.ZodType<Record<string, unknown>> {
  const optional = o.update || o.partial;
  const names = Object.keys(schema.shape).filter((k) => !(o.serverSet ?? []).includes(k) && (!o.pick || o.pick.includes(k)));
  const shape: Record<string, z.ZodType> = {};
  for (const k of names) {
    const field = schema.shape[k] as z.ZodType;
    shape[k] = optional ? field.optional() : field;
  }
  if (o.update) shape.last_saved = lastSavedField;
  const body = z.object({ ...shape, ...o.extra }).passthrough() as z.ZodType<Record<string, unknown>>;
  checkedByService.set(body, "fields");
  return body;
}

/**
 * A list of records (Edit Selected, approvals): each item a `writeBody`.
 * `anyBody`: the service reads whatever is sent (a list, or {results: list})
 * and answers every refusal itself.
 */
export function writeList(item: z.ZodType, o: { max?: number; maxMessage?: string; error?: string; anyBody?: boolean } = {}): z.ZodType<Array<Record<string, unknown>>> {
  let list = z.array(item, o.error ? { error: o.error } : undefined);
  if (o.max) list = list.max(o.max, o.maxMessage);
  const body = (o.anyBody ? z.union([list, z.object({ results: list }).passthrough()]) : list) as z.ZodType<Array<Record<string, unknown>>>;
  checkedByService.set(body, o.anyBody ? "all" : "fields");
  return body;
}
