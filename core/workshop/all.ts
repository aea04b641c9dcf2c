/**
 * The whole workshop area as its own routes (functions/workshop) and the
 * composition roots (the local server, the demo seed) use it: the index's
 * records, rules and read helpers, with the job card service and photos,
 * which other areas never call. Other areas use index.ts only
 * (scripts/eslint-rules.mjs `local/area-index`).
 */
export * from "./index.js";
export { Jobs, type Staff } from "./jobs.js";
export { JobLists, JOB_VIEWS, JOB_VIEW_ALIASES, jobViewOf, tabOf, type JobView, type JobListQuery } from "./job-lists.js";
export { WorkshopFigures } from "./job-figures.js";
export { JobImage, JobImages } from "./images.js";
export { FitterJobs } from "./fitter.js";
export { jobFlowByWeek, type JobFlow } from "./flow.js";
