/**
 * Stands in for the `jsonschema` package in the deployed Lambda bundles
 * (stacks/bundling.ts `BUNDLE_ESBUILD.alias`). ElectroDB uses jsonschema for
 * one thing only: checking an entity's model when `new Entity(model)` runs
 * (electrodb/src/validations.js `validateModel`). Our models are constants in
 * core/<area>/ and every test run constructs each of them with the real
 * jsonschema (the API tests load every area), so a bundle checking the same
 * constants again at every cold start pays 29 kB and the time for nothing
 * (docs/decisions.md "ElectroDB's model check in the tests, not in the bundle").
 */
export class Validator {
  customFormats: Record<string, (input: unknown) => boolean> = {};
  addSchema(): void {}
  validate(): { errors: never[] } {
    return { errors: [] };
  }
}
Validator.prototype.customFormats = {};
