export {};
// Index upgrade on AWS (docs/deploy.md): after a deploy whose release raised
// a record type's indexVersion, run with TABLE_NAME and the stage's AWS
// credentials set, while nobody is saving. `npm start` runs it itself.
// Every record type registers when its area's routes load.
await import("../functions/api.js");
const { upgradeIndexes } = await import("../core/platform/upgrades.js");
const done = await upgradeIndexes((line) => console.log(line));
console.log(done.length ? done.map((d) => `${d.type}: ${d.records} records, index version ${d.from} -> ${d.to}`).join("\n") : "Every record type is indexed as this release indexes it.");
