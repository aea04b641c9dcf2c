import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableDefinition } from "../../core/platform/table.js";
import { lambdas, routeKeysOf } from "../../functions/areas.js";
import { XERO_PUSH_TYPE } from "../../core/accounts/xero-push.js";
import sstConfig from "../../sst.config.js";
import { API_THROTTLE, Api, MAIL_AREA, PUBLIC_APPROVAL_ROUTES, PUBLIC_APPROVAL_THROTTLE, SIGN_IN_ROUTES, SIGN_IN_THROTTLE } from "../../stacks/Api.js";
import { Cron, FLEET_CHECK_TIMEOUT, LEAGUE_RANK_TIMEOUT, REPORT_EXPORT_TIMEOUT, XERO_PUSH_BATCH, XERO_PUSH_TIMEOUT, XERO_PUSH_WINDOW_S } from "../../stacks/Cron.js";
import { Database } from "../../stacks/Database.js";
import { SECRET_NAMES } from "../../stacks/Secrets.js";
import { PENDING_UPLOAD_DAYS, Storage } from "../../stacks/Storage.js";
import { Web } from "../../stacks/Web.js";

/**
 * Synthesizes every stack offline (SST's documented testing approach; needs
 * NODE_ENV=test, forced by vitest.config.ts) and checks the templates.
 * The web build is skipped: the site is packaged from an existing web/dist,
 * or from a placeholder this test writes and removes again.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = join(root, "web/dist");
const placeholder = join(dist, "index.html");
const PLACEHOLDER = "<!-- stacks.test.ts placeholder -->";
let createdPlaceholder = false;

type Resource = { Type: string; Properties: Record<string, any> };
type Templates = Record<"db" | "storage" | "api" | "cron" | "web", Template>;
let t: Templates;
let outdir: string | undefined;

beforeAll(async () => {
  process.chdir(root); // handler paths are relative to the folder holding sst.config.ts
  process.env.SST_SKIP_WEB_BUILD = "1";
  if (!existsSync(placeholder)) {
    mkdirSync(dist, { recursive: true });
    writeFileSync(placeholder, PLACEHOLDER);
    createdPlaceholder = true;
  }
  await initProject({ stage: "test" });
  const app = new App({ mode: "deploy", stage: "test", name: "van-backoffice", region: "eu-west-2", account: "123456789012" });
  sstConfig.stacks(app);
  await app.finish();
  outdir = app.outdir;
  t = {
    db: Template.fromStack(getStack(Database)),
    storage: Template.fromStack(getStack(Storage)),
    api: Template.fromStack(getStack(Api)),
    cron: Template.fromStack(getStack(Cron)),
    web: Template.fromStack(getStack(Web)),
  };
}, 900_000); // bundling every Lambda (11 behind the API, 7 scheduled or on the stream) takes a while on a busy machine

afterAll(() => {
  // CDK synthesizes into a fresh temporary cdk.out folder: remove it.
  if (outdir?.startsWith(tmpdir())) rmSync(outdir, { recursive: true, force: true });
  // Remove only our own placeholder, never a real build.
  if (createdPlaceholder && existsSync(placeholder) && readFileSync(placeholder, "utf8") === PLACEHOLDER) {
    rmSync(placeholder);
    if (readdirSync(dist).length === 0) rmSync(dist, { recursive: true });
  }
});

function resources(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The Lambdas SST builds from our handlers (SST_APP marks an sst Function). */
function ourFunctions(template: Template): Record<string, Resource> {
  return Object.fromEntries(
    Object.entries(resources(template, "AWS::Lambda::Function")).filter(
      ([, r]) => r.Properties.Environment?.Variables?.SST_APP !== undefined,
    ),
  );
}

/** The table stream's event source mappings (the consumers of stacks/Cron.ts). */
function streamMappings(): Resource[] {
  return Object.values(resources(t.cron, "AWS::Lambda::EventSourceMapping")).concat(Object.values(resources(t.db, "AWS::Lambda::EventSourceMapping")));
}
/** The report export Lambda's logical id. */
function exportFn(): string {
  return Object.entries(ourFunctions(t.cron)).find(([, f]) => String(f.Properties.Handler).includes("report-export"))![0];
}

describe("Database stack", () => {
  it("has the table keys, both GSIs, TTL and point-in-time recovery", () => {
    const tables = Object.values(resources(t.db, "AWS::DynamoDB::Table"));
    expect(tables).toHaveLength(1);
    const p = tables[0].Properties;
    expect(p.KeySchema).toEqual(tableDefinition.KeySchema);
    expect(p.AttributeDefinitions).toEqual(expect.arrayContaining([...tableDefinition.AttributeDefinitions]));
    expect(p.AttributeDefinitions).toHaveLength(tableDefinition.AttributeDefinitions.length);
    expect(p.GlobalSecondaryIndexes).toEqual(
      expect.arrayContaining(
        tableDefinition.GlobalSecondaryIndexes.map((g) => ({
          IndexName: g.IndexName,
          KeySchema: g.KeySchema,
          Projection: g.Projection,
        })),
      ),
    );
    expect(p.BillingMode).toBe("PAY_PER_REQUEST");
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: "expires_at", Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });
});

describe("Storage stack", () => {
  it("blocks public access and has no CORS rule of its own (the Web stack allows the site only)", () => {
    const [bucket] = Object.values(resources(t.storage, "AWS::S3::Bucket"));
    expect(bucket.Properties.CorsConfiguration).toBeUndefined();
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it("expires uploads never confirmed: pending/ after a day", () => {
    expect(PENDING_UPLOAD_DAYS).toBe(1);
    const [bucket] = Object.values(resources(t.storage, "AWS::S3::Bucket"));
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Prefix: "pending/", ExpirationInDays: 1, Status: "Enabled" }),
    ]);
  });
});

describe("functions", () => {
  it("has one Lambda per route group, six cron Lambdas (recurring payments, hire invoices, repeating transactions, Xero sync, fleet check, league re-rank), the report export Lambda and the Xero push consumer", () => {
    expect(Object.keys(ourFunctions(t.api))).toHaveLength(lambdas.length);
    expect(Object.keys(ourFunctions(t.cron))).toHaveLength(8);
  });

  it("runs every Lambda on nodejs20.x, arm64, with local sign-in off, the table, bucket and secrets", () => {
    const all = Object.values(t).flatMap((template) => Object.values(ourFunctions(template)));
    expect(all.length).toBe(lambdas.length + 8);
    for (const { Properties: p } of all) {
      expect(p.Runtime).toBe("nodejs20.x");
      expect(p.Architectures).toEqual(["arm64"]);
      expect(p.MemorySize).toBe(1024);
      // Only the report export Lambda, the fleet check and the Xero push consumer run past API Gateway's 29 seconds.
      const long: Record<string, number> = { "report-export": REPORT_EXPORT_TIMEOUT, "fleet-check": FLEET_CHECK_TIMEOUT, "xero-push": XERO_PUSH_TIMEOUT, "league-rank": LEAGUE_RANK_TIMEOUT };
      expect(p.Timeout).toBe(Object.entries(long).find(([name]) => String(p.Handler).includes(`/${name}.`))?.[1] ?? 29);
      const env = p.Environment.Variables;
      expect(env.LOCAL_SIGN_IN).toBe("false");
      expect(env.REPORT_EXPORTS).toBe("stream");
      expect(env.SESSION_HOURS).toBe("12");
      expect(env.TABLE_NAME).toBeDefined();
      expect(env.BUCKET_NAME).toBeDefined();
      for (const name of SECRET_NAMES) expect(env[`SST_Secret_value_${name}`]).toBeDefined();
    }
  });

  it("has no Lambda anywhere with local sign-in on", () => {
    for (const template of Object.values(t)) {
      for (const { Properties: p } of Object.values(resources(template, "AWS::Lambda::Function"))) {
        const value = p.Environment?.Variables?.LOCAL_SIGN_IN;
        if (value !== undefined) expect(value).toBe("false");
      }
    }
  });
});

describe("Api stack", () => {
  it("routes ANY /api/<prefix> and its proxy form to the area's own Lambda", () => {
    const fns = ourFunctions(t.api);
    const integrations = resources(t.api, "AWS::ApiGatewayV2::Integration");
    const routes = Object.values(resources(t.api, "AWS::ApiGatewayV2::Route"));
    const functionOfRoute = new Map<string, string>();
    for (const { Properties: r } of routes) {
      const integrationId = r.Target["Fn::Join"][1][1].Ref as string;
      const uri = integrations[integrationId].Properties.IntegrationUri;
      functionOfRoute.set(r.RouteKey, uri["Fn::GetAtt"][0]);
    }
    const expected = [...lambdas.flatMap(routeKeysOf), ...SIGN_IN_ROUTES];
    expect([...functionOfRoute.keys()].sort()).toEqual([...expected].sort());

    for (const lambda of lambdas) {
      const own = [...routeKeysOf(lambda), ...(lambda.name === "auth" ? SIGN_IN_ROUTES : [])];
      const targets = new Set(own.map((key) => functionOfRoute.get(key)));
      expect(targets.size).toBe(1); // one function per Lambda of functions/areas.ts, reused across its routes
      const [id] = [...targets] as string[];
      expect(fns[id]).toBeDefined();
      const base = lambda.handler.split("/").pop()!; // e.g. "auth.handler"
      expect(fns[id].Properties.Handler).toMatch(new RegExp(`${base.replace(".", "\\.")}$`));
    }
  });

  it("shares one integration per area Lambda, so the stack stays under CloudFormation's 500 resources", () => {
    // 505 resources once the fitter's, approval and league routes came (one integration per route): synth refused it.
    expect(Object.keys(resources(t.api, "AWS::ApiGatewayV2::Integration"))).toHaveLength(lambdas.length);
    expect(Object.keys(t.api.toJSON().Resources).length).toBeLessThan(450);
  });

  it("gives each area Lambda one invoke permission for the whole API (not one per route)", () => {
    // Lambda caps a function's resource policy at 20 KB; one statement per route overflows it.
    const permissions = Object.values(resources(t.api, "AWS::Lambda::Permission")).map((r) => r.Properties);
    const fns = Object.keys(ourFunctions(t.api));
    expect(permissions).toHaveLength(fns.length);
    for (const id of fns) {
      const mine = permissions.filter((p) => p.FunctionName["Fn::GetAtt"]?.[0] === id);
      expect(mine).toHaveLength(1);
      expect(mine[0].Principal).toBe("apigateway.amazonaws.com");
      expect(JSON.stringify(mine[0].SourceArn)).toMatch(/\/\*\/\*"\]\]\}$/);
    }
  });

  it("throttles every route, and the sign-in routes more strictly", () => {
    const [stage] = Object.values(resources(t.api, "AWS::ApiGatewayV2::Stage")).map((r) => r.Properties);
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: API_THROTTLE.rate, ThrottlingBurstLimit: API_THROTTLE.burst });
    expect(Object.keys(stage.RouteSettings).sort()).toEqual([...SIGN_IN_ROUTES, ...PUBLIC_APPROVAL_ROUTES].sort());
    for (const key of SIGN_IN_ROUTES) {
      expect(stage.RouteSettings[key]).toEqual({ ThrottlingRateLimit: SIGN_IN_THROTTLE.rate, ThrottlingBurstLimit: SIGN_IN_THROTTLE.burst });
    }
    expect(SIGN_IN_THROTTLE.rate).toBeLessThan(API_THROTTLE.rate);
  });

  it("throttles the public quote approval routes on their own, strictly, and routes them to the workshop Lambda (docs/quote-approval.md)", () => {
    const [stage] = Object.values(resources(t.api, "AWS::ApiGatewayV2::Stage")).map((r) => r.Properties);
    for (const key of PUBLIC_APPROVAL_ROUTES) expect(stage.RouteSettings[key]).toEqual({ ThrottlingRateLimit: PUBLIC_APPROVAL_THROTTLE.rate, ThrottlingBurstLimit: PUBLIC_APPROVAL_THROTTLE.burst });
    expect(PUBLIC_APPROVAL_THROTTLE.rate).toBeLessThan(API_THROTTLE.rate);
    const keys = Object.values(resources(t.api, "AWS::ApiGatewayV2::Route")).map((r) => r.Properties.RouteKey);
    for (const key of PUBLIC_APPROVAL_ROUTES) expect(keys).toContain(key);
  });

  it("lets only the Lambda that sends the approval e-mail call ses:SendEmail", () => {
    const fns = ourFunctions(t.api);
    const mailer = Object.entries(fns).filter(([, r]) => JSON.stringify(r.Properties.Handler ?? "").includes(`${MAIL_AREA}.handler`));
    expect(mailer).toHaveLength(1);
    const roleOf = (r: Resource) => JSON.stringify(r.Properties.Role).replace(/^{"Fn::GetAtt":\["|".*$/g, "");
    const policies = Object.values(resources(t.api, "AWS::IAM::Policy"));
    const sending = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument.Statement).includes("ses:SendEmail"));
    expect(sending.length).toBeGreaterThan(0);
    const roles = sending.flatMap((p) => (p.Properties.Roles ?? []).map((x: unknown) => JSON.stringify(x)));
    expect(roles.every((r) => r.includes(roleOf(mailer[0][1])))).toBe(true);
  });

  it("allows no cross-origin calls (the SPA reaches the API on its own origin)", () => {
    const [httpApi] = Object.values(resources(t.api, "AWS::ApiGatewayV2::Api")).map((r) => r.Properties);
    expect(httpApi.CorsConfiguration).toBeUndefined();
  });

  it("exports the API url", () => {
    expect(Object.keys(t.api.toJSON().Outputs ?? {})).toContain("ApiUrl");
  });
});

describe("report exports", () => {
  it("streams the table's new images to the report Lambda, new export items only", () => {
    const [table] = Object.values(resources(t.db, "AWS::DynamoDB::Table"));
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: "NEW_IMAGE" });
    // Two consumers of the one stream: the report exports and the Xero pushes (below).
    expect(streamMappings()).toHaveLength(2);
    const mapping = streamMappings().find((m) => JSON.stringify(m.Properties.FunctionName).includes(exportFn()))!;
    expect(mapping.Properties.BatchSize).toBe(1);
    expect(mapping.Properties.StartingPosition).toBe("LATEST");
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(patterns).toEqual([{ eventName: ["INSERT"], dynamodb: { NewImage: { __edb_e__: { S: ["reportexport"] } } } }]);
    const fn = Object.values(ourFunctions(t.cron)).find((f) => String(f.Properties.Handler).includes("report-export"))!;
    expect(fn.Properties.Timeout).toBe(REPORT_EXPORT_TIMEOUT);
  });
});

describe("Xero push consumer", () => {
  it("streams push items written PENDING (new or queued again) to their consumer, in batches gathered for 2 seconds, retried twice", () => {
    const fn = Object.entries(ourFunctions(t.cron)).find(([, f]) => /xero-push\.handler$/.test(String(f.Properties.Handler)))!;
    const mapping = streamMappings().find((m) => JSON.stringify(m.Properties.FunctionName).includes(fn[0]))!;
    expect(mapping, "an event source mapping for functions/cron/xero-push.handler").toBeDefined();
    expect(JSON.stringify(mapping.Properties.EventSourceArn)).toMatch(/StreamArn/);
    expect(mapping.Properties).toMatchObject({ StartingPosition: "LATEST", BatchSize: XERO_PUSH_BATCH, MaximumBatchingWindowInSeconds: XERO_PUSH_WINDOW_S, MaximumRetryAttempts: 2 });
    const patterns = mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    // Only push items (the runner's own SENDING, SENT and FAILED writes do not match, so it never wakes itself).
    expect(patterns).toEqual([{ eventName: ["INSERT", "MODIFY"], dynamodb: { NewImage: { __edb_e__: { S: [XERO_PUSH_TYPE] }, status: { S: ["PENDING"] } } } }]);
    expect(fn[1].Properties.Timeout).toBe(XERO_PUSH_TIMEOUT);
  });

  it("lets the consumer read the stream, read and write the table, and read the Xero secrets", () => {
    const [id, fn] = Object.entries(ourFunctions(t.cron)).find(([, f]) => /xero-push\.handler$/.test(String(f.Properties.Handler)))!;
    const env = fn.Properties.Environment.Variables;
    for (const name of ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET"]) expect(env[`SST_Secret_value_${name}`], name).toBeDefined();
    const roleRef = JSON.stringify(fn.Properties.Role);
    const policies = Object.values(resources(t.cron, "AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles ?? []).includes(roleRef.replace(/^{"Fn::GetAtt":\["|".*$/g, "")));
    const statements = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument.Statement));
    expect(policies.length, `policies of ${id}`).toBeGreaterThan(0);
    expect(statements).toMatch(/dynamodb:GetRecords/);
    expect(statements).toMatch(/dynamodb:PutItem|dynamodb:\*/);
    expect(statements).toMatch(/ssm:GetParameters/);
  });
});

describe("Cron stack", () => {
  it("schedules hire invoices daily at 01:30 UTC, recurring payments daily at 02:00 UTC, repeating transactions at 02:30 UTC, the fleet check at 03:00 UTC and the Xero sync every 15 minutes", () => {
    const rules = Object.values(resources(t.cron, "AWS::Events::Rule")).map((r) => r.Properties);
    expect(rules.map((r) => r.ScheduleExpression).sort()).toEqual(["cron(0 2 * * ? *)", "cron(0 3 * * ? *)", "cron(15 0 * * ? *)", "cron(30 1 * * ? *)", "cron(30 2 * * ? *)", "rate(15 minutes)"]);
    const fns = ourFunctions(t.cron);
    const handlerOf = (expr: string) => {
      const rule = rules.find((r) => r.ScheduleExpression === expr)!;
      return fns[rule.Targets[0].Arn["Fn::GetAtt"][0]].Properties.Handler as string;
    };
    expect(handlerOf("cron(0 2 * * ? *)")).toMatch(/recurring-payments\.handler$/);
    expect(handlerOf("cron(30 1 * * ? *)")).toMatch(/hire-invoices\.handler$/);
    expect(handlerOf("cron(30 2 * * ? *)")).toMatch(/repeating-transactions\.handler$/);
    expect(handlerOf("rate(15 minutes)")).toMatch(/xero-sync\.handler$/);
    expect(handlerOf("cron(0 3 * * ? *)")).toMatch(/fleet-check\.handler$/);
    expect(handlerOf("cron(15 0 * * ? *)")).toMatch(/league-rank\.handler$/);
  });

  it("gives the league re-rank its pace, a 15-minute run and the table to read and write (docs/finance.md)", () => {
    const [id, fn] = Object.entries(ourFunctions(t.cron)).find(([, f]) => /league-rank\.handler$/.test(String(f.Properties.Handler)))!;
    expect(fn.Properties.Timeout).toBe(LEAGUE_RANK_TIMEOUT);
    expect(fn.Properties.Environment.Variables.LEAGUE_RANK_PACE_MS).toBe("20");
    expect(fn.Properties.Environment.Variables.TABLE_NAME).toBeDefined();
    const roleRef = JSON.stringify(fn.Properties.Role);
    const policies = Object.values(resources(t.cron, "AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles ?? []).includes(roleRef.replace(/^{"Fn::GetAtt":\["|".*$/g, "")));
    const statements = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument.Statement));
    expect(policies.length, `policies of ${id}`).toBeGreaterThan(0);
    // It reads the board, totals and vehicles and writes the sorts' counters and entries in transactions.
    expect(statements).toMatch(/dynamodb:PutItem|dynamodb:\*/);
    expect(statements).toMatch(/dynamodb:Query|dynamodb:\*/);
  });

  it("gives the fleet check the DVLA and DVSA secrets (bound, readable by its role from SSM), its pace and a 15-minute run", () => {
    const fns = ourFunctions(t.cron);
    const [id, check] = Object.entries(fns).find(([, f]) => /fleet-check\.handler$/.test(String(f.Properties.Handler)))!;
    const names = ["DVLA_API_KEY", "DVSA_CLIENT_ID", "DVSA_CLIENT_SECRET", "DVSA_API_KEY", "DVSA_TOKEN_URL"];
    const env = check.Properties.Environment.Variables;
    for (const name of names) expect(env[`SST_Secret_value_${name}`], name).toBeDefined();
    expect(env.FLEET_CHECK_MAX).toBe("500");
    expect(env.FLEET_CHECK_PER_SECOND).toBe("2");
    expect(env.TABLE_NAME).toBeDefined();
    expect(check.Properties.Timeout).toBe(FLEET_CHECK_TIMEOUT);
    const roleRef = JSON.stringify(check.Properties.Role);
    const policies = Object.values(resources(t.cron, "AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles ?? []).includes(roleRef.replace(/^{"Fn::GetAtt":\["|".*$/g, "")));
    const statements = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument.Statement));
    expect(policies.length, `policies of ${id}`).toBeGreaterThan(0);
    expect(statements).toMatch(/ssm:GetParameters/);
    for (const name of names) expect(statements).toContain(name);
    // It reads and writes the table (vehicles, MOT tests, warnings, its runs).
    expect(statements).toMatch(/dynamodb:PutItem|dynamodb:\*/);
  });

  it("gives the Xero sync XERO_CLIENT_ID and XERO_CLIENT_SECRET: bound secrets in its environment, readable by its role from SSM", () => {
    const fns = ourFunctions(t.cron);
    const [id, xero] = Object.entries(fns).find(([, f]) => /xero-sync\.handler$/.test(String(f.Properties.Handler)))!;
    const env = xero.Properties.Environment.Variables;
    for (const name of ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET"]) expect(env[`SST_Secret_value_${name}`], name).toBeDefined();
    // The function's role may read those secrets' parameters (how functions/lambda/secrets.ts loads them at cold start).
    const roleRef = JSON.stringify(xero.Properties.Role);
    const policies = Object.values(resources(t.cron, "AWS::IAM::Policy")).filter((p) => JSON.stringify(p.Properties.Roles ?? []).includes(roleRef.replace(/^{"Fn::GetAtt":\["|".*$/g, "")));
    const statements = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument.Statement));
    expect(policies.length, `policies of ${id}`).toBeGreaterThan(0);
    expect(statements).toMatch(/ssm:GetParameters/);
    for (const name of ["XERO_CLIENT_ID", "XERO_CLIENT_SECRET"]) expect(statements).toContain(name);
  });
});

describe("Web stack", () => {
  const distribution = () => Object.values(resources(t.web, "AWS::CloudFront::Distribution"))[0].Properties.DistributionConfig;

  it("serves deep links with index.html from a viewer-request function, leaving the API's own 403 and 404 alone", () => {
    const config = distribution();
    expect(config.CustomErrorResponses ?? []).toEqual([]);
    const [fn] = Object.values(resources(t.web, "AWS::CloudFront::Function")).filter((f) => f.Properties.FunctionCode.includes('request.uri = "/index.html"'));
    expect(fn).toBeDefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(config.DefaultCacheBehavior.FunctionAssociations[0].EventType).toBe("viewer-request");
  });

  it("sends /api/* to the HTTP API uncached with every viewer header but Host", () => {
    const config = distribution();
    const [api] = config.CacheBehaviors.filter((b: any) => b.PathPattern === "/api/*");
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]));
    expect(api.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad"); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac"); // Managed-AllViewerExceptHostHeader
    const origin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain("execute-api");
  });

  it("adds CSP, X-Frame-Options, X-Content-Type-Options, Referrer-Policy and HSTS to every answer", () => {
    const [policy] = Object.values(resources(t.web, "AWS::CloudFront::ResponseHeadersPolicy")).map((r) => r.Properties.ResponseHeadersPolicyConfig);
    const h = policy.SecurityHeadersConfig;
    const csp = JSON.stringify(h.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(".s3.eu-west-2.amazonaws.com"); // photos are sent to and shown from the bucket
    expect(h.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.ReferrerPolicy).toEqual({ ReferrerPolicy: "strict-origin-when-cross-origin", Override: true });
    expect(h.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    const config = distribution();
    const policyId = config.DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(policyId).toBeDefined();
    expect(config.CacheBehaviors.every((b: any) => JSON.stringify(b.ResponseHeadersPolicyId) === JSON.stringify(policyId))).toBe(true);
  });

  it("lets the upload bucket take browser uploads from the site's origin only", () => {
    const [cors] = Object.values(resources(t.web, "Custom::AWS")).map((r) => r.Properties);
    const call = JSON.stringify(cors.Update ?? cors.Create);
    expect(call).toContain("putBucketCors");
    expect(call).toContain("AllowedOrigins");
    expect(call).toContain("https://"); // the distribution's address, nothing else
    expect(call).not.toContain('"*"]');
    expect(call).toContain('"AllowedMethods\\":[\\"POST\\",\\"GET\\",\\"HEAD\\"]');
  });
});

// The cron handlers work on the table: tests/api/recurring-payments.test.ts and tests/api/xero-sync.test.ts run them.

describe("secrets loader", () => {
  it("copies bound SST secrets into process.env under their own names, never replacing a set one", async () => {
    const { loadSecrets, SECRET_NAMES: LOADED } = await import("../../functions/lambda/secrets.js");
    expect([...LOADED]).toEqual([...SECRET_NAMES]);
    const saved = { ...process.env };
    try {
      // What a bound function sees once SST has resolved the values.
      Object.assign(process.env, {
        SST_APP: "van-backoffice",
        SST_STAGE: "test",
        SST_Secret_value_GOOGLE_CLIENT_ID: "client-123",
        SST_Secret_value_ALLOWED_DOMAINS: "example.co.uk",
        SST_Secret_value_ALLOWED_EMAILS: "someone@example.com",
        SST_Secret_value_XERO_CLIENT_ID: "xero-id",
        ALLOWED_EMAILS: "already@set.example",
      });
      const missing = await loadSecrets();
      expect(missing).toEqual(["XERO_CLIENT_SECRET", "DVLA_API_KEY", "DVSA_CLIENT_ID", "DVSA_CLIENT_SECRET", "DVSA_API_KEY", "DVSA_TOKEN_URL", "MAIL_FROM"]); // not bound in this fake environment
      expect(process.env.GOOGLE_CLIENT_ID).toBe("client-123");
      expect(process.env.ALLOWED_DOMAINS).toBe("example.co.uk");
      expect(process.env.ALLOWED_EMAILS).toBe("already@set.example");
      expect(process.env.XERO_CLIENT_ID).toBe("xero-id");
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});

describe("allow-list reload", () => {
  it("reads ALLOWED_DOMAINS and ALLOWED_EMAILS again from SSM, the stage's value over the fallback", async () => {
    const { reloadSecrets, RELOADED_SECRETS } = await import("../../functions/lambda/secrets.js");
    const asked: string[][] = [];
    const ssm: Record<string, string> = {
      "/sst/van-backoffice/.fallback/Secret/ALLOWED_EMAILS/value": "fallback@example.com",
      "/sst/van-backoffice/.fallback/Secret/ALLOWED_DOMAINS/value": "old.example",
      "/sst/van-backoffice/prod/Secret/ALLOWED_DOMAINS/value": "vanco.co.uk",
    };
    const client = {
      async send(command: any) {
        const names = command.input.Names as string[];
        asked.push(names);
        return { Parameters: names.filter((n) => n in ssm).map((n) => ({ Name: n, Value: ssm[n] })) };
      },
    };
    const env: NodeJS.ProcessEnv = { SST_APP: "van-backoffice", SST_STAGE: "prod", ALLOWED_DOMAINS: "removed.example", ALLOWED_EMAILS: "gone@example.com" };
    await reloadSecrets(RELOADED_SECRETS, env, client);
    expect(env.ALLOWED_DOMAINS).toBe("vanco.co.uk");
    expect(env.ALLOWED_EMAILS).toBe("fallback@example.com");
    expect(asked.flat()).toHaveLength(4);
    // Outside AWS nothing is read: the environment is the source.
    const local: NodeJS.ProcessEnv = { ALLOWED_DOMAINS: "x.example" };
    await reloadSecrets(RELOADED_SECRETS, local, client);
    expect(local.ALLOWED_DOMAINS).toBe("x.example");
    expect(asked.flat()).toHaveLength(4);
  });
});
