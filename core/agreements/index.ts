/** Agreements area (000 §3-§5, §9): the finance rules, schema and derived figures (pure). Reading agreements across vehicles and the finance reports live with the vehicles that hold them: core/fleet/agreements.ts, core/fleet/agreement-reports.ts. */
export * from "./rules.js";
export * from "./schema.js";
export * from "./finance.js";
