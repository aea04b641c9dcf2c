import type { DepartmentRecord } from "../../../../core/settings/types";
import { Button, CloseButton, Group, NativeSelect, Pagination, Paper, SegmentedControl, Select, Stack, Table, Tabs, Text, TextInput, type TableProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { useList, type ApiRecord } from "../api";
import { Loading } from "../Loading";
import { usePinnedColumns, type PinnedColumns } from "../table/pin";
import { Typeahead } from "../typeahead";
import type { ListController } from "./useListController";

/**
 * Search box bound to the list's `search` URL parameter (debounced).
 * `buttons` adds Search (now, without waiting) and Clear (000 §2 vehicle
 * list), which clears the search and every filter of the list (not its tab).
 */
export function ListSearch({ list, label = "Search", placeholder, buttons }: { list: Pick<ListController<any>, "search" | "setSearch" | "clearAll">; label?: string; placeholder?: string; buttons?: boolean }) {
  const [text, setText] = useState(list.search);
  useEffect(() => setText(list.search), [list.search]);
  // The page this search box is on: a push that comes due after a link has left it (the next screen still
  // loading, this one still drawn) must not land its ?search= on the next screen's address.
  const { pathname } = useLocation();
  const push = useDebouncedCallback((v: string) => {
    if (window.location.pathname === pathname) list.setSearch(v.trim());
  }, 300);
  const input = (
    <TextInput
      label={label}
      placeholder={placeholder ?? "Search"}
      size="xs"
      w={240}
      value={text}
      type="search"
      onChange={(e) => {
        setText(e.currentTarget.value);
        push(e.currentTarget.value);
      }}
      onKeyDown={buttons ? (e) => e.key === "Enter" && searchNow() : undefined}
    />
  );
  if (!buttons) return input;
  // Search and Clear act at once, so the typing's pending debounce must not land afterwards.
  function searchNow() {
    push.cancel();
    list.setSearch(text.trim());
  }
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      {input}
      <Button size="xs" variant="light" onClick={searchNow}>
        Search
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          push.cancel();
          setText("");
          list.clearAll();
        }}
      >
        Clear
      </Button>
    </Group>
  );
}

/**
 * View tabs bound to a URL filter (e.g. view=Approved); the first tab is the
 * default unless `defaultValue` names another (the default stays out of the
 * URL). `variant` draws them as tabs or pills instead of a segmented
 * control; `resets` names URL parameters a change also drops (the old
 * tab's filters). Any change goes back to page 1.
 */
export function ListTabs({
  list,
  param,
  tabs,
  label,
  defaultValue,
  variant = "segmented",
  resets,
}: {
  list: Pick<ListController<any>, "filters" | "setFilter"> & Partial<Pick<ListController<any>, "setFilters">>;
  param: string;
  tabs: Array<{ value: string; label: string }>;
  label: string;
  defaultValue?: string;
  variant?: "segmented" | "tabs" | "pills";
  resets?: (value: string) => string[];
}) {
  const fallback = defaultValue ?? tabs[0]?.value ?? "";
  const value = list.filters[param] ?? fallback;
  const change = (v: string) => {
    const next = v === fallback ? null : v;
    const dropped = (resets?.(v) ?? []).filter((p) => p !== param);
    if (dropped.length && list.setFilters) list.setFilters({ ...Object.fromEntries(dropped.map((p) => [p, null])), [param]: next });
    else list.setFilter(param, next);
  };
  if (variant === "segmented") return <SegmentedControl aria-label={label} size="xs" value={value} onChange={change} data={tabs} />;
  return (
    <Tabs value={value} onChange={(v) => v !== null && v !== value && change(v)} variant={variant === "pills" ? "pills" : "default"}>
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} size={variant === "pills" ? "xs" : undefined}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** The bar above a list that holds its view tabs, filters and search, aligned on their bottom edge. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="sm" data-list-toolbar>
      <Group align="flex-end" gap="md" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

/** Department filter bound to a URL filter (default `department`): every department, or one (GET departments; `errorMessage` if that fails). */
/**
 * The one department select (all departments, then each by name): a list's
 * filter through ListDepartmentFilter, or any other screen's value (the
 * dashboard, the reports) through DepartmentSelect. `all` is the value of
 * "All departments" ("" unless the screen's URL says ALL); choosing it
 * hands null.
 */
export function DepartmentSelect({
  value,
  onChange,
  errorMessage = "There was an error",
  label = "Department",
  size = "xs",
  w,
  all = "",
}: {
  all?: string;
  value: string;
  onChange: (department: string | null) => void;
  errorMessage?: string;
  label?: string;
  size?: string;
  w?: number;
}) {
  const departments = useList<DepartmentRecord>("departments", { page_size: 1000 }, { errorMessage });
  return (
    <NativeSelect
      label={label}
      size={size}
      w={w}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value === all ? null : e.currentTarget.value || null)}
      data={[{ value: all, label: "All departments" }, ...(departments.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.name ?? "" }))]}
    />
  );
}

/** The department select bound to a list's URL filter. */
export function ListDepartmentFilter({ list, param = "department", errorMessage, all = "" }: { list: Pick<ListController<any>, "filters" | "setFilter">; param?: string; errorMessage?: string; all?: string }) {
  return <DepartmentSelect value={list.filters[param] ?? all} all={all} onChange={(v) => list.setFilter(param, v)} errorMessage={errorMessage} />;
}

/** One option of a column filter: the server's distinct values with their counts ('Only Blanks' is value BLANK). */
export type FilterOption = { value: string; label: string; count?: number };

/**
 * A column header with a typeahead filter bound to a URL filter of the
 * list: options come from the list's answer (e.g. `filter_list[column]`),
 * typing narrows them, clearing removes the filter; a change goes back to
 * page 1. `formatLabel` shows values such as dates the UK way.
 */
export function ListColumnFilter({
  list,
  param,
  title,
  options,
  formatLabel,
  width = 140,
}: {
  list: Pick<ListController<any>, "filters" | "setFilter">;
  param: string;
  title: string;
  options: FilterOption[] | undefined;
  formatLabel?: (label: string) => string;
  width?: number;
}) {
  const value = list.filters[param] ?? null;
  const labelOf = (o: FilterOption) => {
    const text = o.value === "BLANK" || !formatLabel ? o.label : formatLabel(o.label);
    return o.count === undefined ? text : `${text} (${o.count})`;
  };
  const data = (options ?? []).map((o) => ({ value: o.value, label: labelOf(o) }));
  // A filter carried over from the URL keeps showing even when this answer does not list it.
  if (value !== null && !data.some((d) => d.value === value)) data.push({ value, label: value === "BLANK" ? "Only Blanks" : formatLabel ? formatLabel(value) : value });
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700}>
        {title}
      </Text>
      <Select
        size="xs"
        searchable
        clearable
        placeholder="Filter"
        aria-label={`Filter ${title}`}
        data={data}
        value={value}
        onChange={(v) => list.setFilter(param, v)}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage="No match"
        w={width}
      />
    </Stack>
  );
}

/**
 * A column header with a free-text filter bound to a URL filter of the
 * list (a description prefix, a labour cost): typed values are sent after
 * a pause; clearing removes the filter; a change goes back to page 1.
 */
export function ListColumnText({ list, param, title, width = 120, inputMode }: { list: Pick<ListController<any>, "filters" | "setFilter">; param: string; title: string; width?: number; inputMode?: "decimal" | "text" }) {
  const current = list.filters[param] ?? "";
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const push = useDebouncedCallback((v: string) => list.setFilter(param, v.trim() || null), 400);
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700}>
        {title}
      </Text>
      <TextInput
        size="xs"
        w={width}
        placeholder="Filter"
        aria-label={`Filter ${title}`}
        inputMode={inputMode}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          push(e.currentTarget.value);
        }}
      />
    </Stack>
  );
}

/**
 * A column header filter on a reference with too many values to list (a
 * customer among thousands): a typeahead over `resource` sets the filter to
 * the chosen record's id; Clear (×) removes it. The chosen name is shown
 * while the screen is open; a filter carried in from the URL shows as set.
 */
export function ListRecordFilter<T extends ApiRecord>({
  list,
  param,
  title,
  resource,
  itemLabel,
  width = 170,
}: {
  list: Pick<ListController<any>, "filters" | "setFilter">;
  param: string;
  title: string;
  resource: string;
  itemLabel: (item: T) => string;
  width?: number;
}) {
  const value = list.filters[param] ?? null;
  const [text, setText] = useState("");
  useEffect(() => {
    if (value === null) setText("");
  }, [value]);
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" fw={700}>
          {title}
        </Text>
        {value !== null && (
          <CloseButton size="xs" aria-label={`Clear ${title} filter`} onClick={() => list.setFilter(param, null)} />
        )}
      </Group>
      <div style={{ width }}>
        <Typeahead<T>
          label={`Filter ${title}`}
          inline
          resource={resource}
          placeholder={value !== null && !text ? "Filtered" : "Filter"}
          search={text}
          onSearchChange={setText}
          itemLabel={itemLabel}
          onSelect={(item) => item && list.setFilter(param, String(item.id))}
          errorMessage="There was an error"
        />
      </div>
    </Stack>
  );
}

/** Pager: page count = ceil(count / page size). */
export function ListPager({ list, noun = ["record", "records"] }: { list: Pick<ListController<any>, "page" | "pageCount" | "setPage" | "count">; noun?: [string, string] }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="xs" c="dimmed">
        {list.count} {list.count === 1 ? noun[0] : noun[1]}
      </Text>
      {list.pageCount > 1 && (
        <Pagination
          size="sm"
          total={list.pageCount}
          value={Math.min(list.page, list.pageCount)}
          onChange={list.setPage}
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
          getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
        />
      )}
    </Group>
  );
}

export type Column<T> = { key: string; header: ReactNode; render?: (row: T) => ReactNode; width?: number | string };

/**
 * Compact table for a list page: loading, failure and empty states, and
 * either cell renderers or a whole-row renderer (for rows that edit).
 * Wider than the window it scrolls inside its own box with its key columns
 * pinned (`pin`: the first column by default; docs/layout.md), and long
 * texts wrap.
 */
export function ListTable<T extends { id: number | string }>({
  columns,
  rows,
  loading,
  error,
  empty = "No records found.",
  errorText = "The list could not be loaded.",
  renderRow,
  label,
  pin = { start: 1 },
  ...tableProps
}: {
  columns: Column<T>[];
  rows: T[];
  loading?: boolean;
  error?: boolean;
  empty?: string;
  /** What it says when the list cannot be loaded. */
  errorText?: string;
  renderRow?: (row: T) => ReactNode;
  label?: string;
  /** Columns kept in view while the table scrolls sideways: the first `start` (what names the row) and the last `end` (its buttons). */
  pin?: PinnedColumns;
} & Omit<TableProps, "children">) {
  const ref = usePinnedColumns(pin);
  if (loading) return <Loading />;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table ref={ref} data-wrap-text striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs" aria-label={label} {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ width: c.width }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {error ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text size="sm" c="red">
                  {errorText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r) =>
              renderRow ? (
                renderRow(r)
              ) : (
                <Table.Tr key={r.id}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? "")}</Table.Td>
                  ))}
                </Table.Tr>
              ),
            )
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
