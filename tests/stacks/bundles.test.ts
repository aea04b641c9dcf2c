import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { WORKSHOP_REPORT_NAMES, lambdaOf, lambdas, prefixesOf, areas, type AreaName } from "../../functions/areas.js";
import { bundleOf, type Bundle } from "../../scripts/bundle-report.js";
import { BUNDLE_ESBUILD } from "../../stacks/bundling.js";
import { JSON_SCHEMA_UNAVAILABLE } from "../../functions/platform/zod-json-schema-stub.js";

/**
 * Each area's Lambda (or each Lambda of an area's route groups, functions/areas.ts `lambdas`) carries its own routes
 * and the core modules they use, plus the platform (app, gate, errors), never the whole API.
 * Bundled as SST bundles them (esbuild, ESM for Node), minified, with the
 * AWS SDK left out as the runtime's; sizes are recorded in
 * docs/performance.md ("Bundles").
 */

/** The most a request-serving Lambda may be, minified (issue 23). */
const REQUEST_LAMBDA_MAX = 600_000;

/**
 * Minified bytes each Lambda must stay under (the whole API was 0.96 MB in every one); the sizes measured and their
 * history are in docs/performance.md "Bundles". `npx tsx scripts/bundle-report.ts` lists what fills each.
 */
const BUDGET: Record<string, number> = {
  auth: 400_000, // 356 kB measured
  settings: 500_000, // 431 kB
  contacts: 500_000, // 437 kB
  fleet: 600_000, // 569 kB
  cap: 600_000, // 528 kB: the CAP upload and its template
  compliance: 600_000, // 517 kB: the registration look-ups, MOT history, compliance warnings, the fleet check
  hire: 600_000, // 536 kB
  // The workshop area in route groups (issue 23: 719 kB as one Lambda).
  workshop: 600_000, // 596 kB: job cards, the `work` calls, one work item, photos
  workapprovals: 600_000, // 564 kB: GET work (the approval lists, the service record), PUT work/readytoapprove, work/approve
  parts: 600_000, // 592 kB: Parts Expenses saves a quote's or a part order's parts through modules beside their records (quote-parts.ts, partorder-parts.ts), a job's through the job card's service
  quotes: 600_000, // 582 kB: quotes, defects and enquiries turned into quotes, the approval link and e-mail
  quotejobs: 600_000, // 580 kB: POST createquotejob: the job-card service
  partorders: 600_000, // 586 kB: the order's invoice raised on completion (core/accounts/invoices.ts)
  movements: 600_000, // 583 kB: a chargeable movement's invoice
  lookups: 600_000, // 560 kB: the part and work lookups, the work totals
  // The accounts area in route groups (issue 23: 662 kB as one Lambda).
  accounts: 600_000, // invoices, credit notes, vehicle sales
  payments: 600_000,
  transactions: 600_000, // transactions, fixed expenses, the diary
  xero: 600_000, // 584 kB (600.1 before zod's JSON Schema generator left the bundles, stacks/bundling.ts)
  reports: 600_000, // 547 kB: every area's report modules but the workshop's (620 before the split and the zod stub)
  workshopreports: 600_000, // 554 kB: the workshop's reports (part stock, quotes with the quotes' presentation, jobs in and out)
  // The API reference served from the document built ahead (`npm run openapi`; tests/stacks/openapi.test.ts): Hono and the document, no area.
  docs: 400_000, // 381 kB
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
  "core/hire/messages.ts", // the rental's messages and choices its definition names (the rules re-export them)
  "core/hire/invoicing-rules.ts",
  "core/workshop/index.ts",
  "core/fleet/index.ts",
  "core/fleet/agreements.ts", // reading agreements across vehicles (with the vehicles that hold them)
  "core/fleet/vehicle.ts",
  "core/fleet/definitions.ts",
  "core/fleet/inspection-definitions.ts", // the inspection record's definition, re-exported by definitions.ts
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

const bundles = new Map<string, Bundle>();
beforeAll(async () => {
  for (const l of lambdas) bundles.set(l.name, await bundleOf(`functions/lambda/${l.name}.ts`));
  console.log(
    "Lambda bundles (minified, AWS SDK external):\n" +
      [...bundles].map(([name, b]) => `  ${name.padEnd(13)} ${(b.bytes / 1000).toFixed(0).padStart(4)} kB  (${(b.gzip / 1000).toFixed(0)} kB gzipped)`).join("\n"),
  );
}, 120_000);

/** A route path of the area as it appears in a bundle: "/rentals", "/rentals/:id", `/rentals...`. */
const pathLiteral = (prefix: string) => new RegExp(`["\`]/${prefix.replace(/\./g, "\\.")}["\`/]`);

describe("Lambda bundles", () => {
  it(`every Lambda has a budget, and every request-serving one is at most ${REQUEST_LAMBDA_MAX / 1000} kB`, () => {
    expect(Object.keys(BUDGET).sort()).toEqual(lambdas.map((l) => l.name).sort());
    // None over the line (issue 23; docs/performance.md "Bundles"): the docs Lambda serves a built document and is under it too.
    for (const l of lambdas) expect(BUDGET[l.name], l.name).toBeLessThanOrEqual(REQUEST_LAMBDA_MAX);
  });

  for (const lambda of lambdas) {
    const area = areas.find((a) => a.name === lambda.area)!;
    const others = areas.filter((b) => b.name !== area.name);
    const split = "lambdas" in area;

    it(`${lambda.name}: stays under ${BUDGET[lambda.name] / 1000} kB minified`, () => {
      expect(bundles.get(lambda.name)!.bytes).toBeLessThan(BUDGET[lambda.name]);
    });

    if (lambda.name === "docs") {
      it("docs: serves the document built from every area's routes, carrying no area's code (tests/stacks/openapi.test.ts: it equals the live one)", () => {
        const { inputs, text } = bundles.get("docs")!;
        expect(inputs).toContain("functions/platform/openapi.generated.json");
        expect(inputs.filter((p) => p.startsWith("core/") || (p.startsWith("functions/") && p.endsWith("/routes.ts")))).toEqual([]);
        expect(text).not.toContain("electrodb");
        for (const b of others) for (const prefix of prefixesOf(b)) expect(text, `${b.name} route /${prefix}`).toContain(`"/api/${prefix}`);
      });
      continue;
    }

    it(`${lambda.name}: carries its own routes and no other area's routes`, () => {
      const { inputs, text } = bundles.get(lambda.name)!;
      // A route group's Lambda carries its groups, not the area's composition of all of them.
      if (split) expect(inputs).not.toContain(`functions/${area.name}/routes.ts`);
      else expect(inputs).toContain(`functions/${area.name}/routes.ts`);
      expect(inputs).not.toContain("functions/api.ts");
      for (const b of others) {
        expect(inputs.filter((p) => p.startsWith(`functions/${b.name}/`))).toEqual([]);
        // Markers: another area's route paths never appear in this bundle.
        for (const prefix of prefixesOf(b)) expect(text, `${b.name} route /${prefix}`).not.toMatch(pathLiteral(prefix));
      }
    });

    it(`${lambda.name}: carries another area's core modules only where its records refer to them`, () => {
      const { inputs } = bundles.get(lambda.name)!;
      const foreign = inputs.filter(
        (p) => p.startsWith("core/") && !p.startsWith("core/platform/") && !OWN_CORE[area.name].some((own) => p.startsWith(own)) && !SHARED.some((s) => p.startsWith(s)),
      );
      expect(foreign).toEqual([]);
    });
  }

  it("the markers work: each Lambda's own non-CRUD route paths are found in its own bundle", () => {
    // Proves the marker check above could fail: the same test finds them at home.
    for (const l of lambdas.filter((x) => x.name !== "docs")) {
      const text = bundles.get(l.name)!.text;
      // A Lambda of exact paths alone (workshopreports: `report/<name>`) is found by its paths' last segments.
      if (!l.prefixes.length) for (const p of l.exact) expect(text, `${l.name} ${p}`).toContain(`"${p.split("/").pop()}"`);
      else expect(l.prefixes.some((p) => pathLiteral(p).test(text)), l.name).toBe(true);
    }
  });

  it("the reports Lambdas split the catalogue: the workshop's reports (their names as functions/areas.ts routes them) in workshopreports alone, the others in reports alone; the export consumer carries both", async () => {
    const { WORKSHOP_REPORT_CATALOGUE } = await import("../../functions/reports/workshop-catalogue.js");
    const { REPORT_CATALOGUE, REPORT_NAMES } = await import("../../functions/reports/catalogue.js");
    expect(Object.keys(WORKSHOP_REPORT_CATALOGUE).sort()).toEqual([...WORKSHOP_REPORT_NAMES].sort());
    expect(Object.keys(REPORT_CATALOGUE).filter((n) => n in WORKSHOP_REPORT_CATALOGUE)).toEqual([]);
    expect([...REPORT_NAMES].sort()).toEqual([...Object.keys(REPORT_CATALOGUE), ...Object.keys(WORKSHOP_REPORT_CATALOGUE)].sort());
    expect(bundles.get("reports")!.inputs).not.toContain("core/workshop/reports.ts");
    expect(bundles.get("workshopreports")!.inputs.filter((p) => /^core\/[^/]+\/(.*-)?reports?\.ts$/.test(p) && p !== "core/workshop/reports.ts" && p !== "core/platform/reports.ts")).toEqual([]);
    const consumer = await bundleOf("functions/cron/report-export.ts");
    expect(consumer.inputs).toEqual(expect.arrayContaining(["core/workshop/reports.ts", "core/fleet/reports.ts", "core/hire/reports.ts"]));
  });

  it("parts carries neither the quotes nor the part orders service, and a Lambda saving job cards without their image calls or list carries neither (docs/performance.md \"Bundles\")", () => {
    const parts = bundles.get("parts")!.inputs;
    // Parts Expenses saves a quote's and a part order's parts through the modules beside their records.
    expect(parts).toContain("core/workshop/quote-parts.ts");
    expect(parts).toContain("core/workshop/partorder-parts.ts");
    expect(parts.filter((p) => ["core/workshop/quotes.ts", "core/workshop/partorders.ts"].includes(p))).toEqual([]);
    // The job card's service counts and removes a job's images through their record (image-records.ts); the uploads are images.ts;
    // the jobs list is job-lists.ts: Lambdas that save job cards without serving their images or list carry neither.
    for (const name of ["parts", "quotejobs"]) {
      expect(bundles.get(name)!.inputs, name).toContain("core/workshop/jobs.ts");
      expect(bundles.get(name)!.inputs, name).toContain("core/workshop/image-records.ts");
      expect(bundles.get(name)!.inputs.filter((p) => ["core/workshop/images.ts", "core/workshop/job-lists.ts"].includes(p)), name).toEqual([]);
    }
    expect(bundles.get("workshop")!.inputs).toEqual(expect.arrayContaining(["core/workshop/images.ts", "core/workshop/job-lists.ts"]));
  });

  it("no Lambda carries jsonschema: ElectroDB's model check runs in the tests, where every record type is built with it (stacks/bundling.ts)", async () => {
    for (const [name, b] of bundles) expect(b.text.includes("is not of a type(s)"), name).toBe(false); // a jsonschema message
    // The check is live where the tests load the models: ElectroDB refuses a model with a bad attribute type.
    const { Entity } = await import("electrodb");
    expect(() => new Entity({ model: { entity: "x", version: "1", service: "s" }, attributes: { a: { type: 42 } }, indexes: { p: { pk: { field: "pk", composite: [] } } } } as never)).toThrow();
  });

  it("no Lambda carries zod's JSON Schema generator (stacks/bundling.ts), and a bundled parse answers as the tests' zod does", async () => {
    for (const [name, b] of bundles) expect(b.text.includes("Cycle detected: "), name).toBe(false); // a message of zod's to-json-schema.js
    expect(bundles.get("xero")!.inputs).toContain("functions/platform/zod-json-schema-stub.ts");
    // The product's schemas parsed bundled as a Lambda is, and as the tests run them: the same data and refusals.
    const built = await build({
      entryPoints: ["tests/stacks/zod-probe.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      mainFields: ["module", "main"],
      write: false,
      logLevel: "error",
      alias: BUNDLE_ESBUILD.alias,
      plugins: BUNDLE_ESBUILD.plugins,
    });
    const file = join(mkdtempSync(join(tmpdir(), "zod-probe-")), "probe.mjs");
    writeFileSync(file, built.outputFiles[0].contents);
    const bundled = ((await import(pathToFileURL(file).href)) as typeof import("./zod-probe.js")).probe();
    const direct = (await import("./zod-probe.js")).probe();
    expect(bundled.out.length).toBeGreaterThan(20);
    expect(bundled.out.filter((r) => "refused" in r).length).toBeGreaterThan(5);
    expect(bundled.out).toEqual(direct.out);
    expect(bundled.jsonSchema).toBe(JSON_SCHEMA_UNAVAILABLE);
    expect(direct.jsonSchema).toContain('"type":"object"');
  });

  it("no Lambda carries xero-node: it is installed beside the bundle and imported on the first Xero send", () => {
    for (const [name, b] of bundles) {
      expect(b.text.includes("xero-node-20"), name).toBe(false); // the SDK's user-agent string
    }
  });

  it("only the fleet Lambda and the workshop's job card, parts and quotes Lambdas (photo uploads, a job's photos go with it) and the reports Lambdas (exports) carry the S3 client", () => {
    for (const [name, b] of bundles) expect(/["']@aws-sdk\/client-s3["']/.test(b.text), name).toBe(["fleet", "workshop", "parts", "quotes", "quotejobs", "reports", "workshopreports"].includes(name));
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
        if (!prefixesOf(area).some((p) => path === `/api/${p}` || path.startsWith(`/api/${p}/`))) unrouted.push(`${area.name}: ${path}`);
      }
    }
    expect(unrouted).toEqual([]);
  });

  it("each Lambda serves exactly the routes API Gateway sends it (the longest prefix that matches), and together every route of the API", async () => {
    const { createFullApi } = await import("../../functions/api.js");
    const owner = lambdaOf;
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const served = new Set<string>();
    const misrouted: string[] = [];
    for (const l of lambdas.filter((x) => x.name !== "docs")) {
      const { app } = (await import(`../../functions/lambda/${l.name}.ts`)) as { app: { routes: Array<{ method: string; path: string }> } };
      for (const r of app.routes) {
        if (r.path === "/api/*") continue;
        served.add(key(r));
        if (owner(r.path) !== l.name) misrouted.push(`${l.name} serves ${key(r)}, which API Gateway sends to ${owner(r.path)}`);
      }
    }
    expect(misrouted).toEqual([]);
    const all = createFullApi().routes.filter((r) => r.path !== "/api/*" && owner(r.path) !== "docs").map(key);
    expect(all.filter((k) => !served.has(k))).toEqual([]);
    // The route groups asserted by name (functions/areas.ts).
    for (const [path, l] of Object.entries({ "/api/jobs/:id": "workshop", "/api/work/approve": "workapprovals", "/api/work": "workapprovals", "/api/work/:id": "workshop", "/api/work/figures": "workshop", "/api/parts/update/:id": "parts", "/api/quotes/:id": "quotes", "/api/createquotejob": "quotejobs", "/api/public/quote-approval/:token": "quotes", "/api/partorder/:id": "partorders", "/api/movement/:id": "movements", "/api/worktotals/:id": "lookups", "/api/invoices/:id": "accounts", "/api/payment/:id": "payments", "/api/transactions/update/:id": "transactions", "/api/xero/sync": "xero", "/api/report/quotereport": "workshopreports", "/api/reportexport/jobflowreport": "workshopreports", "/api/report/:reportName": "reports", "/api/report/vehiclereport": "reports", "/api/reportexport/:reportName": "reports", "/api/reportexport/:exportId": "reports" })) {
      expect(owner(path), path).toBe(l);
    }
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
