import type { Context } from "hono";

/**
 * The address a request came from: CloudFront's viewer address (set by
 * CloudFront on AWS, stacks/Web.ts forwards it; a viewer cannot set it
 * through CloudFront), else API Gateway's source address, else the local
 * server's socket. docs/quote-approval.md "Security".
 */
export function clientAddress(c: Context): string {
  const viewer = c.req.header("cloudfront-viewer-address");
  if (viewer) return viewer.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  const env = c.env as { requestContext?: { http?: { sourceIp?: unknown } }; incoming?: { socket?: { remoteAddress?: unknown } } } | undefined;
  const ip = env?.requestContext?.http?.sourceIp ?? env?.incoming?.socket?.remoteAddress;
  return typeof ip === "string" && ip ? ip : "unknown";
}
