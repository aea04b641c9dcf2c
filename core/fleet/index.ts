/** Vehicles area (000): vehicles, keys, trackers, inspections and uploads. */
export * from "./rules.js";
export * from "./lists.js";
export * from "./keys.js";
export * from "./vehicle.js";
export * from "./trackers.js";
export * from "./inspections.js";
export * from "./offers.js";
export * from "./agreements.js";
export * from "./registration-rules.js";
