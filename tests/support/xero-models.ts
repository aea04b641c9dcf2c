import * as accounting from "xero-node/dist/gen/model/accounting/models.js";

/**
 * Checks a body against the models xero-node itself declares: each model
 * class's generated `attributeTypeMap` (built from Xero's published OpenAPI
 * description of the Accounting API) names every property (`name` as the
 * SDK's objects spell it, `baseName` as it goes on the wire) and its type:
 * `string`, `number`, `boolean`, `Date`, `Array<T>`, another model, or an
 * enum (`Invoice.TypeEnum`, `LineAmountTypes`).
 *
 * - names: a property the model does not declare is an error (on the SDK
 *   side xero-node silently drops it, so Xero never sees it);
 * - types: primitives by `typeof`, arrays item by item, models recursively;
 * - enums: the value must be one of the enum's;
 * - dates: a `Date` property, and a `string` property whose wire name ends
 *   in `Date`, must be `YYYY-MM-DD` or an ISO date-time.
 *
 * `validateXero(body, "Invoices", "wire")` answers the problems as
 * `path: message` strings (none: the body is one Xero accepts by shape).
 */

type AttributeType = { name: string; baseName: string; type: string };
type ModelClass = { getAttributeTypeMap(): AttributeType[] };
type EnumObject = Record<string, string | number>;

const registry = accounting as unknown as Record<string, unknown>;

function modelOf(type: string): ModelClass | null {
  const found: unknown = registry[type];
  if (typeof found !== "function") return null;
  return typeof (found as unknown as Partial<ModelClass>).getAttributeTypeMap === "function" ? (found as unknown as ModelClass) : null;
}

/** `Invoice.TypeEnum` (an enum declared in a model's namespace) or `LineAmountTypes` (an enum model): its values; null when `type` is no enum. */
function enumValues(type: string): string[] | null {
  const [owner, inner] = type.split(".");
  const found = inner ? (registry[owner] as Record<string, unknown> | undefined)?.[inner] : registry[owner];
  if (!found || typeof found !== "object") return null;
  // TypeScript string enums compiled by xero-node's generator map each name to its value (and back).
  return [...new Set(Object.values(found as EnumObject).map(String))];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export type Naming = "wire" | "model";

/** The problems of `value` as model `type` (a model name, `Array<...>`, an enum or a primitive). */
export function validateXero(value: unknown, type: string, naming: Naming = "wire", path = type): string[] {
  if (value === undefined || value === null) return [];
  if (type.startsWith("Array<")) {
    if (!Array.isArray(value)) return [`${path}: expected a list of ${type.slice(6, -1)}`];
    return value.flatMap((v, i) => validateXero(v, type.slice(6, -1), naming, `${path}[${i}]`));
  }
  if (type === "string") return typeof value === "string" ? [] : [`${path}: expected a string, got ${JSON.stringify(value)}`];
  if (type === "number") return typeof value === "number" && Number.isFinite(value) ? [] : [`${path}: expected a number, got ${JSON.stringify(value)}`];
  if (type === "boolean") return typeof value === "boolean" ? [] : [`${path}: expected true or false, got ${JSON.stringify(value)}`];
  if (type === "Date") return typeof value === "string" && ISO_DATE.test(value) ? [] : [`${path}: expected a date (YYYY-MM-DD), got ${JSON.stringify(value)}`];
  if (type === "any" || type === "object") return [];
  const values = enumValues(type);
  const model = modelOf(type);
  if (!model && values) return values.includes(String(value)) ? [] : [`${path}: ${JSON.stringify(value)} is not one of ${type} (${values.join(", ")})`];
  if (!model) return [`${path}: xero-node declares no model ${type}`];
  if (typeof value !== "object" || Array.isArray(value)) return [`${path}: expected a ${type} object`];
  const attributes = model.getAttributeTypeMap();
  const byName = new Map(attributes.map((a) => [naming === "wire" ? a.baseName : a.name, a]));
  const problems: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const attribute = byName.get(key);
    if (!attribute) {
      if (v !== undefined) problems.push(`${path}.${key}: ${type} has no property ${key}`);
      continue;
    }
    problems.push(...validateXero(v, attribute.type, naming, `${path}.${key}`));
    if (attribute.type === "string" && /Date$/.test(attribute.baseName) && typeof v === "string" && !ISO_DATE.test(v)) problems.push(`${path}.${key}: expected a date (YYYY-MM-DD), got ${JSON.stringify(v)}`);
  }
  return problems;
}

/**
 * The model of a request body by the call it is sent with (the Accounting
 * API's paths the client uses); null for calls without a body (GET) or
 * not modelled here.
 */
export function requestModel(method: string, apiPath: string): string | null {
  const parts = apiPath.split("/").filter(Boolean);
  const [collection, id, sub] = parts;
  if (method === "GET" || method === "DELETE") return null;
  if (collection === "Accounts") return id ? "Accounts" : "Account";
  if (collection === "TrackingCategories") return sub === "Options" ? "TrackingOption" : "TrackingCategory";
  if (collection === "CreditNotes" && sub === "Allocations") return "Allocations";
  if (collection === "Invoices" && sub === "Payments") return "Payments";
  // A payment's deletion: POST /Payments/{id} with {Status: "DELETED"} (xero-node deletePayment).
  if (collection === "Payments" && id) return "PaymentDelete";
  if (["Contacts", "Invoices", "CreditNotes", "Payments"].includes(collection)) return collection;
  return null;
}
