import { CfnPermission } from "aws-cdk-lib/aws-lambda";
import { ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { Api as HttpApi, Function, StackContext } from "sst/constructs";
import { areas } from "../functions/areas";
import { backendFunctionProps } from "./backend";

/**
 * The HTTP API: one Lambda per area (functions/areas.ts), and for each of the
 * area's path prefixes the routes `ANY /api/<prefix>` and
 * `ANY /api/<prefix>/{proxy+}`, all to that area's Lambda.
 */
export function Api({ stack }: StackContext) {
  const props = backendFunctionProps();
  const routes: Record<string, Function> = {};
  const functions: Function[] = [];

  for (const area of areas) {
    const fn = new Function(stack, `Area-${area.name}`, { ...props, handler: area.handler });
    functions.push(fn);
    for (const prefix of area.prefixes) {
      routes[`ANY /api/${prefix}`] = fn;
      routes[`ANY /api/${prefix}/{proxy+}`] = fn;
    }
  }

  const api = new HttpApi(stack, "Api", { routes });

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
