import { Button, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ListPager, ListSearch, ListTable, useListController } from "../platform/list";
import { formatMoney } from "../platform/format";
import { Page } from "../platform/page";
import { EditSelectedModal, PartLookupModal } from "./PartLookupModals";
import type { PartLookupRow } from "./fields";

/**
 * Part Stock /partLookup (002 §2 "Work and part lookups"): the part
 * lookups by name, 25 a page, search on the start of the name or part
 * number; New Part + and each row's Edit open the part form; rows are
 * selected (kept across pages) for Edit Selected.
 */
export function PartStockPage() {
  const list = useListController<PartLookupRow>({ resource: "partlookup", fixed: { part_lookup_stock: "true" }, errorMessage: "An error occurred" });
  const [editing, setEditing] = useState<PartLookupRow | "new" | null>(null);
  const [bulk, setBulk] = useState(false);
  const [selected, setSelected] = useState<Map<number, PartLookupRow>>(new Map());
  const toggle = (r: PartLookupRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(r.id, r);
      else next.delete(r.id);
      return next;
    });
  const pageIds = list.results.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  // The selection holds the rows as listed now (their last_saved), so a save elsewhere meanwhile is a 409, never overwritten.
  const fresh = (r: PartLookupRow) => list.results.find((x) => x.id === r.id) ?? r;

  return (
    <Page
      title="Part Stock"
      actions={
        <Group gap="xs">
          <Button variant="light" disabled={selected.size === 0} onClick={() => setBulk(true)}>
            Edit Selected{selected.size ? ` (${selected.size})` : ""}
          </Button>
          <Button onClick={() => setEditing("new")}>New Part +</Button>
        </Group>
      }
    >
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md">
          <ListSearch list={list} placeholder="Name or part number" buttons />
          {selected.size > 0 && (
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
              Clear selection
            </Button>
          )}
        </Group>
      </Paper>
      <Stack gap="xs">
        <ListTable<PartLookupRow>
          label="Part Stock"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No parts found."
          columns={[
            {
              key: "select",
              width: 32,
              header: (
                <Checkbox
                  aria-label="Select all on this page"
                  size="xs"
                  checked={allOnPage}
                  indeterminate={!allOnPage && someOnPage}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setSelected((prev) => {
                      const next = new Map(prev);
                      for (const r of list.results) {
                        if (on) next.set(r.id, r);
                        else next.delete(r.id);
                      }
                      return next;
                    });
                  }}
                />
              ),
              render: (r) => <Checkbox aria-label={`Select ${r.name ?? r.id}`} size="xs" checked={selected.has(r.id)} onChange={(e) => toggle(r, e.currentTarget.checked)} />,
            },
            { key: "name", header: "Name" },
            { key: "part_number", header: "Part number" },
            { key: "make", header: "Make" },
            { key: "model", header: "Model" },
            { key: "variant", header: "Variant" },
            { key: "vehicle_type", header: "Vehicle type" },
            { key: "supplier", header: "Supplier", render: (r) => r.supplier?.display_name ?? "" },
            { key: "cost", header: "Cost", render: (r) => formatMoney(r.cost) },
            { key: "customer_cost", header: "Customer cost", render: (r) => formatMoney(r.customer_cost) },
            { key: "stock_volume", header: "Stock", render: (r) => String(r.stock_volume ?? "") },
            { key: "comments", header: "Comments", render: (r) => <Text size="xs" lineClamp={2}>{r.comments ?? ""}</Text> },
            {
              key: "actions",
              header: "",
              render: (r) => (
                <Button size="compact-xs" variant="light" aria-label={`Edit ${r.name ?? r.id}`} onClick={() => setEditing(r)}>
                  Edit
                </Button>
              ),
            },
          ]}
        />
        <ListPager list={list} noun={["part", "parts"]} />
      </Stack>
      {editing && <PartLookupModal row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {bulk && (
        <EditSelectedModal
          rows={[...selected.values()].map(fresh)}
          onClose={() => setBulk(false)}
          onSaved={() => {
            setBulk(false);
            setSelected(new Map());
          }}
        />
      )}
    </Page>
  );
}
