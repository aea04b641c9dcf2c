import type { TrackingOptionRow } from "../../../core/settings/accounting";
import { queries, type Page } from "../platform/api";
import type { OptionsSource, SelectOption } from "../platform/form";

/**
 * The tracking option pickers' one source: every live option with its
 * category from GET trackingoption (000 §7's reference list), labelled
 * "Category: option". Records keep the chosen option in their own shape
 * (an id on rentals, movements and invoices; `{id, name}` on movement
 * types and transactions; `{id, name, category}` on work items and parts),
 * so each picker says how through `apiValue`.
 */
export const TRACKING_OPTIONS_QUERY = { page_size: 1000 };
export const trackingOptionLabel = (o: TrackingOptionRow) => `${o.category_name}: ${o.name}`;

export function trackingOptionSource(apiValue: (o: TrackingOptionRow) => unknown = (o) => o.id): OptionsSource {
  return {
    ...queries.list("trackingoption", TRACKING_OPTIONS_QUERY),
    toOptions: (d: Page<TrackingOptionRow>) => d.results.map((o): SelectOption => ({ value: String(o.id), label: trackingOptionLabel(o), apiValue: apiValue(o) })),
  };
}

export type { TrackingOptionRow };
