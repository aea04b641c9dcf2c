import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { call } from "../support/api.js";
import { Session, refreshAllowListWith } from "../../core/auth/index.js";
import { freePort } from "../support/ports.js";

/**
 * A fake Google on loopback, with its own signing keys: the product must
 * check signature, audience, issuer, expiry and the staff allow-list.
 */
const CLIENT_ID = "test-client.apps.googleusercontent.com";
let server: Server;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
const accessTokens: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const port = await freePort();
  server = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/certs") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ keys: [jwk] }));
    }
    if (url.pathname === "/userinfo") {
      const info = accessTokens[(req.headers.authorization ?? "").replace(/^Bearer /, "")];
      res.writeHead(info ? 200 : 401, { "content-type": "application/json" });
      return res.end(JSON.stringify(info ? { sub: info.sub, email: info.email, hd: info.userinfo_hd } : { error: "invalid_token" }));
    }
    if (url.pathname === "/tokeninfo") {
      const info = accessTokens[url.searchParams.get("access_token") ?? ""];
      res.writeHead(info ? 200 : 400, { "content-type": "application/json" });
      return res.end(JSON.stringify(info ?? { error: "invalid_token" }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
  process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${port}/certs`;
  process.env.GOOGLE_TOKENINFO_URL = `http://127.0.0.1:${port}/tokeninfo`;
  process.env.GOOGLE_USERINFO_URL = `http://127.0.0.1:${port}/userinfo`;
  process.env.ALLOWED_DOMAINS = "vanco.co.uk";
  process.env.ALLOWED_EMAILS = "owner@gmail.com";
});
afterAll(() => server?.close());

async function idToken(claims: Record<string, unknown>, opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: number } = {}) {
  return new SignJWT({ email_verified: true, given_name: "Priya", family_name: "Shah", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(opts.iss ?? "https://accounts.google.com")
    .setAudience(opts.aud ?? CLIENT_ID)
    .setSubject("1234567890")
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(opts.key ?? privateKey);
}

const signIn = (body: Record<string, unknown>) => call("POST", "social/google-oauth2", { body });

// Google Workspace accounts of an allowed domain carry `hd` (hosted domain).
const staff = (email: string, extra: Record<string, unknown> = {}, opts: Parameters<typeof idToken>[1] = {}) =>
  idToken({ email, hd: email.split("@")[1], ...extra }, opts);

describe("Google sign-in", () => {
  it("exchanges a valid ID token of an allowed domain for a product token", async () => {
    const res = await signIn({ id_token: await staff("priya@vanco.co.uk") });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const me = await call("GET", "me", { token: res.body.token });
    expect(me.body).toEqual({ email: "priya@vanco.co.uk", given_name: "Priya", family_name: "Shah" });
  });

  it("accepts the ID token in the legacy access_token field, and allow-listed single addresses", async () => {
    const res = await signIn({ access_token: await idToken({ email: "owner@gmail.com" }) });
    expect(res.status).toBe(200);
  });

  it("refuses a token signed by other keys, for another audience, another issuer, or expired", async () => {
    expect((await signIn({ id_token: await staff("priya@vanco.co.uk", {}, { key: otherKey }) })).status).toBe(401);
    expect((await signIn({ id_token: await staff("priya@vanco.co.uk", {}, { aud: "someone-else" }) })).status).toBe(401);
    expect((await signIn({ id_token: await staff("priya@vanco.co.uk", {}, { iss: "https://evil.example" }) })).status).toBe(401);
    expect((await signIn({ id_token: await staff("priya@vanco.co.uk", {}, { exp: Math.floor(Date.now() / 1000) - 60 }) })).status).toBe(401);
  });

  it("refuses staff not on the allow-list and unverified e-mails", async () => {
    const outsider = await signIn({ id_token: await idToken({ email: "someone@gmail.com" }) });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toMatch(/not on the staff list/);
    expect((await signIn({ id_token: await idToken({ email: "priya@vanco.co.uk", email_verified: false }) })).status).toBe(401);
  });

  it("checks an opaque access token's audience through tokeninfo first", async () => {
    accessTokens["ya29.good-token"] = { aud: CLIENT_ID, azp: CLIENT_ID, email: "mo@vanco.co.uk", email_verified: "true", hd: "vanco.co.uk", sub: "42", exp: String(Math.floor(Date.now() / 1000) + 600) };
    accessTokens["ya29.foreign-token"] = { aud: "another-app", azp: "another-app", email: "mo@vanco.co.uk", email_verified: "true", sub: "42" };
    expect((await signIn({ access_token: "ya29.good-token" })).status).toBe(200);
    expect((await signIn({ access_token: "ya29.foreign-token" })).status).toBe(401);
    expect((await signIn({ access_token: "ya29.unknown-token" })).status).toBe(401);
  });

  it("refuses an allowed domain's e-mail unless Google says the account is managed by that domain (hd)", async () => {
    // A personal Google account can carry any verified address, including one at the staff domain.
    const noHd = await signIn({ id_token: await idToken({ email: "priya@vanco.co.uk" }) });
    expect(noHd.status).toBe(403);
    expect(noHd.body.message).toBe("This Google account is not managed by the staff domain.");
    expect((await signIn({ id_token: await idToken({ email: "priya@vanco.co.uk", hd: "elsewhere.com" }) })).status).toBe(403);
    expect((await signIn({ id_token: await idToken({ email: "priya@vanco.co.uk", hd: "VANCO.co.uk" }) })).status).toBe(200);
    // Addresses listed one by one (ALLOWED_EMAILS) need no hd: they are often personal accounts.
    expect((await signIn({ id_token: await idToken({ email: "owner@gmail.com" }) })).status).toBe(200);
    // A legacy access token: tokeninfo does not carry hd, so it is read from userinfo.
    const inFuture = String(Math.floor(Date.now() / 1000) + 600);
    accessTokens["ya29.workspace"] = { aud: CLIENT_ID, azp: CLIENT_ID, email: "mo@vanco.co.uk", email_verified: "true", sub: "44", exp: inFuture, userinfo_hd: "vanco.co.uk" };
    expect((await signIn({ access_token: "ya29.workspace" })).status).toBe(200);
    accessTokens["ya29.no-hd"] = { aud: CLIENT_ID, azp: CLIENT_ID, email: "mo@vanco.co.uk", email_verified: "true", sub: "43", exp: inFuture };
    expect((await signIn({ access_token: "ya29.no-hd" })).status).toBe(403);
  });

  it("refuses a body with no token", async () => {
    expect((await signIn({})).status).toBe(400);
  });

  it("an expired product token gets 401", async () => {
    const res = await signIn({ id_token: await staff("priya@vanco.co.uk") });
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(res.body.token).digest("hex");
    await Session.patch({ token_hash: hash }).set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).go();
    expect((await call("GET", "me", { token: res.body.token })).status).toBe(401);
  });

  describe("a token stops working once its e-mail leaves the allow-list", () => {
    afterEach(() => {
      vi.useRealTimers();
      process.env.ALLOWED_DOMAINS = "vanco.co.uk";
      process.env.ALLOWED_EMAILS = "owner@gmail.com";
      process.env.LOCAL_SIGN_IN = "true";
      refreshAllowListWith(async () => {}); // forget the list read under the fake clock
    });
    const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

    it("a domain removed: refused within a minute", async () => {
      const token = (await signIn({ id_token: await staff("priya@vanco.co.uk") })).body.token;
      expect((await call("GET", "me", { token })).status).toBe(200);
      vi.useFakeTimers({ toFake: ["Date"] });
      process.env.ALLOWED_DOMAINS = "othergroup.co.uk";
      later(61); // the allow-list is read again at most 60 seconds after it was last read
      const res = await call("GET", "me", { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("This account is no longer on the staff list.");
    });

    it("an address removed: refused within a minute; the others keep working", async () => {
      const owner = (await signIn({ id_token: await idToken({ email: "owner@gmail.com" }) })).body.token;
      const priya = (await signIn({ id_token: await staff("priya@vanco.co.uk") })).body.token;
      expect((await call("GET", "me", { token: owner })).status).toBe(200);
      vi.useFakeTimers({ toFake: ["Date"] });
      process.env.ALLOWED_EMAILS = "";
      later(61);
      expect((await call("GET", "me", { token: owner })).status).toBe(401);
      expect((await call("GET", "me", { token: priya })).status).toBe(200);
    });

    it("the list is fetched again from its source (SSM on AWS) at most once a minute", async () => {
      let fetches = 0;
      refreshAllowListWith(async () => {
        fetches++;
        process.env.ALLOWED_DOMAINS = "othergroup.co.uk"; // what the source now says
      });
      process.env.ALLOWED_DOMAINS = "vanco.co.uk";
      const token = (await signIn({ id_token: await staff("priya@vanco.co.uk") })).body.token;
      expect((await call("GET", "me", { token })).status).toBe(401);
      expect((await call("GET", "me", { token })).status).toBe(401);
      expect(fetches).toBe(1);
    });

    it("local sign-in sessions are not on the allow-list: they work only while local sign-in is on", async () => {
      const token = (await call("POST", "auth/local", { body: { email: "anyone@example.com", given_name: "Any" } })).body.token;
      expect((await call("GET", "me", { token })).status).toBe(200);
      process.env.LOCAL_SIGN_IN = "false";
      expect((await call("GET", "me", { token })).status).toBe(401);
    });
  });

  it("local sign-in is off unless LOCAL_SIGN_IN=true", async () => {
    process.env.LOCAL_SIGN_IN = "false";
    const res = await call("POST", "auth/local", { body: { email: "x@vanco.co.uk", given_name: "X" } });
    expect(res.status).toBe(404);
    expect((await call("GET", "auth/config")).body).toEqual({ local_sign_in: false, google_client_id: CLIENT_ID });
    process.env.LOCAL_SIGN_IN = "true";
  });
});
