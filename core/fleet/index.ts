/** Vehicles area (000): vehicles, keys, trackers, inspections and uploads. */
export * from "./rules.js";
export * from "./keys.js";
export * from "./vehicle.js";
export * from "./trackers.js";
export * from "./inspections.js";
export * from "./images.js";
export * from "./service.js";
export * from "./cap.js";
export * from "./captotals.js";
export * from "./upgrade.js";
export * from "./registration-rules.js";
export * from "./compliance.js";
