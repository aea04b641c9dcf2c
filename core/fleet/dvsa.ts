import * as z from "zod";
import { dvsaAnswer, registrationKey, retryAfterSeconds, type DvsaVehicle, type ServiceAnswer } from "./registration-rules.js";

/**
 * The DVSA MOT History API client (issue 25; docs/compliance.md): an OAuth 2
 * client-credentials token from DVSA_TOKEN_URL (DVSA_CLIENT_ID,
 * DVSA_CLIENT_SECRET, scope `https://tapi.dvsa.gov.uk/.default`), kept until
 * a minute before it expires, then `GET
 * {DVSA_MOT_URL}/v1/trade/vehicles/registration/{registration}` with
 * `Authorization: Bearer` and `X-API-Key` (DVSA_API_KEY). Without the four
 * values every answer is "not-set-up". 404 "not-found", 429 "rate-limited"
 * (Retry-After), other failures "unavailable"; answers validated with zod.
 */
export const DVSA_DEFAULT_URL = "https://history.mot.api.gov.uk";
export const DVSA_SCOPE = "https://tapi.dvsa.gov.uk/.default";

const TIMEOUT_MS = 10_000;

export function dvsaConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!(env.DVSA_TOKEN_URL && env.DVSA_CLIENT_ID && env.DVSA_CLIENT_SECRET && env.DVSA_API_KEY);
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().int().positive().default(3600) });

/** The cached token, per token URL and client (tests point several at fakes). */
let cached: { key: string; token: string; until: number } | null = null;

/** Forget the cached token (tests; a 401 from the API). */
export function forgetDvsaToken() {
  cached = null;
}

async function token(env: NodeJS.ProcessEnv): Promise<string | ServiceAnswer<never>> {
  const key = `${env.DVSA_TOKEN_URL}|${env.DVSA_CLIENT_ID}`;
  if (cached && cached.key === key && cached.until > Date.now()) return cached.token;
  let res: Response;
  try {
    res = await fetch(env.DVSA_TOKEN_URL!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: env.DVSA_CLIENT_ID!, client_secret: env.DVSA_CLIENT_SECRET!, scope: DVSA_SCOPE }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { status: "unavailable", httpStatus: 0 };
  }
  if (res.status === 429) return { status: "rate-limited", retryAfter: retryAfterSeconds(res.headers.get("retry-after")) };
  if (!res.ok) return { status: "unavailable", httpStatus: res.status };
  const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return { status: "invalid" };
  // Kept until a minute before it expires.
  cached = { key, token: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
  return cached.token;
}

export async function dvsaLookup(registration: string, env: NodeJS.ProcessEnv = process.env): Promise<ServiceAnswer<DvsaVehicle>> {
  if (!dvsaConfigured(env)) return { status: "not-set-up" };
  const base = (env.DVSA_MOT_URL || DVSA_DEFAULT_URL).replace(/\/+$/, "");
  for (let attempt = 0; attempt < 2; attempt++) {
    const bearer = await token(env);
    if (typeof bearer !== "string") return bearer;
    let res: Response;
    try {
      res = await fetch(`${base}/v1/trade/vehicles/registration/${encodeURIComponent(registrationKey(registration))}`, {
        headers: { authorization: `Bearer ${bearer}`, "x-api-key": env.DVSA_API_KEY!, accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { status: "unavailable", httpStatus: 0 };
    }
    // A token refused (expired early, revoked): a fresh one, once.
    if (res.status === 401 && attempt === 0) {
      forgetDvsaToken();
      continue;
    }
    if (res.status === 404) return { status: "not-found" };
    if (res.status === 429) return { status: "rate-limited", retryAfter: retryAfterSeconds(res.headers.get("retry-after")) };
    if (res.status === 400) return { status: "not-found" };
    if (!res.ok) return { status: "unavailable", httpStatus: res.status };
    const parsed = dvsaAnswer.safeParse(await res.json().catch(() => null));
    return parsed.success ? { status: "found", data: parsed.data } : { status: "invalid" };
  }
  return { status: "unavailable", httpStatus: 401 };
}
