export * from "./rules.js";
export * from "./costs.js";
export * from "./definitions.js";
export { Job, JobLines, jobMemberships, nestLines } from "./job.js";
export { Jobs, WorkshopFigures, JOB_VIEWS, JOB_VIEW_ALIASES, jobViewOf, tabOf, type JobView, type JobListQuery, type Staff } from "./jobs.js";
export { JobImage, JobImages } from "./images.js";
