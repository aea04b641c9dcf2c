import { Anchor, Stack } from "@mantine/core";
import { Link } from "react-router-dom";
import { formatDate, formatMoney } from "../platform/format";
import { ListPager, ListTable, ListTabs, useListController } from "../platform/list";
import { Page } from "../platform/page";
import { parentLink, type PartRow } from "./api";

const VIEWS = [
  { value: "history_all", label: "All" },
  { value: "history_hidden", label: "Hidden" },
  { value: "history_stock", label: "Stock" },
];

/** /partHistory (002 §2 Part History): every part, newest first, with the view switch All, Hidden (quote parts a job card took over), Stock. */
export function PartHistoryPage() {
  // All is the default tab (left out of the address): sent as a fixed value the tab's own value replaces.
  const rows = useListController<PartRow>({ resource: "parts", filters: ["view"], tabs: ["view"], fixed: { view: "history_all" }, errorMessage: "There was an error" });
  return (
    <Page title="Part History">
      <ListTabs list={rows} param="view" label="Part history view" tabs={VIEWS} />
      <Stack gap="xs">
        <ListTable<PartRow>
          label="Part history"
          loading={rows.isLoading}
          error={rows.isError}
          rows={rows.results}
          empty="No parts."
          columns={[
            { key: "row_id", header: "Id", render: (p) => <Anchor component={Link} to={parentLink(p)}>{p.row_id}</Anchor> },
            { key: "name", header: "Name", render: (p) => p.name },
            { key: "part_number", header: "Part Number", render: (p) => p.part_number },
            { key: "supplier", header: "Supplier", render: (p) => p.supplier?.display_name },
            { key: "invoice", header: "Invoice No", render: (p) => p.part_invoice_number },
            { key: "date_ordered", header: "Date Ordered", render: (p) => formatDate(p.date_ordered) },
            { key: "cost", header: "Cost", render: (p) => formatMoney(p.cost ?? 0) },
            { key: "approved", header: "Approved", render: (p) => (p.approved ? "Yes" : "") },
          ]}
        />
        <ListPager list={rows} noun={["part", "parts"]} />
      </Stack>
    </Page>
  );
}
