import { build, type Metafile } from "esbuild";
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { areas, type AreaName } from "../../functions/areas.js";
import { BUNDLE_ESBUILD } from "../../stacks/bundling.js";

/**
 * Each area's Lambda carries its own area's routes and the core modules
 * they use, plus the platform (app, gate, errors), never the whole API.
 * Bundled as SST bundles them (esbuild, ESM for Node), minified, with the
 * AWS SDK left out as the runtime's; sizes are recorded in
 * docs/performance.md ("Bundles").
 */

/** Minified bytes each Lambda must stay under (the whole API was 0.96 MB in every one). */
const BUDGET: Record<AreaName, number> = {
  auth: 400_000, // 356 kB measured once ElectroDB's model check was left to the tests (stacks/bundling.ts; issue 23)
  // 520: a save writes its Xero push item and makes the immediate attempt (the runner, the client without xero-node, the contact and reference bodies; 492 kB measured).
  settings: 500_000, // 479 kB measured without the model check (issue 23)
  // 520: the same Xero outbox and immediate attempt (493 kB measured).
  contacts: 500_000, // 475 kB measured without the model check (issue 23)
  // 640: the column filters by place streams (606 kB measured).
  // 660: issue 25's registration look-ups, MOT history and fleet check (DVLA and DVSA clients, their zod answers), then the workshop-warnings slot through hire's index (652 kB measured).
  // 600: the CAP upload (the CSV reader) and the compliance routes (the DVLA and DVSA clients) in Lambdas of their own,
  // ElectroDB's model check left to the tests (issue 23; 578 kB measured).
  fleet: 600_000,
  // The CAP upload and its template, apart from fleet (issue 23).
  cap: 600_000,
  // The registration look-ups, MOT history, compliance warnings and the fleet check run now, apart from fleet (issue 23).
  compliance: 600_000,
  // 600: the rental finder's by-type lookup through the vehicle's streams (563 kB measured).
  hire: 600_000, // 547 kB measured without the model check (issue 23)
  // 700: job cards, quotes, part and work lookups and movements together (651 kB measured).
  // 760: part orders, Parts Expenses and the work approvals' calls under `work` (719 kB measured).
  // 760: 750 kB measured without the model check; still over 600 (docs/performance.md "Bundles", what is left).
  // 710: the Xero send on the table stream's consumer, quotes read job links without the job-card service, jose left to auth (699 kB measured; issue 23). Still over 600: docs/performance.md.
  // 725: the fitter's phone and the job flow facets (issue 26, 27; 719 kB measured).
  workshop: 725_000, // then the shared Xero call budget, held-back documents, credit allocations and the money invariants (issue 22; 774 kB measured). Issue 23 brings every request-serving Lambda under 600 kB.
  // 640: the engine's line lists (562 kB measured), then credit notes reading work items and parts through the job's lines (609 kB measured).
  // 680: invoices, credits, payments, transactions, diary (625 kB measured); then the Xero parts push reading quote and part-order parts (668 kB measured);
  // then the reconciliation check (GET xero/reconcile, issue 22: 673 -> 679 kB), the shared Xero call budget, held-back documents and credit allocations (issue 22).
  // 690: 675 kB measured without the model check; still over 600 (docs/performance.md "Bundles", what is left).
  // 670: the Xero send on the stream, jose left to auth (654 kB measured; issue 23). Still over 600: docs/performance.md.
  accounts: 670_000, // then Xero payments (issue 22; 700 kB measured). Issue 23 brings every request-serving Lambda under 600 kB.
  // Every area's report modules, the quotes' presentation among them, and the S3 client for exports.
  // 610: quotes read job links without the job-card service, the parts' Xero push alone offered, jose left to auth (602 kB measured; issue 23).
  // 645: the charts' weekly hire and job flow reports and the fleet league report (issue 27; 637 kB measured).
  reports: 645_000, // 681 kB measured; 709 kB without the model check (issue 23), still over 600
  // The API reference served from the document built ahead (`npm run openapi`; tests/stacks/openapi.test.ts): Hono and the
  // document, no area (issue 23; it composed every area at run time: 988 kB measured before, 273 kB after).
  // 400: the document lists every write body's fields since they are drawn from the definitions (370 kB measured).
  docs: 400_000,
};

/**
 * Another area's core modules an area may carry: the records its own
 * records refer to (a rental's vehicle, customer and department; a sale's
 * vehicle) and the pure rules their figures use. Anything else of another
 * area (its routes, its services, uploads, CAP files, reports) stays out.
 */
const SHARED = [
  "core/auth/index.ts", // the token gate (functions/platform/app.ts)
  "core/settings/", // reference data
  "core/contacts/contact.ts",
  "core/contacts/definitions.ts", // the record's one definition (its schema), with the record
  "core/contacts/index.ts",
  "core/contacts/rules.ts",
  // The slots a lower area reads and the modules of the higher area that fill them (core/platform/offers.ts).
  "core/contacts/offers.ts",
  "core/fleet/offers.ts",
  "core/hire/offers.ts",
  "core/workshop/offers.ts",
  "core/accounts/contact-offers.ts",
  "core/accounts/workshop-offers.ts",
  "core/accounts/parts-offers.ts", // a part approval's Xero push alone (the reports)
  // The workshop warnings hire reads (through hire's index: the rental record and its rules come with it).
  "core/workshop/hire-offers.ts",
  "core/hire/index.ts",
  "core/hire/rental.ts",
  "core/hire/definitions.ts",
  "core/hire/invoicing-rules.ts",
  "core/workshop/index.ts",
  "core/fleet/index.ts",
  "core/fleet/agreements.ts", // reading agreements across vehicles (with the vehicles that hold them)
  "core/fleet/vehicle.ts",
  "core/fleet/definitions.ts",
  "core/fleet/keys.ts",
  "core/fleet/trackers.ts",
  "core/fleet/rules.ts",
  "core/fleet/lists.ts", // the vehicle's list keys and facets (its record declares them)
  "core/fleet/inspections.ts", // the inspection a job approval completes (002 §5)
  "core/agreements/schema.ts",
  "core/agreements/definitions.ts",
  "core/agreements/finance.ts",
  "core/agreements/rules.ts",
  // The workshop warnings on a rental (docs/rentals.md): reads the jobs' open-list entries through the engine, carrying no job card code.
  "core/workshop/holds.ts",
  // The rental finder's MOT and tax flag (docs/compliance.md): pure rules, no record type.
  "core/fleet/registration-rules.ts",
  // The one availability mechanism (GET rentals/available and GET vehicles with start and end, 001 §7): reads the
  // rentals' booking ranges through the engine, with the hire rules' dates and messages, carrying no rental record code.
  "core/hire/availability.ts",
  "core/hire/rules.ts",
  // Contacts answer balances from the money records' facets (A3; reads the engine's items only, no invoice code).
  "core/accounts/balances.ts",
  // A completed chargeable movement raises its invoice in the completion's unit (docs/accounts.md "Invoices").
  "core/accounts/invoice-definitions.ts",
  "core/accounts/invoice.ts",
  "core/accounts/invoices.ts",
  "core/accounts/invariants.ts", // the money invariants an invoice's write enforces (pure)
  // A credit note of a work item or part reads that line through the job's lines (the record it refers to).
  "core/workshop/job.ts",
  "core/workshop/definitions.ts",
  "core/workshop/costs.ts",
  "core/workshop/rules.ts",
  "core/workshop/part-lines.ts", // the job's collections: the shared part line type
  "core/workshop/part-rules.ts",
  "core/workshop/work-lines.ts",
  // The Xero outbox: a save or approval of any area writes its push item in its unit (sent by the table stream's consumer,
  // functions/cron/xero-push.ts); the xero Lambda's runs (Sync now, Retry) build the bodies from the records they push
  // (credit notes among them; docs/xero.md). xero-node stays outside.
  "core/accounts/xero-",
  "core/accounts/credit.ts",
  "core/accounts/credit-definitions.ts",
  // A supplier invoice's parts pushed to Xero are read through the part line type from whichever records hold them:
  // the quote's and the part order's line declarations (with their records' definitions), not their services (docs/xero.md).
  "core/workshop/quote.ts",
  "core/workshop/quote-definitions.ts",
  "core/workshop/quote-rules.ts",
  // The quote's approval link fields and their schemas (issue 26), pure, with the quote's definition.
  "core/workshop/quote-approval-rules.ts",
  "core/workshop/partorder.ts",
  "core/workshop/partorder-definitions.ts",
  "core/workshop/partorder-rules.ts",
  // The vehicle profit line's figures (issue 27): a rental's and a job's saves move their vehicle's monthly totals in
  // their own transaction through the pure rules that say what each record adds (docs/finance.md "Vehicle profit line").
  "core/fleet/profit-rules.ts",
];

/** The core folders each area's routes are built on (its own area). */
const OWN_CORE: Record<AreaName, string[]> = {
  auth: ["core/auth/"],
  settings: ["core/settings/"],
  contacts: ["core/contacts/"],
  fleet: ["core/fleet/", "core/agreements/"],
  compliance: ["core/fleet/", "core/agreements/"],
  cap: ["core/fleet/", "core/agreements/"],
  hire: ["core/hire/"],
  // The work approvals answer under the workshop's `work` prefix (functions/workshop/work-approvals.ts), GET worktotals too.
  workshop: ["core/workshop/", "core/accounts/work-"],
  accounts: ["core/accounts/", "core/agreements/"],
  // A report reads any area's records through that area's report module (core/<area>/reports.ts).
  reports: ["core/"],
  docs: [],
};

type Bundle = { bytes: number; gzip: number; text: string; inputs: string[] };
const bundles = new Map<AreaName, Bundle>();

async function bundle(area: AreaName): Promise<Bundle> {
  return bundleOf(`functions/lambda/${area}.ts`);
}

async function bundleOf(entry: string): Promise<Bundle> {
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
  });
  const out = result.outputFiles[0];
  const meta: Metafile = result.metafile;
  return {
    bytes: out.contents.length,
    gzip: gzipSync(out.contents).length,
    text: out.text,
    inputs: Object.keys(meta.inputs).filter((p) => !p.includes("node_modules/")),
  };
}

beforeAll(async () => {
  for (const a of areas) bundles.set(a.name, await bundle(a.name));
  console.log(
    "Lambda bundles (minified, AWS SDK external):\n" +
      [...bundles].map(([name, b]) => `  ${name.padEnd(9)} ${(b.bytes / 1000).toFixed(0).padStart(4)} kB  (${(b.gzip / 1000).toFixed(0)} kB gzipped)`).join("\n"),
  );
}, 120_000);

/** A route path of the area as it appears in a bundle: "/rentals", "/rentals/:id", `/rentals...`. */
const pathLiteral = (prefix: string) => new RegExp(`["\`]/${prefix.replace(/\./g, "\\.")}["\`/]`);

describe("Lambda bundles", () => {
  for (const area of areas) {
    const others = areas.filter((b) => b.name !== area.name);

    it(`${area.name}: stays under ${BUDGET[area.name] / 1000} kB minified`, () => {
      expect(bundles.get(area.name)!.bytes).toBeLessThan(BUDGET[area.name]);
    });

    if (area.name === "docs") {
      it("docs: serves the document built from every area's routes, carrying no area's code (tests/stacks/openapi.test.ts: it equals the live one)", () => {
        const { inputs, text } = bundles.get("docs")!;
        expect(inputs).toContain("functions/platform/openapi.generated.json");
        expect(inputs.filter((p) => p.startsWith("core/") || (p.startsWith("functions/") && p.endsWith("/routes.ts")))).toEqual([]);
        expect(text).not.toContain("electrodb");
        for (const b of others) for (const prefix of b.prefixes) expect(text, `${b.name} route /${prefix}`).toContain(`"/api/${prefix}`);
      });
      continue;
    }

    it(`${area.name}: carries its own routes and no other area's routes`, () => {
      const { inputs, text } = bundles.get(area.name)!;
      expect(inputs).toContain(`functions/${area.name}/routes.ts`);
      expect(inputs).not.toContain("functions/api.ts");
      for (const b of others) {
        expect(inputs.filter((p) => p.startsWith(`functions/${b.name}/`))).toEqual([]);
        // Markers: another area's route paths never appear in this bundle.
        for (const prefix of b.prefixes) expect(text, `${b.name} route /${prefix}`).not.toMatch(pathLiteral(prefix));
      }
    });

    it(`${area.name}: carries another area's core modules only where its records refer to them`, () => {
      const { inputs } = bundles.get(area.name)!;
      const foreign = inputs.filter(
        (p) => p.startsWith("core/") && !p.startsWith("core/platform/") && !OWN_CORE[area.name].some((own) => p.startsWith(own)) && !SHARED.some((s) => p.startsWith(s)),
      );
      expect(foreign).toEqual([]);
    });
  }

  it("the markers work: each area's own non-CRUD route paths are found in its own bundle", () => {
    // Proves the marker check above could fail: the same test finds them at home.
    for (const a of areas.filter((x) => x.name !== "docs")) {
      const text = bundles.get(a.name)!.text;
      expect(a.prefixes.some((p) => pathLiteral(p).test(text)), a.name).toBe(true);
    }
  });

  it("no Lambda carries jsonschema: ElectroDB's model check runs in the tests, where every record type is built with it (stacks/bundling.ts)", async () => {
    for (const [name, b] of bundles) expect(b.text.includes("is not of a type(s)"), name).toBe(false); // a jsonschema message
    // The check is live where the tests load the models: ElectroDB refuses a model with a bad attribute type.
    const { Entity } = await import("electrodb");
    expect(() => new Entity({ model: { entity: "x", version: "1", service: "s" }, attributes: { a: { type: 42 } }, indexes: { p: { pk: { field: "pk", composite: [] } } } } as never)).toThrow();
  });

  it("no Lambda carries xero-node: it is installed beside the bundle and imported on the first Xero send", () => {
    for (const [name, b] of bundles) {
      expect(b.text.includes("xero-node-20"), name).toBe(false); // the SDK's user-agent string
    }
  });

  it("only the fleet and workshop Lambdas (photo uploads) and the reports Lambda (exports) carry the S3 client", () => {
    for (const [name, b] of bundles) expect(/["']@aws-sdk\/client-s3["']/.test(b.text), name).toBe(["fleet", "workshop", "reports"].includes(name));
  });
});

/**
 * The registrations between areas (core/platform/offers.ts): a lower area
 * reads a slot (`contactOffers.need("savePush")`) that a higher one fills
 * when its module loads (`contactOffers.offer(...)`). Every Lambda, the
 * scheduled ones and the stream consumer included, that carries a module
 * reading a slot must carry a module filling it, or the read throws.
 */
describe("registrations between areas", () => {
  const slotsIn = (file: string, verb: "need" | "offer") => [...readFileSync(file, "utf8").matchAll(new RegExp(`\\b(\\w+Offers)\\.${verb}\\(`, "g"))].map((m) => m[1]);

  it("every Lambda that reads a slot carries the module that fills it", async () => {
    const cron = readdirSync("functions/cron").filter((f) => f.endsWith(".ts")).map((f) => `functions/cron/${f}`);
    const all: Array<[string, Bundle]> = [...bundles].map(([name, b]) => [`functions/lambda/${name}.ts`, b]);
    for (const entry of cron) all.push([entry, await bundleOf(entry)]);
    const missing: string[] = [];
    let read = 0;
    for (const [entry, b] of all) {
      const core = b.inputs.filter((p) => p.startsWith("core/"));
      const offered = new Set(core.flatMap((p) => slotsIn(p, "offer")));
      for (const p of core) for (const slot of slotsIn(p, "need")) {
        read++;
        if (!offered.has(slot)) missing.push(`${entry}: ${p} reads ${slot}, which nothing in the bundle fills`);
      }
    }
    expect(read).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  }, 120_000);
});

/** An HTTP API (payload 2.0) event for a GET, as API Gateway hands it to a Lambda. */
function getEvent(path: string) {
  return {
    version: "2.0",
    routeKey: `ANY ${path}`,
    rawPath: path,
    rawQueryString: "",
    headers: { host: "api.example.com" },
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.example.com",
      domainPrefix: "api",
      http: { method: "GET", path, protocol: "HTTP/1.1", sourceIp: "192.0.2.1", userAgent: "test" },
      requestId: "r",
      routeKey: `ANY ${path}`,
      stage: "$default",
      time: "23/Nov/2026:18:00:00 +0000",
      timeEpoch: 0,
    },
    isBase64Encoded: false,
  };
}

describe("area Lambdas", () => {
  it("every route an area's app serves is sent to that area's Lambda: its first path segment is one of the area's prefixes", async () => {
    // API Gateway routes /api/<prefix> and /api/<prefix>/{proxy+} to the area's Lambda (stacks/Api.ts); a route whose
    // segment no area lists answers 404 once deployed (the compliance routes did, before they had their Lambda).
    const { areaRoutes } = await import("../../functions/api.js");
    const { createApi } = await import("../../functions/platform/app.js");
    const unrouted: string[] = [];
    for (const area of areas) {
      for (const { path } of createApi([areaRoutes[area.name]]).routes) {
        if (path === "/api/*") continue;
        // A prefix may have more than one segment (public/quote-approval: routed and throttled on its own).
        if (!(area.prefixes as readonly string[]).some((p) => path === `/api/${p}` || path.startsWith(`/api/${p}/`))) unrouted.push(`${area.name}: ${path}`);
      }
    }
    expect(unrouted).toEqual([]);
  });

  it("the docs Lambda's OpenAPI document lists every area's routes; an area's Lambda does not serve it", async () => {
    const { handler: docs } = await import("../../functions/lambda/docs.js");
    const res = (await docs(getEvent("/api/openapi.json") as never, {} as never)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(res.body).paths);
    for (const p of ["/api/me", "/api/nominal", "/api/contacts", "/api/vehicles", "/api/rentals", "/api/payments", "/api/docs"]) expect(paths).toContain(p);

    const { handler: auth } = await import("../../functions/lambda/auth.js");
    const fromAuth = (await auth(getEvent("/api/openapi.json") as never, {} as never)) as { statusCode: number };
    expect(fromAuth.statusCode).toBe(404);
  });
});
