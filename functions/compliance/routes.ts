import type { Hono } from "hono";
import * as z from "zod";
import * as Compliance from "../../core/fleet/compliance.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

/**
 * Registration first (issue 25, docs/compliance.md): the DVLA and DVSA look-ups, the MOT history, the
 * compliance warnings and the fleet check. A Lambda of their own (functions/areas.ts "compliance"), so the
 * fleet Lambda does not carry the two clients, their answers and these records (docs/performance.md "Bundles").
 */
export function complianceRoutes(app: Hono<AppEnv>) {
  const complianceTag = "Compliance";
  route(app, { method: "get", path: "/vehiclelookup", summary: "Look a registration up at the DVLA and the DVSA: what each answered, the vehicle fields they offer with their source, make and model mapped onto the product's (id null: missing), the MOT tests", tag: complianceTag, query: z.object({ registration: z.string().max(20).optional() }) }, async (_c, { query }) =>
    Compliance.lookupRegistration(query.registration ?? ""),
  );
  route(app, { method: "get", path: "/vehiclemothistory/:id", summary: "A vehicle's stored MOT tests, newest first", tag: complianceTag }, async (_c, { id }) => Compliance.motHistory(id));
  route(app, { method: "post", path: "/vehiclemothistory/:id", summary: "Read the vehicle's MOT history from the DVSA now and store the tests not stored yet", tag: complianceTag }, async (c, { id }) =>
    Compliance.refreshMotHistory(id, actor(c)),
  );
  route(app, { method: "put", path: "/mottests/:id/defect", summary: "Link an advisory of an MOT test to the workshop defect made from it (POST createdefect): {index, job}", tag: complianceTag, body: z.object({ index: z.number().int().min(0).max(199), job: z.number().int().positive() }) }, async (c, { id, body }) =>
    Compliance.linkAdvisoryDefect(id, body.index, body.job, actor(c)),
  );
  route(app, { method: "get", path: "/compliance", summary: "Compliance warnings, newest date first, 25 a page: open ones (resolved=true: resolved too); of a kind, a department or a vehicle", tag: complianceTag, query: Compliance.warningQuery }, async (_c, { query }) => Compliance.listWarnings(query));
  route(app, { method: "put", path: "/compliance/:id", summary: "Resolve a compliance warning (who and when kept, a note optional) or reopen it: {last_saved, resolved, note}; 409 when saved elsewhere since", tag: complianceTag, body: Compliance.resolveBody }, async (c, { id, body }) =>
    Compliance.resolveWarning(id, body, actor(c)),
  );
  route(app, { method: "post", path: "/fleetcheck", summary: "Run the fleet check now (one batch of at most 40 vehicles, resuming where the last run stopped; the nightly run does the rest)", tag: complianceTag }, async (c) =>
    Compliance.runFleetCheck({ max: 40, actor: actor(c) }),
  );
  route(app, { method: "get", path: "/compliancesummary", summary: "Compliance warnings counted by kind, the last fleet check run, and whether the DVLA and DVSA are set up", tag: complianceTag }, async () => Compliance.complianceSummary());
}
