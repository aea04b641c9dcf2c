import { CfnIntegration, CfnRoute, CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import { CfnPermission } from "aws-cdk-lib/aws-lambda";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Api as HttpApi, Function, StackContext } from "sst/constructs";
import { lambdas, routeKeysOf } from "../functions/areas";
import { backendFunctionProps } from "./backend";

/** Requests a second every route may take (steady rate, and burst), beyond which API Gateway answers 429. */
export const API_THROTTLE = { rate: 50, burst: 100 };
/** The sign-in calls get their own, stricter limit: guessing and flooding them is what an attacker would do. */
export const SIGN_IN_THROTTLE = { rate: 2, burst: 10 };
/** The public sign-in calls (functions/auth/routes.ts), routed on their own so they can be limited on their own. */
export const SIGN_IN_ROUTES = ["POST /api/social/google-oauth2", "POST /api/auth/local"] as const;

/** The customer's quote approval link, public (docs/quote-approval.md): its own strict limit besides the in-app one per address. */
export const PUBLIC_APPROVAL_THROTTLE = { rate: 5, burst: 20 };
export const PUBLIC_APPROVAL_ROUTES = ["ANY /api/public/quote-approval", "ANY /api/public/quote-approval/{proxy+}"] as const;
/** The Lambda that sends the approval e-mail through SES (ses:SendEmail): the quotes' (functions/areas.ts). */
export const MAIL_AREA = "quotes";

/**
 * The HTTP API: one Lambda per area, or per route group of an area too big
 * for one (functions/areas.ts `lambdas`), and for each of its path prefixes
 * the routes `ANY /api/<prefix>` and `ANY /api/<prefix>/{proxy+}`, all to
 * that Lambda.
 */
export function Api({ stack }: StackContext) {
  const props = backendFunctionProps();
  const routes: Record<string, Function> = {};
  const functions: Function[] = [];

  for (const lambda of lambdas) {
    const fn = new Function(stack, `Area-${lambda.name}`, { ...props, handler: lambda.handler });
    functions.push(fn);
    for (const key of routeKeysOf(lambda)) routes[key] = fn;
    if (lambda.name === "auth") for (const key of SIGN_IN_ROUTES) routes[key] = fn;
    // The quote approval e-mail (core/platform/mail.ts), from the MAIL_FROM identity.
    if (lambda.name === MAIL_AREA) fn.attachPermissions([new PolicyStatement({ actions: ["ses:SendEmail"], resources: ["*"] })]);
  }

  const api = new HttpApi(stack, "Api", {
    routes,
    // The SPA calls the API on its own origin (CloudFront sends /api/* here,
    // stacks/Web.ts), so no other site's pages may read its answers: no CORS.
    cors: false,
    defaults: { throttle: API_THROTTLE },
  });

  // Stricter throttling on the sign-in routes (per-route settings of the stage;
  // a JSON map in CloudFormation, so written with CloudFormation's own key names).
  const stage = api.cdk.httpApi.defaultStage!.node.defaultChild as CfnStage;
  stage.routeSettings = Object.fromEntries([
    ...SIGN_IN_ROUTES.map((key) => [key, { ThrottlingRateLimit: SIGN_IN_THROTTLE.rate, ThrottlingBurstLimit: SIGN_IN_THROTTLE.burst }]),
    ...PUBLIC_APPROVAL_ROUTES.map((key) => [key, { ThrottlingRateLimit: PUBLIC_APPROVAL_THROTTLE.rate, ThrottlingBurstLimit: PUBLIC_APPROVAL_THROTTLE.burst }]),
  ]);
  // Route settings name routes by key: the routes must exist before the stage is updated.
  for (const route of api.node.findAll()) if (route instanceof CfnRoute) stage.addDependency(route);

  // SST makes one Lambda integration per route: 2 routes per path prefix took the
  // stack past CloudFormation's 500 resources. Routes to the same Lambda share
  // its first integration; the others are dropped.
  const shared = new Map<string, CfnIntegration>();
  const dropped = new Map<string, CfnIntegration>();
  for (const construct of api.node.findAll()) {
    if (!(construct instanceof CfnIntegration)) continue;
    const target = JSON.stringify(stack.resolve(construct.integrationUri));
    const first = shared.get(target);
    if (first) dropped.set(JSON.stringify(stack.resolve(construct.ref)), first);
    else shared.set(target, construct);
  }
  for (const construct of api.node.findAll()) {
    if (!(construct instanceof CfnRoute) || construct.target === undefined) continue;
    const target = JSON.stringify(stack.resolve(construct.target));
    for (const [ref, keep] of dropped) {
      if (target.includes(ref)) {
        construct.target = `integrations/${keep.ref}`;
        break;
      }
    }
  }
  for (const construct of api.node.findAll()) {
    if (construct instanceof CfnIntegration && [...dropped.keys()].includes(JSON.stringify(stack.resolve(construct.ref)))) {
      construct.node.scope?.node.tryRemoveChild(construct.node.id);
    }
  }

  // CDK adds one invoke permission per route (about 0.5 KB each in the
  // function's resource policy). Lambda caps that policy at 20 KB, which the
  // settings area's 48 routes would overflow. Replace them with one
  // permission per function covering any route of this API.
  for (const construct of api.node.findAll()) {
    if (construct instanceof CfnPermission && construct.principal === "apigateway.amazonaws.com") {
      construct.node.scope?.node.tryRemoveChild(construct.node.id);
    }
  }
  for (const fn of functions) {
    fn.addPermission("ApiInvoke", {
      principal: new ServicePrincipal("apigateway.amazonaws.com"),
      sourceArn: stack.formatArn({ service: "execute-api", resource: api.httpApiId, resourceName: "*/*" }),
    });
  }

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
