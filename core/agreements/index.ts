/** Agreements area (000 §3-§5, §9): finance rules, derived figures, reading agreements across vehicles (the finance reports: reports.ts, imported by the report catalogue). */
export * from "./rules.js";
export * from "./schema.js";
export * from "./finance.js";
export * from "./service.js";
