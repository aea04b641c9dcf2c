import { useCallback, useMemo, useState } from "react";
import { useUrlParams } from "../url";
import { queries, useList, type ApiRecord, type GetQuery, type QueryParams } from "../api";

export const DEFAULT_PAGE_SIZE = 25;

export type ListControllerOptions = {
  /** Query-key resource; also the API path unless `path` says otherwise. */
  resource: string;
  path?: string;
  /** 25 unless the spec says otherwise (quick links 50). */
  pageSize?: number;
  /** URL search parameters passed through to the API as filters or tabs. */
  filters?: string[];
  /** Which of `filters` are tabs (where the user is), not filters: Clear keeps them. */
  tabs?: string[];
  /** Parameters always sent (e.g. job_tab=true). */
  fixed?: QueryParams;
  /** Load every row at once (reference lists fetch 1000): no pager. */
  all?: boolean;
  errorMessage?: string;
  /** Prefix of this list's page and search parameters, when a screen shows two lists (the key finder and the hooks). */
  urlPrefix?: string;
  /**
   * Keep page, search and filters in the component instead of the URL: for
   * a list inside a form being edited (the rental's Other Rentals), where a
   * URL change would stop at the unsaved-changes guard.
   */
  local?: boolean;
};

/**
 * The parameters a list sends for a URL, as useListController builds them:
 * for a route that starts the list's call before its screen has loaded
 * (platform/prefetch.ts). Lists kept in the component (`local`) are not
 * prefetched.
 */
export function listParamsOf(opts: ListControllerOptions, sp: URLSearchParams): QueryParams {
  const pageSize = opts.all ? 1000 : (opts.pageSize ?? DEFAULT_PAGE_SIZE);
  const page = opts.all ? 1 : Math.max(1, Number(sp.get(`${opts.urlPrefix ?? ""}page`)) || 1);
  const search = sp.get(`${opts.urlPrefix ?? ""}search`) ?? "";
  const filters: Record<string, string> = {};
  for (const f of opts.filters ?? []) {
    const v = sp.get(f);
    if (v !== null && v !== "") filters[f] = v;
  }
  return { ...opts.fixed, ...filters, page: opts.all ? undefined : page, page_size: pageSize, search: search || undefined };
}

/** A list's query for a URL (its key and call), as the list screen will ask for it. */
export function listQueryOf(opts: ListControllerOptions, sp: URLSearchParams): GetQuery {
  return queries.list(opts.resource, listParamsOf(opts, sp), opts.path);
}

/**
 * The one list mechanism: page, search, filters and tabs live in the URL
 * (so back/forward and links work; `local` keeps them in the component);
 * any change of search or filter goes back to page 1; the server pages
 * with `?page=&page_size=&search=`.
 */
export function useListController<T = ApiRecord>(opts: ListControllerOptions) {
  const url = useUrlParams();
  const [localParams, setLocalParams] = useState(() => new URLSearchParams());
  const updateLocal = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setLocalParams((prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      }),
    [],
  );
  const [sp, updateUrl] = opts.local ? ([localParams, updateLocal] as const) : url;
  const pageSize = opts.all ? 1000 : (opts.pageSize ?? DEFAULT_PAGE_SIZE);
  const pageParam = `${opts.urlPrefix ?? ""}page`;
  const searchParam = `${opts.urlPrefix ?? ""}search`;
  const page = opts.all ? 1 : Math.max(1, Number(sp.get(pageParam)) || 1);
  const search = sp.get(searchParam) ?? "";
  const filterNames = (opts.filters ?? []).join("&");
  const filterKey = (opts.filters ?? []).map((f) => `${f}=${sp.get(f) ?? ""}`).join("&");
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of opts.filters ?? []) {
      const v = sp.get(f);
      if (v !== null && v !== "") out[f] = v;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey is the filters' values as text: the memo changes only when a filter's value does, not on each new URLSearchParams or options array
  }, [filterKey]);

  // The same parameters listParamsOf gives a route's prefetch (platform/prefetch.ts) for this URL.
  const params: QueryParams = useMemo(
    () => ({ ...opts.fixed, ...filters, page: opts.all ? undefined : page, page_size: pageSize, search: search || undefined }),
    [opts.fixed, opts.all, filters, page, pageSize, search],
  );
  const query = useList<T>(opts.resource, params, { path: opts.path, errorMessage: opts.errorMessage });

  const update = useCallback((change: (n: URLSearchParams) => void) => updateUrl(change), [updateUrl]);

  const setPage = useCallback((p: number) => update((n) => (p <= 1 ? n.delete(pageParam) : n.set(pageParam, String(p)))), [update, pageParam]);
  const setSearch = useCallback(
    (s: string) =>
      update((n) => {
        if (s) n.set(searchParam, s);
        else n.delete(searchParam);
        n.delete(pageParam);
      }),
    [update, searchParam, pageParam],
  );
  const setFilter = useCallback(
    (name: string, value: string | null) =>
      update((n) => {
        if (value === null || value === "") n.delete(name);
        else n.set(name, value);
        n.delete(pageParam);
      }),
    [update, pageParam],
  );
  /** Several URL parameters at once (a tab change that also drops the old tab's filters); back to page 1. */
  const setFilters = useCallback(
    (changes: Record<string, string | null>) =>
      update((n) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === "") n.delete(name);
          else n.set(name, value);
        }
        n.delete(pageParam);
      }),
    [update, pageParam],
  );

  /** Clear (000 §2): the search and every filter of the list go, the tab stays; back to page 1. */
  const tabsKey = (opts.tabs ?? []).join("&");
  const clearAll = useCallback(
    () =>
      update((n) => {
        const keep = new Set(tabsKey ? tabsKey.split("&") : []);
        for (const f of filterNames.split("&")) if (f && !keep.has(f)) n.delete(f);
        n.delete(searchParam);
        n.delete(pageParam);
      }),
    [update, filterNames, tabsKey, searchParam, pageParam],
  );

  const count = query.data?.count ?? 0;
  return {
    params,
    page,
    pageSize,
    search,
    filters,
    setPage,
    setSearch,
    setFilter,
    setFilters,
    clearAll,
    results: query.data?.results ?? [],
    /** The whole answer, for lists that carry more than `{count, results}` (the vehicles' `filter_list`). */
    answer: query.data as (Record<string, unknown> & { count: number; results: T[] }) | undefined,
    count,
    /** 003 §9: page count is the count divided by the page size, rounded up. */
    pageCount: Math.max(1, Math.ceil(count / pageSize)),
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError && !query.data,
    refetch: query.refetch,
  };
}

export type ListController<T = ApiRecord> = ReturnType<typeof useListController<T>>;
