/** The record engine: see core/platform/records/ (index.ts names its parts). */
export * from "./records/index.js";
