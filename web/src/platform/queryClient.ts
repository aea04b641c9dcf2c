import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";
import { toastFailure, toastSuccess, toastWarning } from "./toast";

declare module "@tanstack/react-query" {
  interface Register {
    /** prefetch: started by a route before its screen drew (prefetch.ts); the screen tells its failure. */
    queryMeta: { errorMessage?: string; prefetch?: boolean; quiet?: boolean };
    mutationMeta: { errorMessage?: string; silent?: boolean; successMessage?: string; quiet?: boolean };
  }
}

/**
 * 003 §8 in one place: every failed call shows an 'Error' toast and every
 * successful write a 'Success' toast, whichever screen made it.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      // A route's prefetch that failed before its screen was there: the screen's query retries on mount and tells it.
      if (query.meta?.prefetch && query.getObserversCount() === 0) return;
      if (query.meta?.quiet) return;
      toastFailure(err, query.meta?.errorMessage);
    },
  }),
  mutationCache: new MutationCache({
    onError: (err, _v, _c, mutation) => {
      if (!mutation.meta?.quiet) toastFailure(err, mutation.meta?.errorMessage);
    },
    onSuccess: (data, _v, _c, mutation) => {
      if (!mutation.meta?.silent && !mutation.meta?.quiet) toastSuccess(mutation.meta?.successMessage);
      // An answer's `warning` (e.g. an approval whose documents are held back from Xero) is shown beside the success.
      const warning = (data as { warning?: unknown } | null | undefined)?.warning;
      if (typeof warning === "string" && warning) toastWarning(warning);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retry once when the server could not be reached or failed; never on a 4xx.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    },
    mutations: { retry: false },
  },
});
