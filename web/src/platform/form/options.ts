import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, keys, queries } from "../api";
import type { FieldDef, OptionsSource, SelectOption } from "./fields";

function isSource(o: FieldDef["options"]): o is OptionsSource {
  return !!o && !Array.isArray(o);
}

/** A select field's options, fetched once and shared through the query cache. */
export function useFieldOptions(f: FieldDef): { options: SelectOption[] | undefined; loading: boolean } {
  const source = isSource(f.options) ? f.options : null;
  const q = useQuery({
    queryKey: source?.queryKey ?? keys.all("no-options"),
    queryFn: () => api("GET", source!.path, { query: source!.query }),
    enabled: !!source,
    staleTime: 60_000,
    meta: { errorMessage: source?.errorMessage },
  });
  if (!f.options) return { options: undefined, loading: false };
  if (!source) return { options: f.options as SelectOption[], loading: false };
  return { options: q.data ? source.toOptions(q.data) : undefined, loading: q.isLoading };
}

/** The options already in the cache (used when building a payload). */
export function cachedOptions(qc: QueryClient, f: FieldDef): SelectOption[] | undefined {
  if (!f.options) return undefined;
  if (!isSource(f.options)) return f.options;
  const data = qc.getQueryData(f.options.queryKey);
  return data ? f.options.toOptions(data) : undefined;
}

export function useOptionsLookup() {
  const qc = useQueryClient();
  return (f: FieldDef) => cachedOptions(qc, f);
}

/**
 * Options for a reference to other records (makes, types, departments):
 * one cached list call, each record's id as the value.
 */
export function recordOptions(resource: string, label: (r: any) => string, query: Record<string, string | number> = { page_size: 1000 }, errorMessage = "There was an error"): OptionsSource {
  return {
    ...queries.list(resource, query),
    errorMessage,
    toOptions: (d: { results: any[] }) => d.results.map((r): SelectOption => ({ value: String(r.id), label: label(r), apiValue: r.id })),
  };
}
