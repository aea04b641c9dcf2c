export * from "./reference.js";
export * from "./accounting.js";
export * from "./defaults.js";
export * from "./targets.js";
export * from "./xero-rules.js";
