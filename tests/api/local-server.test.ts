import "../support/api.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startDynamoDbLocal } from "../../functions/local/dynamodb-local.js";
import { startS3Local } from "../../functions/local/s3-local.js";
import { createLocalApp, listen } from "../../functions/local/server.js";
import { freePort } from "../support/ports.js";

/**
 * The `npm start` server: the browser security headers CloudFront sets on
 * AWS, and every local process (server, DynamoDB Local, s3rver) listening on
 * this machine only unless HOST says otherwise. 127.0.0.2 stands for "another
 * interface": it reaches a socket bound to every interface, not one bound to 127.0.0.1.
 */
const web = mkdtempSync(join(tmpdir(), "web-"));
writeFileSync(join(web, "index.html"), "<!doctype html><title>t</title>");
afterAll(() => rmSync(web, { recursive: true, force: true }));
const savedHost = process.env.HOST;
afterEach(() => {
  if (savedHost === undefined) delete process.env.HOST;
  else process.env.HOST = savedHost;
});

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => (socket.destroy(), ok(true)));
    socket.once("error", () => ok(false));
    socket.once("timeout", () => (socket.destroy(), ok(false)));
  });
}

describe("security headers from the local server", () => {
  it("sets CSP, X-Frame-Options, X-Content-Type-Options and Referrer-Policy on the app and the API", async () => {
    const app = createLocalApp(web);
    const s3 = new URL(process.env.S3_ENDPOINT!).origin;
    for (const path of ["/", "/vehicles/12", "/api/health", "/api/nothing-here"]) {
      const res = await app.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
      expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.replace(/[.:/]/g, "\\$&")}`));
      expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.replace(/[.:/]/g, "\\$&")}`));
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("HOST: what the local processes listen on", () => {
  it("the server listens on 127.0.0.1 only by default, and on every interface with HOST=0.0.0.0", async () => {
    delete process.env.HOST;
    const port = await freePort();
    const server = await listen(createLocalApp(web), port);
    try {
      expect(await reachable("127.0.0.1", port)).toBe(true);
      expect(await reachable("127.0.0.2", port)).toBe(false);
    } finally {
      server.close();
    }
    process.env.HOST = "0.0.0.0";
    const open = await listen(createLocalApp(web), port);
    try {
      expect(await reachable("127.0.0.2", port)).toBe(true);
    } finally {
      open.close();
    }
  });

  it("s3rver and DynamoDB Local listen on 127.0.0.1 only by default", async () => {
    delete process.env.HOST;
    const dir = mkdtempSync(join(tmpdir(), "s3-host-"));
    const s3Port = await freePort();
    const s3 = await startS3Local({ port: s3Port, directory: dir, bucket: "uploads" });
    const dbPort = await freePort();
    const db = await startDynamoDbLocal({ port: dbPort });
    try {
      expect(s3.endpoint).toBe(`http://127.0.0.1:${s3Port}`);
      expect(await reachable("127.0.0.1", s3Port)).toBe(true);
      expect(await reachable("127.0.0.2", s3Port)).toBe(false);
      expect(db.endpoint).toBe(`http://127.0.0.1:${dbPort}`);
      expect(await reachable("127.0.0.1", dbPort)).toBe(true);
      expect(await reachable("127.0.0.2", dbPort)).toBe(false);
    } finally {
      await s3.stop();
      db.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // a second DynamoDB Local starts (Java) on a machine that may be busy
});
