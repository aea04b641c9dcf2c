import { describe, expect, it } from "vitest";
import { createFullApi } from "../../functions/api.js";
import { openApiDocument } from "../../functions/platform/openapi.js";

type Schema = { type?: string; properties?: Record<string, unknown>; items?: Schema; additionalProperties?: unknown; anyOf?: Schema[] };
type Operation = { requestBody?: { content: Record<string, { schema: Schema }> } };

/** The fields a body lists: an object's properties, or those of a list's items. */
const fieldsOf = (s: Schema): string[] => [
  ...Object.keys(s.properties ?? {}),
  ...(s.items ? fieldsOf(s.items) : []),
  ...(s.anyOf ?? []).flatMap(fieldsOf),
];

createFullApi();
const doc = openApiDocument() as { paths: Record<string, Record<string, Operation>> };
const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method, op]) => (method === "post" || method === "put") && op.requestBody?.content["application/json"])
    .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, schema: op.requestBody!.content["application/json"].schema })),
);

describe("OpenAPI write bodies (issue 23: every body typed from its definition)", () => {
  it("lists a good number of JSON write bodies", () => {
    expect(writes.length).toBeGreaterThan(80);
  });

  it("every write route's JSON body lists its fields (no untyped record)", () => {
    const untyped = writes.filter((w) => fieldsOf(w.schema).length === 0).map((w) => w.route);
    expect(untyped).toEqual([]);
  });

  it("record bodies carry their definition's fields and types, updates name last_saved", () => {
    const body = (route: string) => writes.find((w) => w.route === route)!.schema;
    const save = body("PUT /api/movement/{id}");
    expect(save.properties).toHaveProperty("last_saved");
    expect(save.properties).toHaveProperty("cost");
    // Server-set fields are not the client's (MOVEMENT_SERVER_FIELDS).
    expect(save.properties).not.toHaveProperty("invoice_number");
    expect(fieldsOf(body("POST /api/rentals"))).toContain("vehicle");
    expect(fieldsOf(body("PUT /api/transactions/update/{id}"))).toContain("amount");
    expect(fieldsOf(body("POST /api/createjob"))).toContain("job_description");
    expect(fieldsOf(body("PUT /api/invoices/{id}"))).toContain("customer");
  });
});
