import type { Hono } from "hono";
import { capTemplate, decodeCapFile } from "../../core/fleet/cap.js";
import { uploadCap } from "../../core/fleet/cap-upload.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

/**
 * The CAP valuation upload and its template (000 §2, §7 POST vehiclescap; docs/cap-upload.md): a Lambda of their
 * own (functions/areas.ts "cap"), so the fleet Lambda does not carry the CSV reader (papaparse, 21 kB minified;
 * docs/performance.md "Bundles").
 */
export function capRoutes(app: Hono<AppEnv>) {
  const capTag = "CAP upload";
  route(
    app,
    { method: "get", path: "/vehiclescap/template", summary: "CAP upload template: a CSV with the header and one example row", tag: capTag },
    async () =>
      new Response(capTemplate(), {
        status: 200,
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="cap-upload-template.csv"', "cache-control": "no-store" },
      }),
  );
  route(
    app,
    {
      method: "post",
      path: "/vehiclescap",
      summary: "Upload CAP values (CSV: registration,cap_retail,cap_clean,cap_average,cap_below,cap_date): 200 {rows, matched, updated, unchanged, rejected: [{row, registration, reason}]}; a bad file is 400 and changes nothing",
      tag: capTag,
      upload: { field: "file", description: "CSV with header registration,cap_retail,cap_clean,cap_average,cap_below,cap_date; at most 5,000 rows" },
    },
    async (c, { body }) => c.json(await uploadCap(decodeCapFile(new Uint8Array(await (body as File).arrayBuffer())), actor(c)), 200),
  );
}
