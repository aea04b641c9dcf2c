/** The whole hire area, for its own routes (functions/hire) and the composition roots; other areas use index.ts. */
export * from "./index.js";
export * from "./availability.js";
export * from "./service.js";
export * from "./dashboard.js";
export * from "./weekly.js";
