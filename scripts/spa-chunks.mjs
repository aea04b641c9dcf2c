// The SPA ships no server library (issue 23): every script of a web build
// is searched for strings only ElectroDB or an AWS SDK carry. `npm test`
// runs it on web/dist right after the build (scripts/test.mjs); alone:
// `node scripts/spa-chunks.mjs [dist folder]`. Its own test:
// tests/stacks/spa-chunks.test.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Distinctive strings of the server libraries, as they survive minification. */
export const SERVER_MARKERS = [
  { library: "ElectroDB", pattern: /electrodb|ElectroError/i },
  { library: "an AWS SDK", pattern: /@aws-sdk\/|@smithy\/|DynamoDBClient|TransactWriteItems|x-amz-/ },
];

function scripts(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...scripts(p));
    else if (/\.(m?js)$/.test(name)) out.push(p);
  }
  return out;
}

/** Each script of the build holding a server library: `{ chunk, library, sample }`; empty when clean. */
export function serverLibrariesIn(dist) {
  const found = [];
  for (const file of scripts(dist)) {
    const text = readFileSync(file, "utf8");
    for (const { library, pattern } of SERVER_MARKERS) {
      const m = text.match(pattern);
      if (m) found.push({ chunk: relative(dist, file), library, sample: m[0] });
    }
  }
  return found;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const dist = process.argv[2] ?? new URL("../web/dist", import.meta.url).pathname;
  const found = serverLibrariesIn(dist);
  for (const f of found) console.error(`SPA chunk ${f.chunk} carries ${f.library} ("${f.sample}"): a screen imports server code (see npm run lint, local/no-server-reach)`);
  if (found.length) process.exit(1);
  console.log(`${dist}: no server library in any chunk`);
}
