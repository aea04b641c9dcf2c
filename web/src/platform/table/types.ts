import type { ComponentType } from "react";
import type { ApiRecord } from "../api";
import type { FieldDef, FormErrors, FormValues } from "../form";

/** One screen built from the generic settings table (the settings screens, fleet keys and trackers). */
export type TableScreen = {
  kind: "table";
  key: string;
  title: string;
  /** What one row is called ("driver"), for the add box and confirm. */
  singular: string;
  /** Query-key resource and list/item path (GET/PUT/DELETE). */
  resource: string;
  /** Create path when it differs (POST createdepartment). */
  createPath?: string;
  /** PUT/DELETE path when it differs from the list's (GET diaryentries, PUT diaryentry/{id}). */
  itemPath?: string;
  /** Record type for GET /api/history/<type>/<id>. */
  historyType: string;
  fields: FieldDef[];
  pageSize?: number;
  /** Fetch the whole list (page_size 1000) with no pager. */
  all?: boolean;
  searchable?: boolean;
  /** Prefix of the list's page and search URL parameters when the screen has another list. */
  urlPrefix?: string;
  /** URL parameters passed to the list call, set by the screen's own controls (trackers' view). */
  filters?: string[];
  /** Switches that set a list query parameter (Fitters: Show hidden). */
  switches?: Array<{ param: string; label: string }>;
  /** The spec's failure messages for this screen (001 §8, 003 §8). */
  messages?: { load?: string; save?: string; remove?: string };
  /** Add box values after a successful add (rental margin resets to 40). */
  afterAdd?: FormValues;
  /** Other resources whose lists show this data (makes appear on models). */
  invalidates?: string[];
  validate?: (values: FormValues) => FormErrors;
  /** Shown above the add box (the target in force today). */
  intro?: ComponentType;
  itemLabel: (row: ApiRecord) => string;
  /** More buttons of a read-only row (the diary's Mark As Completed). */
  rowActions?: ComponentType<{ row: ApiRecord }>;
  /** What the table says when the list cannot be loaded (the diary's 'Fail'). */
  failText?: string;
};
