import { createHash, randomBytes } from "node:crypto";
import { Entity } from "electrodb";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as z from "zod";
import { config } from "../platform/config.js";
import { ForbiddenError, UnauthorizedError, VisibleError } from "../platform/errors.js";
import { SERVICE, entityConfig } from "../platform/service.js";

/**
 * Staff sign-in. Google proves who someone is; the product then issues its
 * own opaque token, stored only as a hash, with an expiry (DynamoDB TTL
 * removes old ones). Local sign-in exists only where LOCAL_SIGN_IN=true.
 */

export type StaffUser = { email: string; given_name: string; family_name: string };

export const Session = new Entity(
  {
    model: { entity: "session", version: "1", service: SERVICE },
    attributes: {
      token_hash: { type: "string", required: true },
      email: { type: "string", required: true },
      given_name: { type: "string" },
      family_name: { type: "string" },
      /** "google" or "local": how the holder proved who they are (decides which check each request repeats). */
      provider: { type: "string" },
      created_at: { type: "string" },
      expires_at: { type: "number", required: true },
    },
    indexes: {
      byHash: { pk: { field: "pk", composite: ["token_hash"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

export const StaffProfile = new Entity(
  {
    model: { entity: "staff", version: "1", service: SERVICE },
    attributes: {
      email: { type: "string", required: true },
      given_name: { type: "string" },
      family_name: { type: "string" },
      google_sub: { type: "string" },
      last_sign_in: { type: "string" },
    },
    indexes: {
      byEmail: { pk: { field: "pk", composite: ["email"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

type Provider = "google" | "local";

/** Issue a product token for a verified staff member. */
async function issueToken(user: StaffUser, provider: Provider, googleSub?: string): Promise<{ token: string }> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await Session.create({
    token_hash: hash(token),
    email: user.email,
    given_name: user.given_name,
    family_name: user.family_name,
    provider,
    created_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + config.sessionHours * 3600,
  }).go();
  await StaffProfile.upsert({
    email: user.email,
    given_name: user.given_name,
    family_name: user.family_name,
    google_sub: googleSub,
    last_sign_in: now.toISOString(),
  }).go();
  return { token };
}

/**
 * The staff member a product token belongs to, or 401. Every request checks
 * again that the holder may still sign in: a Google session's e-mail must
 * still be on the allow-list (read again at most a minute after it was last
 * read), and a local session works only while local sign-in is on.
 */
export async function authenticate(token: string | undefined): Promise<StaffUser> {
  if (!token || token.length > 200) throw new UnauthorizedError();
  const res = await Session.get({ token_hash: hash(token) }).go();
  const s = res.data;
  if (!s || s.expires_at * 1000 <= Date.now()) throw new UnauthorizedError();
  if (s.provider === "local") {
    if (!config.localSignIn) throw new UnauthorizedError();
  } else {
    const list = await allowList();
    if (!isAllowed(s.email, list.domains, list.emails)) throw new UnauthorizedError("This account is no longer on the staff list.");
  }
  return { email: s.email, given_name: s.given_name ?? "", family_name: s.family_name ?? "" };
}

/** How long the allow-list read by `authenticate` is kept before it is read again. */
export const ALLOW_LIST_SECONDS = 60;

type AllowList = { domains: string[]; emails: string[] };
let allowListCache: { list: AllowList; readAt: number } | undefined;
let allowListRefresh: () => Promise<void> = async () => {};

/**
 * Where the allow-list is fetched again from before it is read. On AWS the
 * Lambda entry point sets this to re-read the two secrets from SSM (they
 * otherwise load once, at cold start); locally the environment is the source.
 */
export function refreshAllowListWith(refresh: () => Promise<void>) {
  allowListRefresh = refresh;
  allowListCache = undefined;
}

async function allowList(): Promise<AllowList> {
  const now = Date.now();
  const age = allowListCache ? now - allowListCache.readAt : Infinity;
  if (age >= 0 && age < ALLOW_LIST_SECONDS * 1000) return allowListCache!.list; // (a clock set back reads again)
  try {
    await allowListRefresh();
  } catch (error) {
    // Keep answering from the environment as last loaded; say so in the logs.
    console.error(JSON.stringify({ level: "error", msg: "allow-list not refreshed", error: String(error) }));
  }
  allowListCache = { list: { domains: config.allowedDomains, emails: config.allowedEmails }, readAt: now };
  return allowListCache.list;
}

/** Log out: the token stops working at once. */
export async function revoke(token: string) {
  await Session.delete({ token_hash: hash(token) }).go();
}

/** Is this e-mail on the staff allow-list (domains and/or addresses)? */
export function isAllowed(email: string, domains = config.allowedDomains, emails = config.allowedEmails): boolean {
  const e = email.trim().toLowerCase();
  const domain = e.split("@")[1] ?? "";
  return emails.includes(e) || (domain !== "" && domains.includes(domain));
}

export const localSignInInput = z.strictObject({
  email: z.email({ error: "Enter a valid e-mail address" }).max(200),
  given_name: z.string().trim().min(1, "Enter your first name").max(100),
  family_name: z.string().trim().max(100).optional(),
});

/** Local sign-in for `npm start`: off unless LOCAL_SIGN_IN=true. */
export async function signInLocal(input: z.infer<typeof localSignInInput>) {
  if (!config.localSignIn) throw new VisibleError(404, "Local sign-in is not available here.");
  return issueToken({ email: input.email.toLowerCase(), given_name: input.given_name, family_name: input.family_name ?? "" }, "local");
}

export const googleSignInInput = z
  .strictObject({
    access_token: z.string().min(10).max(5000).optional(),
    id_token: z.string().min(10).max(5000).optional(),
    credential: z.string().min(10).max(5000).optional(),
  })
  .refine((b) => b.access_token || b.id_token || b.credential, { message: "A Google token is required" });

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
let jwksUrl: string | undefined;
function googleKeys() {
  // Cached per URL: a warm Lambda reuses Google's keys between calls.
  if (!jwks || jwksUrl !== config.googleJwksUrl) {
    jwksUrl = config.googleJwksUrl;
    jwks = createRemoteJWKSet(new URL(jwksUrl));
  }
  return jwks;
}

const GOOGLE_ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

/** Verify a Google ID token: signature, audience, issuer, expiry. */
async function verifyIdToken(idToken: string) {
  if (!config.googleClientId) throw new UnauthorizedError("Google sign-in is not configured.");
  try {
    const { payload } = await jwtVerify(idToken, googleKeys(), {
      audience: config.googleClientId,
      issuer: GOOGLE_ISSUERS,
    });
    return payload as { sub: string; email?: string; email_verified?: boolean | string; hd?: string; given_name?: string; family_name?: string };
  } catch {
    throw new UnauthorizedError("Google sign-in failed: the token could not be verified.");
  }
}

/**
 * Legacy body: an opaque access token. userinfo alone would not prove it
 * was issued to us, so tokeninfo's audience is checked first.
 */
async function verifyAccessToken(accessToken: string) {
  if (!config.googleClientId) throw new UnauthorizedError("Google sign-in is not configured.");
  const url = new URL(config.googleTokenInfoUrl);
  url.searchParams.set("access_token", accessToken);
  const res = await fetch(url).catch(() => null);
  if (!res || !res.ok) throw new UnauthorizedError("Google sign-in failed: the token could not be verified.");
  const info = (await res.json()) as { aud?: string; azp?: string; sub?: string; email?: string; email_verified?: string | boolean; hd?: string; exp?: string; expires_in?: string; given_name?: string; family_name?: string };
  if (info.aud !== config.googleClientId && info.azp !== config.googleClientId)
    throw new UnauthorizedError("Google sign-in failed: the token was issued to another application.");
  if (info.exp && Number(info.exp) * 1000 <= Date.now()) throw new UnauthorizedError("Google sign-in failed: the token has expired.");
  // The account's Workspace domain: tokeninfo leaves it out for access tokens, userinfo says it (now that the token is known to be ours).
  const hd = info.hd ?? (await userInfoDomain(accessToken));
  return { sub: info.sub ?? "", email: info.email, email_verified: info.email_verified, hd, given_name: info.given_name, family_name: info.family_name };
}

async function userInfoDomain(accessToken: string): Promise<string | undefined> {
  const res = await fetch(config.googleUserInfoUrl, { headers: { authorization: `Bearer ${accessToken}` } }).catch(() => null);
  if (!res || !res.ok) return undefined;
  return ((await res.json()) as { hd?: string }).hd;
}

export async function signInGoogle(input: z.infer<typeof googleSignInInput>) {
  const idToken = input.id_token ?? input.credential ?? (input.access_token && input.access_token.split(".").length === 3 ? input.access_token : undefined);
  const claims = idToken ? await verifyIdToken(idToken) : await verifyAccessToken(input.access_token!);
  const email = claims.email?.toLowerCase();
  if (!email || !(claims.email_verified === true || claims.email_verified === "true"))
    throw new UnauthorizedError("Google sign-in failed: the account has no verified e-mail address.");
  if (!isAllowed(email)) throw new ForbiddenError("This Google account is not on the staff list.");
  // Allowed by its domain (not listed by address): Google must say the
  // account is managed by that domain's Workspace. A personal Google account
  // can hold a verified address at any domain; only Workspace accounts carry `hd`.
  const domain = email.split("@")[1];
  if (!config.allowedEmails.includes(email) && (claims.hd ?? "").toLowerCase() !== domain)
    throw new ForbiddenError("This Google account is not managed by the staff domain.");
  const given = claims.given_name ?? email.split("@")[0];
  return issueToken({ email, given_name: given, family_name: claims.family_name ?? "" }, "google", claims.sub);
}
