/**
 * A Lambda's bundle as it is deployed (stacks/bundling.ts, with the AWS SDK
 * and xero-node outside, as stacks/backend.ts leaves them) and what fills
 * it. The bundle test measures with `bundleOf` (tests/stacks/bundles.test.ts);
 * alone it lists each Lambda's size and its biggest inputs:
 *
 *   npx tsx scripts/bundle-report.ts [entry.ts ...] [--top 25]
 *
 * (every functions/lambda/*.ts when no entry is named; docs/performance.md "Bundles").
 */
import { build, type Metafile } from "esbuild";
import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { BUNDLE_ESBUILD } from "../stacks/bundling.js";

export type Bundle = {
  bytes: number;
  gzip: number;
  text: string;
  /** The project's own inputs (no node_modules). */
  inputs: string[];
  /** Bytes each input leaves in the minified output, libraries grouped by package. */
  sizes: Array<{ input: string; bytes: number }>;
};

/** The package an input of node_modules belongs to ("electrodb", "@hono/node-server"), or the input itself. */
function owner(input: string): string {
  const at = input.lastIndexOf("node_modules/");
  if (at < 0) return input;
  const [a, b] = input.slice(at + "node_modules/".length).split("/");
  return a.startsWith("@") ? `${a}/${b}` : a;
}

/** Bundles one Lambda entry as SST does (esbuild, ESM for Node 20, minified). */
export async function bundleOf(entry: string): Promise<Bundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: "node",
    format: "esm",
    target: "node20",
    mainFields: ["module", "main"],
    // As stacks/backend.ts: xero-node is installed beside the bundle (`nodejs.install`), loaded on the first Xero send.
    external: ["@aws-sdk/*", "xero-node"],
    write: false,
    metafile: true,
    logLevel: "error",
    alias: BUNDLE_ESBUILD.alias,
    plugins: BUNDLE_ESBUILD.plugins,
  });
  const out = result.outputFiles[0];
  const meta: Metafile = result.metafile;
  const grouped = new Map<string, number>();
  for (const output of Object.values(meta.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) grouped.set(owner(input), (grouped.get(owner(input)) ?? 0) + bytesInOutput);
  }
  return {
    bytes: out.contents.length,
    gzip: gzipSync(out.contents).length,
    text: out.text,
    inputs: Object.keys(meta.inputs).filter((p) => !p.includes("node_modules/")),
    sizes: [...grouped].map(([input, bytes]) => ({ input, bytes })).sort((a, b) => b.bytes - a.bytes),
  };
}

async function main(argv: string[]) {
  const topAt = argv.indexOf("--top");
  const top = topAt >= 0 ? Number(argv[topAt + 1]) : 25;
  const named = argv.filter((a, i) => !a.startsWith("--") && (topAt < 0 || i !== topAt + 1));
  const entries = named.length
    ? named
    : readdirSync("functions/lambda")
        .filter((f) => f.endsWith(".ts") && f !== "secrets.ts")
        .map((f) => `functions/lambda/${f}`);
  for (const entry of entries) {
    const b = await bundleOf(entry);
    console.log(`\n${entry}: ${(b.bytes / 1000).toFixed(0)} kB minified (${(b.gzip / 1000).toFixed(0)} kB gzipped)`);
    for (const { input, bytes } of b.sizes.slice(0, top)) console.log(`  ${(bytes / 1000).toFixed(1).padStart(6)} kB  ${input}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
