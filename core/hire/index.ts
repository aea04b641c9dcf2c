/**
 * The hire area as other areas see it: the rental record, its rules and
 * the slot the workshop fills
 * (core/hire/offers.ts). The rental services are the area's own
 * (core/hire/all.ts, for functions/hire).
 */
export * from "./rules.js";
export * from "./rental.js";
export * from "./offers.js";
