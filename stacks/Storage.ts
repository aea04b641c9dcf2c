import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { Bucket, StackContext } from "sst/constructs";

/** Uploads not confirmed (POST vehicleimages) within this many days are removed from pending/. */
export const PENDING_UPLOAD_DAYS = 1;

/**
 * The upload bucket. Staff upload photos and PDFs straight from their phones
 * with presigned POSTs (type and size signed, core/fleet/images.ts) under
 * pending/; confirming an upload moves it to its vehicle's folder, and what is
 * never confirmed expires. Browsers may send uploads only from the site
 * (its CORS rule is set by stacks/Web.ts, which knows the site's address);
 * the bucket itself stays private (all public access blocked).
 */
export function Storage({ stack, app }: StackContext) {
  const bucket = new Bucket(stack, "Uploads", {
    blockPublicACLs: true,
    // No CORS rule here: stacks/Web.ts sets one for the site's own origin.
    cors: false,
    cdk: {
      bucket: {
        removalPolicy: app.stage === "prod" ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        lifecycleRules: [
          { id: "expire-unconfirmed-uploads", prefix: "pending/", expiration: Duration.days(PENDING_UPLOAD_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ],
      },
    },
  });

  return { bucket };
}
