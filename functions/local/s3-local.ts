import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { localHost, urlHost } from "./dynamodb-local.js";

/**
 * An S3-compatible store on this machine, on HOST (127.0.0.1 unless set).
 * CORS lets the site's own pages (and only them) send uploads to the bucket
 * and read them, as the real bucket's CORS rule does (stacks/Web.ts).
 */
export async function startS3Local(opts: { port: number; directory: string; bucket: string; host?: string; allowedOrigins?: string[] }) {
  const host = opts.host ?? localHost();
  mkdirSync(resolve(opts.directory), { recursive: true });
  const origins = (opts.allowedOrigins ?? []).map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join("");
  const cors = `<CORSConfiguration><CORSRule>${origins}<AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    port: opts.port,
    address: host,
    silent: true,
    directory: resolve(opts.directory),
    configureBuckets: [{ name: opts.bucket, configs: origins ? [cors] : [] }],
  });
  await server.run();
  return { endpoint: `http://${urlHost(host)}:${opts.port}`, stop: () => server.close() };
}
