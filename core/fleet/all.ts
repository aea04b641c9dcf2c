/**
 * The whole fleet area, for its own routes (functions/fleet) and the
 * composition roots (the local server, the demo seed): the index's records
 * and read helpers, and the services other areas never call (the fleet
 * list, photos, the upgrade). The compliance records and
 * look-ups (compliance.ts) and the CAP upload (cap.ts, cap-upload.ts) have their own routes and
 * Lambdas (functions/compliance, functions/cap). Other areas use index.ts only
 * (scripts/eslint-rules.mjs `local/area-index`), so their Lambdas do not
 * carry these (tests/stacks/bundles.test.ts).
 */
export * from "./index.js";
export * from "./images.js";
export * from "./service.js";
export * from "./captotals.js";
export * from "./upgrade.js";
