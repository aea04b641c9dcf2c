import { createRemoteJWKSet, jwtVerify } from "jose";
import * as z from "zod";
import { config } from "../platform/config.js";
import { ForbiddenError, UnauthorizedError } from "../platform/errors.js";
import { isAllowed, issueToken } from "./index.js";

/**
 * Google sign-in (POST social/google-oauth2): Google proves who someone is
 * (an ID token checked against Google's keys, or a legacy access token
 * checked with tokeninfo), then the product issues its own token
 * (index.ts). Apart from index.ts so only the auth Lambda carries jose.
 */

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
