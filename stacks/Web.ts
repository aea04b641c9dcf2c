import { Duration } from "aws-cdk-lib";
import {
  AllowedMethods,
  CachePolicy,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from "aws-cdk-lib/custom-resources";
import { StackContext, StaticSite, use } from "sst/constructs";
import { contentSecurityPolicy, HSTS_SECONDS } from "../functions/platform/security-headers";
import { Api } from "./Api";
import { Storage } from "./Storage";

/**
 * The SPA (web/) on CloudFront, with the API on the same origin: CloudFront
 * sends /api/* to API Gateway, so the SPA calls /api on its own origin as it
 * does locally, and the API needs no CORS. Every answer carries the security
 * headers (functions/platform/security-headers.ts, also used by the local
 * server). Deep links: a path without a file extension serves index.html (a
 * CloudFront function; error pages are not rewritten, so the API's own 403
 * and 404 reach the SPA). SST_SKIP_WEB_BUILD=1 skips the build and uses an
 * existing web/dist (tests).
 */
export function Web({ stack }: StackContext) {
  const { api } = use(Api);
  const { bucket } = use(Storage);
  // Where the browser sends photos and shows them from (presigned links, virtual-hosted style).
  const uploadsOrigin = `https://${bucket.bucketName}.s3.${stack.region}.amazonaws.com`;

  const headers = new ResponseHeadersPolicy(stack, "SecurityHeaders", {
    comment: "CSP, frame, content-type and referrer headers for the back office",
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadsOrigin), override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_SECONDS), includeSubdomains: true, override: true },
    },
  });

  const spaRoutes = new CfFunction(stack, "SpaRoutes", {
    code: FunctionCode.fromInline(`
function handler(event) {
  var request = event.request;
  var last = request.uri.split("/").pop();
  if (last.indexOf(".") === -1) request.uri = "/index.html";
  return request;
}`),
  });

  const site = new StaticSite(stack, "Web", {
    path: "web",
    buildCommand: process.env.SST_SKIP_WEB_BUILD ? undefined : "npm run build",
    buildOutput: "dist",
    cdk: {
      distribution: {
        errorResponses: [],
        defaultBehavior: {
          responseHeadersPolicy: headers,
          functionAssociations: [{ function: spaRoutes, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        additionalBehaviors: {
          "/api/*": {
            origin: new HttpOrigin(`${api.httpApiId}.execute-api.${stack.region}.amazonaws.com`),
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            // Every header but Host (API Gateway needs its own), so Authorization reaches the API.
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            responseHeadersPolicy: headers,
          },
        },
      },
    },
  });

  // The upload bucket accepts browser uploads from this site only. Set here
  // because the bucket's stack comes before the site exists.
  new AwsCustomResource(stack, "UploadsCors", {
    onUpdate: {
      service: "S3",
      action: "putBucketCors",
      parameters: {
        Bucket: bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [{ AllowedOrigins: [site.url!], AllowedMethods: ["POST", "GET", "HEAD"], AllowedHeaders: ["*"], ExposeHeaders: ["ETag"], MaxAgeSeconds: 3600 }],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${bucket.bucketName}-cors`),
    },
    policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [bucket.bucketArn] }),
  });

  stack.addOutputs({ SiteUrl: site.url ?? "" });
  return { site };
}
