export * from "./rules.js";
export * from "./rental.js";
export * from "./service.js";
export * from "./dashboard.js";
