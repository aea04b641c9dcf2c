import { toastFailure } from "./toast";
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * The one way the app talks to the API: `${VITE_API_URL}/api/...` with
 * `Authorization: Token <token>`. Errors come back as ApiError carrying the
 * server's `{message, errors}`; a 401 signs the user out. Toasts are raised
 * centrally by the query client (see queryClient.ts), never here.
 */

export const API_BASE = `${import.meta.env.VITE_API_URL ?? ""}/api/`;
const TOKEN_KEY = "token";

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  /** Log out and 401 clear every locally stored item, not just the token (001 §2.2). */
  clear: () => localStorage.clear(),
};

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    public readonly status: number,
    message: string,
    /** Field name -> message, as the server validates. */
    public readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

let unauthorizedHandler: () => void = () => window.location.assign("/login");
/** Set by the app shell: what a 401 does after storage is cleared. */
export function onUnauthorized(fn: () => void) {
  unauthorizedHandler = fn;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export function queryString(params?: QueryParams): string {
  if (!params) return "";
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "") continue;
    sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}

function messageOf(data: unknown, fallback: string): string {
  if (data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string") return (data as { message: string }).message;
  if (typeof data === "string" && data) return data;
  return fallback;
}

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function api<T = unknown>(method: Method, path: string, opts: { query?: QueryParams; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = tokenStore.get();
  if (token) headers.authorization = `Token ${token}`;
  let body: string | FormData | undefined;
  // A file upload: the browser sets the multipart content type (with its boundary).
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path.replace(/^\/+/, "")}${queryString(opts.query)}`, { method, headers, body });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (res.status === 401) {
    // Signed in: the session has ended. Signing in: the server says why.
    const message = token ? "Your session has ended. Please sign in again." : messageOf(data, "Sign-in failed.");
    const err = new ApiError(401, message);
    tokenStore.clear();
    // Raised here: the handler drops the query cache, which would swallow the cache's own toast.
    toastFailure(err);
    unauthorizedHandler();
    throw err;
  }
  if (!res.ok) {
    const obj = data && typeof data === "object" ? (data as { message?: unknown; errors?: unknown }) : {};
    const message = messageOf(data, res.statusText);
    const errors = obj.errors && typeof obj.errors === "object" ? (obj.errors as Record<string, string>) : {};
    throw new ApiError(res.status, message || `Request failed (${res.status})`, errors);
  }
  return data as T;
}

/**
 * Download a file the API serves (e.g. a CSV template): fetched with the
 * token like every call, then saved under the name the server gives.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Token ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path.replace(/^\/+/, "")}`, { headers });
  } catch {
    throw new ApiError(0, "The server could not be reached. Check your connection and try again.");
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText || `Request failed (${res.status})`);
  const name = /filename="?([^";]+)"?/i.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  saveLink(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Save what a link points at under `filename` (a downloaded file, a presigned report). */
export function saveLink(url: string, filename: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A list page as every list call returns it. */
export type Page<T> = { count: number; results: T[] };

/** Fields every record from the API carries. */
export type ApiRecord = {
  id: number;
  last_saved: string | null;
  created_by?: string | null;
  updated_by?: string | null;
  [field: string]: unknown;
};

/**
 * The one query-key factory: every key starts with its resource, so a write
 * that invalidates the resource (`keys.all`) refreshes every query of it.
 * [resource, 'list', params], [resource, 'one', id], and any other GET
 * [resource, 'get', path, query]. Screens never write a key by hand
 * (tests/unit/web-one-way.test.ts).
 */
export const keys = {
  all: (resource: string) => [resource] as const,
  lists: (resource: string) => [resource, "list"] as const,
  list: (resource: string, params: QueryParams) => [resource, "list", params] as const,
  one: (resource: string, id: number | string) => [resource, "one", id] as const,
  /** Any other GET of the resource (`name`: its path, or what a screen's own fetch reads, e.g. every page of a print). */
  get: (resource: string, name: string, query?: QueryParams) => [resource, "get", name, query ?? {}] as const,
};

/** The resource a path belongs to: its first segment ('vehicles/statuscounts' -> 'vehicles'). */
export const resourceOf = (path: string) => path.replace(/^\/+/, "").split("/")[0];

/**
 * A GET as the cache knows it: its key and its call. The hooks below and a
 * route's prefetch (platform/prefetch.ts) build it through these same
 * functions, so what a route starts before its screen has loaded is the very
 * query the screen then reads (docs/performance.md "First paint").
 */
export type GetQuery = { queryKey: QueryKey; path: string; query?: QueryParams };
export const queries = {
  list: (resource: string, params: QueryParams, path?: string): GetQuery => ({ queryKey: keys.list(resource, params), path: path ?? resource, query: params }),
  one: (resource: string, id: number | string, path?: string): GetQuery => ({ queryKey: keys.one(resource, id), path: `${path ?? resource}/${id}` }),
  /** Any other GET (appdefaults, a figure, a count): keyed under `resource`, the path's first segment unless named. */
  get: (path: string, query?: QueryParams, resource = resourceOf(path)): GetQuery => ({ queryKey: keys.get(resource, path, query), path, query }),
};
/** The call of a GetQuery. */
export const fetchOf =
  <T>(q: GetQuery) =>
  () =>
    api<T>("GET", q.path, { query: q.query });

type QueryOpts = {
  /** API path when it differs from the resource name. */
  path?: string;
  enabled?: boolean;
  /** The screen's spec message when the load fails (400/409 show the server's). */
  errorMessage?: string;
  /** No toast on a failure: the screen shows it as a page of its own (the customer's approval link). */
  quiet?: boolean;
};

export function useList<T = ApiRecord>(resource: string, params: QueryParams, opts: QueryOpts = {}) {
  const q = queries.list(resource, params, opts.path);
  return useQuery({
    queryKey: q.queryKey,
    queryFn: fetchOf<Page<T>>(q),
    enabled: opts.enabled ?? true,
    placeholderData: (prev) => prev,
    meta: { errorMessage: opts.errorMessage },
  });
}

export function useOne<T = ApiRecord>(resource: string, id: number | string | null | undefined, opts: QueryOpts = {}) {
  const q = queries.one(resource, id ?? "none", opts.path);
  return useQuery({
    queryKey: q.queryKey,
    queryFn: fetchOf<T>(q),
    enabled: (opts.enabled ?? true) && id !== null && id !== undefined && id !== "",
    meta: { errorMessage: opts.errorMessage },
  });
}

/** A GET that is neither a list nor a record (e.g. appdefaults, targetlatest), keyed by `queries.get`. */
export function useApiGet<T>(path: string, query?: QueryParams, opts: Omit<QueryOpts, "path"> & { resource?: string } = {}) {
  return useGet<T>(queries.get(path, query, opts.resource), opts);
}

/** A GET built with `queries` (a screen's calls declared once, also started by its route: platform/prefetch.ts). */
export function useGet<T>(q: GetQuery, opts: Omit<QueryOpts, "path"> = {}) {
  return useQuery({
    queryKey: q.queryKey,
    queryFn: fetchOf<T>(q),
    enabled: opts.enabled ?? true,
    meta: { errorMessage: opts.errorMessage, quiet: opts.quiet },
  });
}

type MutationOpts = {
  /** Resources whose cached queries change as a result (the resource itself is always refreshed). */
  invalidates?: string[];
  errorMessage?: string;
  /** Skip the 'Data saved successfully.' toast (sign-in and log-out only). */
  silent?: boolean;
  /** The spec's own success wording where it is not 'Data saved successfully.' (003 §8: 'All data has been sent to Xero'). */
  successMessage?: string;
  /** No toast either way: the screen tells the outcome in its own words (an upload's 'Uploaded' or its refusal). */
  quiet?: boolean;
};

const metaOf = (opts: MutationOpts) => ({ errorMessage: opts.errorMessage, silent: opts.silent, successMessage: opts.successMessage, quiet: opts.quiet });

/**
 * After a write, the lists and records it touched are fetched again. Not
 * awaited: the screen's own follow-up (a form cleared, a row back to
 * read-only) happens the moment the server confirms, together with the
 * toast, so nothing typed in the meantime is wiped by a late reset.
 */
function useInvalidate(resource: string, others: string[] = []) {
  const qc = useQueryClient();
  return () => {
    for (const r of [resource, ...others]) void qc.invalidateQueries({ queryKey: keys.all(r) });
  };
}

export function useCreate<T = ApiRecord>(resource: string, opts: MutationOpts & { path?: string } = {}) {
  const invalidate = useInvalidate(resource, opts.invalidates);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<T>("POST", opts.path ?? resource, { body }),
    onSuccess: () => invalidate(),
    meta: metaOf(opts),
  });
}

/**
 * A list page with the saved record's answer written into its rows of the
 * same id: the fields a row already holds take the answer's values (its
 * `last_saved` first of all), so an action on the row straight after the
 * save (Approve after Save Invoice) sends the version just saved, not the
 * one the list was fetched with. Anything else is answered as it was: pure.
 */
export function withSavedRow<D>(data: D, id: number | string, saved: unknown): D {
  if (!saved || typeof saved !== "object") return data;
  const page = data as Partial<Page<Record<string, unknown>>> | undefined;
  if (!page || !Array.isArray(page.results) || !page.results.some((r) => String(r?.id) === String(id))) return data;
  const answer = saved as Record<string, unknown>;
  const results = page.results.map((row) => {
    if (String(row?.id) !== String(id)) return row;
    const next: Record<string, unknown> = { ...row };
    for (const f of Object.keys(row)) if (f !== "id" && answer[f] !== undefined) next[f] = answer[f];
    return next;
  });
  return { ...page, results } as D;
}

/** The saved record's answer in every cached list of its resource (`keys.lists`), at once: see `withSavedRow`. */
export function writeSavedRows(qc: QueryClient, resource: string, id: number | string, saved: unknown): void {
  qc.setQueriesData({ queryKey: keys.lists(resource) }, (data: unknown) => withSavedRow(data, id, saved));
}

export function useUpdate<T = ApiRecord>(resource: string, opts: MutationOpts & { path?: string } = {}) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(resource, opts.invalidates);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | string; body: Record<string, unknown> }) =>
      api<T>("PUT", `${opts.path ?? resource}/${id}`, { body }),
    // The list rows carry the new version before the refetch lands (it may be slow): then everything is fetched again.
    onSuccess: (saved, { id }) => {
      writeSavedRows(qc, resource, id, saved);
      invalidate();
    },
    meta: metaOf(opts),
  });
}

/**
 * A deleted record's own queries are dropped, never fetched again (issue 24
 * item 11: deleting a part order re-read it and showed 'There was an error
 * getting part order data' after the Success): the screen still showing it
 * keeps its copy until it leaves, then the copy goes from the cache.
 */
function useDropDeleted(resource: string, others: string[] = []) {
  const qc = useQueryClient();
  return (id: number | string) => {
    const deleted = (key: QueryKey) => key[0] === resource && key[1] === "one" && String(key[2]) === String(id);
    void qc.cancelQueries({ predicate: (q) => deleted(q.queryKey) });
    const cache = qc.getQueryCache();
    for (const q of cache.findAll({ predicate: (q) => deleted(q.queryKey) })) {
      if (q.getObserversCount() === 0) {
        cache.remove(q);
        continue;
      }
      const stop = cache.subscribe((event) => {
        if (event.query === q && event.type === "observerRemoved" && q.getObserversCount() === 0) {
          stop();
          cache.remove(q);
        }
      });
    }
    for (const r of [resource, ...others]) void qc.invalidateQueries({ queryKey: keys.all(r), predicate: (q) => !deleted(q.queryKey) });
  };
}

export function useRemove(resource: string, opts: MutationOpts & { path?: string } = {}) {
  const dropDeleted = useDropDeleted(resource, opts.invalidates);
  return useMutation({
    mutationFn: (id: number | string) => api<unknown>("DELETE", `${opts.path ?? resource}/${id}`),
    onSuccess: (_d, id) => dropDeleted(id),
    meta: metaOf(opts),
  });
}

/**
 * Any other write (PUT appdefaults, sign-in, a report export, an approval):
 * the one way a screen writes outside a record's own create/update/delete,
 * refreshing `resource` and `invalidates` afterwards. A FormData body is sent
 * as a file upload.
 */
export function useApiMutation<TBody, TResult = unknown>(
  method: Exclude<Method, "GET">,
  path: string | ((body: TBody) => string),
  opts: MutationOpts & {
    resource?: string;
    /** The body sent for the mutation's variables (default: the variables themselves; undefined: no body). */
    send?: (vars: TBody) => unknown;
    /** A failure reworded before it is shown and thrown (the CAP upload adds the server's reason to its message). */
    reword?: (err: unknown) => Error;
  } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: TBody) => {
      const body = opts.send ? opts.send(vars) : vars;
      const call = api<TResult>(method, typeof path === "function" ? path(vars) : path, body instanceof FormData ? { form: body } : { body });
      const reword = opts.reword;
      return reword
        ? call.catch((e: unknown) => {
            throw reword(e);
          })
        : call;
    },
    onSuccess: () => {
      for (const r of [...(opts.resource ? [opts.resource] : []), ...(opts.invalidates ?? [])]) void qc.invalidateQueries({ queryKey: keys.all(r) });
    },
    meta: metaOf(opts),
  });
}
