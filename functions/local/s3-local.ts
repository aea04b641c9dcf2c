import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

/**
 * An S3-compatible store on this machine. CORS lets the browser PUT to
 * presigned URLs as it would to the real bucket.
 */
export async function startS3Local(opts: { port: number; directory: string; bucket: string }) {
  mkdirSync(resolve(opts.directory), { recursive: true });
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    port: opts.port,
    address: "127.0.0.1",
    silent: true,
    directory: resolve(opts.directory),
    configureBuckets: [{ name: opts.bucket, configs: [cors] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}
