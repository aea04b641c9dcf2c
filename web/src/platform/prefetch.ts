import type { LoaderFunctionArgs, Params } from "react-router-dom";
import { fetchOf, queries, tokenStore, type GetQuery } from "./api";
import { queryClient } from "./queryClient";

/** The queries a screen reads before its first paint, for the address opened (its path parameters and search). */
export type ScreenData = (params: Params, search: URLSearchParams) => GetQuery[];

/**
 * A route's loader that starts the screen at once and waits for nothing
 * (issue 24 Speed, docs/performance.md "First paint"): the screen's script
 * and the calls of its first paint are sent together with the identity
 * check (/api/me, from the navigation bar), not after the script has loaded
 * and drawn. The calls go into the query cache under the keys the screen's
 * own hooks use (api.ts `queries`), so the screen finds them answered or on
 * their way. Signed out (no token) only the script loads: RequireAuth sends
 * the user to /login.
 */
export function startScreen(load: () => Promise<unknown>, data?: ScreenData) {
  return ({ params, request }: LoaderFunctionArgs) => {
    // The calls first: the script's import adds a modulepreload link for each of its chunks, which takes a while on a busy machine.
    if (data && tokenStore.get()) {
      for (const q of data(params, new URL(request.url).searchParams)) {
        // A failure here is told by the screen's own query (its message), which retries on mount.
        void queryClient.prefetchQuery({ queryKey: q.queryKey, queryFn: fetchOf(q), meta: { prefetch: true } });
      }
      // When the loop had sent them all: on a busy machine the loop's own calls can start after the fastest answer.
      performance.mark("screen-calls-sent");
    }
    load().catch(() => undefined);
    return null;
  };
}

/**
 * The signed-in frame's own calls: the identity check (useMe) and the
 * navigation bar's cost centres and quick links (NavBar), built as those
 * hooks build them, started by the frame's route with the screen's.
 */
export const frameQuery = {
  me: () => queries.get("me"),
  costCentres: () => queries.list("costcentre", { page_size: 1000 }),
  quickLinks: () => queries.list("quicklink", { page_size: 50 }),
};

/** The frame route's loader: its calls, at once with the screen's (child routes' loaders run beside it). */
export const startFrame = startScreen(() => Promise.resolve(), () => [frameQuery.me(), frameQuery.costCentres(), frameQuery.quickLinks()]);
