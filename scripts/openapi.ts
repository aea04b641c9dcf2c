// Writes the API's OpenAPI document, generated from the zod schemas of
// every area's routes (functions/platform/openapi.ts), to
// functions/platform/openapi.generated.json, which the docs Lambda serves
// (functions/lambda/docs.ts) without composing the areas at run time.
// Run `npm run openapi` after changing a route; tests/stacks/openapi.test.ts
// fails while the written document differs from the live one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createFullApi } from "../functions/api.js";
import { openApiDocument } from "../functions/platform/openapi.js";

export const BUILT_OPENAPI = join(import.meta.dirname, "..", "functions", "platform", "openapi.generated.json");

createFullApi();
writeFileSync(BUILT_OPENAPI, JSON.stringify(openApiDocument()) + "\n");
console.log(`wrote ${BUILT_OPENAPI}`);
