import { Button, Modal, Stack } from "@mantine/core";
import { formatMoney } from "../platform/format";
import { ListPager, ListSearch, ListTable, useListController } from "../platform/list";
import type { PartLookupRow } from "./fields";

/**
 * Search Parts: the part lookups by name, searched on the start of the
 * name or part number, 25 a page (002 §9), each with a Select button.
 * The work lookup detail adds the chosen part to its parts; the job card,
 * quote and part order selectors can use it the same way.
 */
export function SearchPartsModal({ onSelect, onClose, chosen = [] }: { onSelect: (part: PartLookupRow) => void; onClose: () => void; chosen?: number[] }) {
  const list = useListController<PartLookupRow>({ resource: "partlookup", local: true, errorMessage: "An error occurred" });
  return (
    <Modal opened onClose={onClose} title="Search Parts" centered size="xl">
      <Stack gap="xs">
        <ListSearch list={list} placeholder="Name or part number" />
        <ListTable<PartLookupRow>
          label="Part lookups"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No parts found."
          columns={[
            { key: "name", header: "Name" },
            { key: "part_number", header: "Part number" },
            { key: "make", header: "Make" },
            { key: "model", header: "Model" },
            { key: "supplier", header: "Supplier", render: (r) => r.supplier?.display_name ?? "" },
            { key: "cost", header: "Cost", render: (r) => formatMoney(r.cost) },
            { key: "customer_cost", header: "Customer cost", render: (r) => formatMoney(r.customer_cost) },
            { key: "stock_volume", header: "Stock", render: (r) => String(r.stock_volume ?? "") },
            {
              key: "select",
              header: "",
              render: (r) => (
                <Button size="compact-xs" aria-label={`Select ${r.name ?? r.id}`} disabled={chosen.includes(r.id)} onClick={() => onSelect(r)}>
                  {chosen.includes(r.id) ? "Added" : "Select"}
                </Button>
              ),
            },
          ]}
        />
        <ListPager list={list} noun={["part", "parts"]} />
      </Stack>
    </Modal>
  );
}
