// The lines engine's entry point: parents with child collections (code in core/platform/lines/, one module per job).
/**
 * Parents with lines (docs/data-model.md "Parents with lines"): a record
 * type (the parent: a vehicle, later a job card, quote, part order,
 * invoice) declares child collections (a vehicle's agreements and
 * inspections). A parent save carries its lines; the engine works out
 * which are new, changed or removed (core/platform/lines-plan.ts) and
 * writes the parent and its lines together:
 *
 * - in ONE transaction when it fits DynamoDB's 100 items (the parent's own
 *   items, one per line written, and a check on the head item);
 * - otherwise in steps, none of which a reader can see half of:
 *   1. claim: the head item takes a pending marker (token), on the
 *      condition that the parent is still the version the save read and
 *      no other save holds the head (so two saves: one 409);
 *   2. stage: every line write is put as a staged item of the token;
 *   3. staged: the marker says staging is complete;
 *   4. commit: the parent's own transaction (its fields, audit, indexes)
 *      also turns the marker from pending into "applying": from here the
 *      save has happened, and readers overlay the staged items;
 *   5. apply: the staged items replace the lines, in transactions checked
 *      against the marker; then the marker is cleared.
 *   A crash before 4 leaves the previous version readable; the next save
 *   of the parent undoes the steps once the marker is stale. A crash
 *   after 4 leaves the new version readable; the next save finishes 5.
 *
 * Lines are items of their own in the parent's line partition
 * (`pk` = parent type and id): one Query reads them all, and no item grows
 * with the number of lines.
 *
 * A collection may also have lists, facets and a locator of its own
 * (`LineCollection`): each line's entries, counts and facets are written
 * with the line (in the parent's transaction, their counts summed per item
 * with the parent's; or carried by its staged item and applied with it),
 * line lists are paged by the records' page reader (`linesIn`), and a line
 * is read and saved by its id alone (`getLine`, `saveLine`).
 *
 * Usage (a job's work items):
 *
 *   const JobLines = defineLines("job", [{
 *     name: "work", idCounter: "work", label: "Work item", fields: workFields,
 *     lists: (w, job) => [{ list: `veh#${job.vehicle}#ALL`, sort: job.workshop_date ?? "~", tags: [`d=${job.department}`] }],
 *     facets: (w) => [{ facet: "cost", value: "ALL", amount: w.labour_cost_pence }],
 *     listPositions: { coarse: 7, fine: 10 },
 *     locator: true,
 *   }]);
 *   const Job = defineRecordType({ ..., outside: JobLines.outside, expand: (rows) => JobLines.attach(rows) });
 *   export const Jobs = JobLines.bind(Job);
 *   await Jobs.linesIn("work", `veh#${id}#ALL`, { page: 2, page_size: 15, order: "desc" }, { parents: true });
 *   await Jobs.getLine("work", workId);
 *   await Jobs.saveLine("work", workId, { last_saved, labour_cost: "12.50" }, actor);
 */

export { defineLines, type ParentUpdateOptions } from "./lines/define.js";
export { InjectedCrash, LineItem, lineView, linesTestSeam, type LineStep } from "./lines/item.js";
export { rebuildLineType } from "./lines/bulk.js";
export { lineTypeVersions } from "./lines/registry.js";
export type { LineCollection, LineListOptions, LineRow, LineSaveHook, ParentRow, SavedLine } from "./lines/types.js";
