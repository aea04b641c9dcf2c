/**
 * Stands in for zod's JSON Schema generator in the deployed Lambda bundles
 * (stacks/bundling.ts `zodJsonSchemaStub`): zod/v4/core/to-json-schema.js and
 * json-schema-processors.js, 16 kB minified in every Lambda. zod's schema
 * classes import them for `z.toJSONSchema`, `schema.toJSONSchema()` and the
 * Standard Schema's `jsonSchema`, which only the OpenAPI document uses, and
 * that is generated ahead of time (`npm run openapi`, scripts/openapi.ts,
 * with the real zod; the docs Lambda serves the built file). Parsing never
 * reads them (tests/stacks/bundles.test.ts runs a bundled parse against the
 * real one). In a bundle, generating JSON Schema throws, and the metadata
 * getters built on `aggregateChecks` (a string schema's `minLength`, a
 * number's `isInt`), which no server code reads, answer as for a schema
 * without checks (docs/decisions.md "zod's JSON Schema generator kept out of
 * the bundles").
 */

export const JSON_SCHEMA_UNAVAILABLE = "JSON Schema is generated ahead of time (npm run openapi), not in a deployed Lambda";

const unavailable = (): never => {
  throw new Error(JSON_SCHEMA_UNAVAILABLE);
};
const method = () => unavailable;

// to-json-schema.js
export const createToJSONSchemaMethod = method;
export const createStandardJSONSchemaMethod = method;
export const initializeContext = unavailable;
export const handleUnrepresentable = unavailable;
export const processSchema = unavailable;
export { processSchema as process };
export const extractDefs = unavailable;
export const finalize = unavailable;

// json-schema-processors.js
export const toJSONSchema = unavailable;
export const allProcessors = {};
export const aggregateChecks = (): Record<string, never> => ({});
export const
  stringProcessor = unavailable,
  numberProcessor = unavailable,
  booleanProcessor = unavailable,
  bigintProcessor = unavailable,
  symbolProcessor = unavailable,
  nullProcessor = unavailable,
  undefinedProcessor = unavailable,
  voidProcessor = unavailable,
  neverProcessor = unavailable,
  anyProcessor = unavailable,
  unknownProcessor = unavailable,
  dateProcessor = unavailable,
  enumProcessor = unavailable,
  literalProcessor = unavailable,
  nanProcessor = unavailable,
  templateLiteralProcessor = unavailable,
  fileProcessor = unavailable,
  successProcessor = unavailable,
  customProcessor = unavailable,
  functionProcessor = unavailable,
  transformProcessor = unavailable,
  mapProcessor = unavailable,
  setProcessor = unavailable,
  arrayProcessor = unavailable,
  objectProcessor = unavailable,
  unionProcessor = unavailable,
  intersectionProcessor = unavailable,
  tupleProcessor = unavailable,
  recordProcessor = unavailable,
  nullableProcessor = unavailable,
  nonoptionalProcessor = unavailable,
  defaultProcessor = unavailable,
  prefaultProcessor = unavailable,
  catchProcessor = unavailable,
  pipeProcessor = unavailable,
  readonlyProcessor = unavailable,
  promiseProcessor = unavailable,
  optionalProcessor = unavailable,
  lazyProcessor = unavailable,
  allProcessor = unavailable;
