import { randomUUID } from "node:crypto";
import { ensureTable } from "../../functions/local/dynamodb-local.js";

/**
 * For API test files: a fresh table, local sign-in on, then the real Hono
 * app. Import this module first in a test file (it sets the environment
 * before the app's entities bind to their table).
 */
process.env.TABLE_NAME = `t_${randomUUID().slice(0, 8)}`;
process.env.LOCAL_SIGN_IN = "true";
await ensureTable(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME);

const { createFullApi } = await import("../../functions/api.js");
export const app = createFullApi();
// No table stream here: the Xero push items a write queues are sent by the stream consumer's code run after the write
// (functions/local/xero-dispatch.ts), as the local server does. Each call answers once those runs have finished, so a
// test reads what the stream consumer would have sent within seconds (deterministic, no sleeping).
const { startXeroDispatch } = await import("../../functions/local/xero-dispatch.js");
export const xeroDispatch = startXeroDispatch();

export type Res = { status: number; body: any; headers: Headers };

export async function call(method: string, path: string, opts: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Token ${opts.token}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const res = await app.request(`/api/${path.replace(/^\//, "")}`, { method, headers, body });
  const text = await res.text();
  await xeroDispatch.settled();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Sign in locally and return the product token. */
export async function signIn(email = "sam@example.co.uk", given_name = "Sam"): Promise<string> {
  const res = await call("POST", "auth/local", { body: { email, given_name } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A client bound to one signed-in user. */
export function client(token: string) {
  return {
    get: (p: string) => call("GET", p, { token }),
    post: (p: string, body?: unknown) => call("POST", p, { token, body }),
    postWith: (p: string, body: unknown, headers: Record<string, string>) => call("POST", p, { token, body, headers }),
    put: (p: string, body?: unknown) => call("PUT", p, { token, body }),
    del: (p: string) => call("DELETE", p, { token }),
  };
}
