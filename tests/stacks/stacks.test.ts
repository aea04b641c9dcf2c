import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Match, Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableDefinition } from "../../core/platform/table.js";
import { areas } from "../../functions/areas.js";
import sstConfig from "../../sst.config.js";
import { Api } from "../../stacks/Api.js";
import { Cron } from "../../stacks/Cron.js";
import { Database } from "../../stacks/Database.js";
import { SECRET_NAMES } from "../../stacks/Secrets.js";
import { Storage } from "../../stacks/Storage.js";
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
  await sstConfig.stacks(app);
  await app.finish();
  outdir = app.outdir;
  t = {
    db: Template.fromStack(getStack(Database)),
    storage: Template.fromStack(getStack(Storage)),
    api: Template.fromStack(getStack(Api)),
    cron: Template.fromStack(getStack(Cron)),
    web: Template.fromStack(getStack(Web)),
  };
}, 60_000);

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
  it("allows browser PUT/GET/HEAD from any origin and blocks public access", () => {
    t.storage.hasResourceProperties("AWS::S3::Bucket", {
      CorsConfiguration: {
        CorsRules: Match.arrayWith([
          Match.objectLike({
            AllowedMethods: Match.arrayWith(["PUT", "GET", "HEAD"]),
            AllowedOrigins: ["*"],
          }),
        ]),
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });
});

describe("functions", () => {
  it("has one Lambda per area and two cron Lambdas", () => {
    expect(Object.keys(ourFunctions(t.api))).toHaveLength(areas.length);
    expect(Object.keys(ourFunctions(t.cron))).toHaveLength(2);
  });

  it("runs every Lambda on nodejs20.x, arm64, with local sign-in off, the table, bucket and secrets", () => {
    const all = Object.values(t).flatMap((template) => Object.values(ourFunctions(template)));
    expect(all.length).toBe(areas.length + 2);
    for (const { Properties: p } of all) {
      expect(p.Runtime).toBe("nodejs20.x");
      expect(p.Architectures).toEqual(["arm64"]);
      expect(p.MemorySize).toBe(1024);
      expect(p.Timeout).toBe(29);
      const env = p.Environment.Variables;
      expect(env.LOCAL_SIGN_IN).toBe("false");
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
    const expected = areas.flatMap((a) => a.prefixes.flatMap((p) => [`ANY /api/${p}`, `ANY /api/${p}/{proxy+}`]));
    expect([...functionOfRoute.keys()].sort()).toEqual([...expected].sort());

    for (const area of areas) {
      const targets = new Set(area.prefixes.flatMap((p) => [functionOfRoute.get(`ANY /api/${p}`), functionOfRoute.get(`ANY /api/${p}/{proxy+}`)]));
      expect(targets.size).toBe(1); // one function per area, reused across its routes
      const [id] = [...targets] as string[];
      expect(fns[id]).toBeDefined();
      const base = area.handler.split("/").pop()!; // e.g. "auth.handler"
      expect(fns[id].Properties.Handler).toMatch(new RegExp(`${base.replace(".", "\\.")}$`));
    }
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

  it("exports the API url", () => {
    expect(Object.keys(t.api.toJSON().Outputs ?? {})).toContain("ApiUrl");
  });
});

describe("Cron stack", () => {
  it("schedules recurring payments daily at 02:00 UTC and the Xero sync every 15 minutes", () => {
    const rules = Object.values(resources(t.cron, "AWS::Events::Rule")).map((r) => r.Properties);
    expect(rules.map((r) => r.ScheduleExpression).sort()).toEqual(["cron(0 2 * * ? *)", "rate(15 minutes)"]);
    const fns = ourFunctions(t.cron);
    const handlerOf = (expr: string) => {
      const rule = rules.find((r) => r.ScheduleExpression === expr)!;
      return fns[rule.Targets[0].Arn["Fn::GetAtt"][0]].Properties.Handler as string;
    };
    expect(handlerOf("cron(0 2 * * ? *)")).toMatch(/recurring-payments\.handler$/);
    expect(handlerOf("rate(15 minutes)")).toMatch(/xero-sync\.handler$/);
  });
});

describe("Web stack", () => {
  it("serves the SPA from CloudFront with deep links falling back to index.html", () => {
    t.web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({
        CustomErrorResponses: Match.arrayWith([
          Match.objectLike({ ErrorCode: 404, ResponseCode: 200, ResponsePagePath: "/index.html" }),
        ]),
      }),
    });
  });
});

describe("cron handlers", () => {
  it("log that they ran and answer ok", async () => {
    const { handler: payments } = await import("../../functions/cron/recurring-payments.js");
    const { handler: xero } = await import("../../functions/cron/xero-sync.js");
    expect(await payments()).toEqual({ ok: true });
    expect(await xero()).toEqual({ ok: true });
  });
});

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
      expect(missing).toEqual(["XERO_CLIENT_SECRET"]); // not bound in this fake environment
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
