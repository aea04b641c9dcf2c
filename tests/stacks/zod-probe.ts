import * as z from "zod";
import { vehicle } from "../../core/fleet/definitions.js";
import { job } from "../../core/workshop/definitions.js";
import { pageQuery } from "../../core/platform/paging.js";
import { ValidationError } from "../../core/platform/errors.js";
import { parseInput } from "../../core/platform/validation.js";
import { isoDate } from "../../core/platform/fields.js";

/**
 * Parses a spread of inputs with the product's own schemas (record definitions, a page query, a route's query) and
 * answers what each parse gives, so tests/stacks/bundles.test.ts can run it bundled as a Lambda is (with zod's JSON
 * Schema generator stubbed, stacks/bundling.ts) and as the tests run it, and compare.
 */
/** A query as the routes write them: preprocessed blanks, coerced numbers, a refinement, ISO dates, extra keys kept. */
const blank = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : v);
const query = z.looseObject({
  year: z.preprocess(blank, z.coerce.number({ error: "Please choose a year" }).int().refine((y) => y >= 2019, { message: "The year must be 2019 or later" }).optional()),
  month: z.preprocess(blank, z.coerce.number().int().min(1, "month must be 1 to 12").max(12, "month must be 1 to 12").optional()),
  start: isoDate(),
  end: isoDate(),
  department: z.preprocess((v) => (v === "ALL" ? undefined : blank(v)), z.coerce.number().int().positive().optional()),
  paymentType: z.preprocess(blank, z.string().trim().max(100).optional()),
  sort: z.enum(["profit", "utilisation"]).default("profit"),
});

export function probe() {
  const schemas: Record<string, z.ZodType> = { vehicle: vehicle.schema, vehiclePartial: vehicle.schema.partial(), job: job.schema.partial(), pageQuery, query };
  const inputs: unknown[] = [
    {},
    { registration: "ab12 cde", mileage: "12000", purchase_price: 1000.5, page: "2", page_size: "500", year: "2019", month: "13", start: "2026-02-30", department: "ALL" },
    { registration: 12, mileage: -1, vehicle_status: "GONE", page: "x", year: "1990", start: "2026-01-01", end: "2026-01-31", department: "7", description: "x".repeat(5000) },
    { job_status: "IN_PROGRESS", customer_vehicle: "yes", person: { first_name: "A" }, paymentType: " BACS ", sort: "profit" },
    null,
    "text",
  ];
  const out: Array<{ schema: string; input: number; ok: unknown } | { schema: string; input: number; refused: unknown }> = [];
  for (const [name, schema] of Object.entries(schemas)) {
    inputs.forEach((input, i) => {
      try {
        out.push({ schema: name, input: i, ok: parseInput(schema, input) });
      } catch (e) {
        out.push({ schema: name, input: i, refused: e instanceof ValidationError ? { message: e.message, errors: e.errors } : String(e) });
      }
    });
  }
  let jsonSchema: string;
  try {
    jsonSchema = JSON.stringify(z.toJSONSchema(z.object({ a: z.string() })));
  } catch (e) {
    jsonSchema = (e as Error).message;
  }
  return { out, jsonSchema };
}
