import * as z from "zod";

/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval'
 * (functions/platform/security-headers.ts). zod otherwise probes for
 * `new Function` (to compile faster parsers), which the browser reports as a
 * CSP violation; jitless mode skips the probe. Imported first by main.tsx,
 * before any module builds a schema.
 */
z.config({ jitless: true });
