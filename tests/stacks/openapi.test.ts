import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFullApi } from "../../functions/api.js";
import { openApiDocument } from "../../functions/platform/openapi.js";

/**
 * The docs Lambda serves the OpenAPI document built ahead of time
 * (`npm run openapi` writes functions/platform/openapi.generated.json from
 * the zod schemas of every area's routes), so it composes no area at run
 * time. The built document must be the live one the local server
 * composes: a route, query or body changed without running the script
 * fails here.
 */
describe("the built OpenAPI document", () => {
  it("equals the live document generated from every area's route schemas (run `npm run openapi` when it does not)", async () => {
    const built: unknown = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "functions", "platform", "openapi.generated.json"), "utf8"));
    const app = createFullApi();
    const live = openApiDocument();
    expect(Object.keys(live.paths).length).toBeGreaterThan(150);
    expect(built).toEqual(JSON.parse(JSON.stringify(live)));
    // And the live app answers the same document.
    expect(await (await app.request("/api/openapi.json")).json()).toEqual(built);
  });
});
