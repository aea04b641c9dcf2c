import { RemovalPolicy } from "aws-cdk-lib";
import { Bucket, StackContext } from "sst/constructs";

/**
 * The upload bucket. Staff upload photos and PDFs straight from their phones
 * with presigned URLs, so browsers may PUT/GET/HEAD from any origin; the
 * bucket itself stays private (all public access blocked, SSL enforced).
 */
export function Storage({ stack, app }: StackContext) {
  const bucket = new Bucket(stack, "Uploads", {
    blockPublicACLs: true,
    cors: [
      {
        allowedMethods: ["PUT", "GET", "HEAD"],
        allowedOrigins: ["*"],
        allowedHeaders: ["*"],
        exposedHeaders: ["ETag"],
        maxAge: "1 hour",
      },
    ],
    cdk: {
      bucket: {
        removalPolicy: app.stage === "prod" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
    },
  });

  return { bucket };
}
