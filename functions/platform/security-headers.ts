/**
 * The browser security headers of the SPA and the API: the same values from
 * CloudFront (stacks/Web.ts, a response headers policy) and from the local
 * server (functions/local/server.ts), so what is tested locally is what is
 * deployed. docs/security.md lists them.
 *
 * The Content-Security-Policy allows only what the app needs:
 * - scripts: its own bundle, and Google Identity Services for sign-in;
 * - styles: its own, inline ones (Mantine sets style attributes and style
 *   tags at run time) and Google's button styles;
 * - images: its own, data:/blob: (icons, previews) and the upload bucket
 *   (photos are shown from presigned links);
 * - calls: its own origin (the API is same-origin) and the upload bucket
 *   (photos are sent straight from the browser); Google's sign-in frame;
 * - no plugins, no framing by other sites, forms post only to itself and the bucket.
 */
const GOOGLE_SIGN_IN = "https://accounts.google.com/gsi/";

export function contentSecurityPolicy(uploadsOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE_SIGN_IN}client`,
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN}style`,
    `img-src 'self' data: blob: ${uploadsOrigin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${uploadsOrigin} ${GOOGLE_SIGN_IN}`,
    `frame-src ${GOOGLE_SIGN_IN}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${uploadsOrigin}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The fixed headers besides the CSP (the values CloudFront's policy sets too). */
export const FRAME_OPTIONS = "DENY";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const HSTS_SECONDS = 63072000; // two years; CloudFront only (the local server is plain http)

export function securityHeaders(uploadsOrigin: string): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(uploadsOrigin),
    "x-frame-options": FRAME_OPTIONS,
    "x-content-type-options": "nosniff",
    "referrer-policy": REFERRER_POLICY,
  };
}
