import { Group, Pagination, SegmentedControl, Table, Text, TextInput, type TableProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState, type ReactNode } from "react";
import { Loading } from "../Loading";
import type { ListController } from "./useListController";

/** Search box bound to the list's `search` URL parameter (debounced). */
export function ListSearch({ list, label = "Search", placeholder }: { list: Pick<ListController<any>, "search" | "setSearch">; label?: string; placeholder?: string }) {
  const [text, setText] = useState(list.search);
  useEffect(() => setText(list.search), [list.search]);
  const push = useDebouncedCallback((v: string) => list.setSearch(v.trim()), 300);
  return (
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
    />
  );
}

/** View tabs bound to a URL filter (e.g. view=Approved); the first tab is the default. */
export function ListTabs({ list, param, tabs, label }: { list: Pick<ListController<any>, "filters" | "setFilter">; param: string; tabs: Array<{ value: string; label: string }>; label: string }) {
  const value = list.filters[param] ?? tabs[0]?.value ?? "";
  return (
    <SegmentedControl
      aria-label={label}
      size="xs"
      value={value}
      onChange={(v) => list.setFilter(param, v === tabs[0]?.value ? null : v)}
      data={tabs}
    />
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
 */
export function ListTable<T extends { id: number | string }>({
  columns,
  rows,
  loading,
  error,
  empty = "No records found.",
  renderRow,
  label,
  ...tableProps
}: {
  columns: Column<T>[];
  rows: T[];
  loading?: boolean;
  error?: boolean;
  empty?: string;
  renderRow?: (row: T) => ReactNode;
  label?: string;
} & Omit<TableProps, "children">) {
  if (loading) return <Loading />;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs" aria-label={label} {...tableProps}>
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
                  The list could not be loaded.
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
