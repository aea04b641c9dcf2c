import { dvlaAnswer, registrationKey, retryAfterSeconds, type DvlaVehicle, type ServiceAnswer } from "./registration-rules.js";

/**
 * The DVLA Vehicle Enquiry Service client (issue 25; docs/compliance.md):
 * `POST {DVLA_VES_URL}/v1/vehicles` with `x-api-key` and
 * `{"registrationNumber": "..."}`. Configured by DVLA_VES_URL and
 * DVLA_API_KEY (an SST secret on AWS, like Xero's); without the key every
 * answer is "not-set-up". Every 200 is validated with zod before use; 404
 * is "not-found", 429 "rate-limited" with Retry-After, other statuses and
 * network failures "unavailable" (a later run tries again).
 */
export const DVLA_DEFAULT_URL = "https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry";

export function dvlaConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!env.DVLA_API_KEY;
}

/** How long one call may take before it counts as unavailable. */
const TIMEOUT_MS = 10_000;

export async function dvlaLookup(registration: string, env: NodeJS.ProcessEnv = process.env): Promise<ServiceAnswer<DvlaVehicle>> {
  if (!dvlaConfigured(env)) return { status: "not-set-up" };
  const base = (env.DVLA_VES_URL || DVLA_DEFAULT_URL).replace(/\/+$/, "");
  let res: Response;
  try {
    res = await fetch(`${base}/v1/vehicles`, {
      method: "POST",
      headers: { "x-api-key": env.DVLA_API_KEY!, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ registrationNumber: registrationKey(registration) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { status: "unavailable", httpStatus: 0 };
  }
  if (res.status === 404) return { status: "not-found" };
  if (res.status === 429) return { status: "rate-limited", retryAfter: retryAfterSeconds(res.headers.get("retry-after")) };
  if (res.status === 400) return { status: "not-found" }; // the DVLA refuses a registration it cannot read
  if (!res.ok) return { status: "unavailable", httpStatus: res.status };
  const parsed = dvlaAnswer.safeParse(await res.json().catch(() => null));
  return parsed.success ? { status: "found", data: parsed.data } : { status: "invalid" };
}
