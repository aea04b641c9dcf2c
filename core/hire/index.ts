export * from "./rules.js";
export * from "./rental.js";
export * from "./service.js";
