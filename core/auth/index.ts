import { createHash, randomBytes } from "node:crypto";
import { Entity } from "electrodb";
import * as z from "zod";
import { config } from "../platform/config.js";
import { UnauthorizedError, VisibleError } from "../platform/errors.js";
import { SERVICE, entityConfig } from "../platform/service.js";

/**
 * Staff sign-in. Google proves who someone is; the product then issues its
 * own opaque token, stored only as a hash, with an expiry (DynamoDB TTL
 * removes old ones). Local sign-in exists only where LOCAL_SIGN_IN=true.
 * Google's proof (its keys, through jose) is in google.ts, loaded by the
 * sign-in routes only: every other Lambda checks the product's own token
 * and carries none of it (docs/performance.md "Bundles").
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
/** The product's own token for a proven staff member (local sign-in here, Google's in google.ts). */
export async function issueToken(user: StaffUser, provider: Provider, googleSub?: string): Promise<{ token: string }> {
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
