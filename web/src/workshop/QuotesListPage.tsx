import type { QuoteAnswer } from "../../../core/workshop/types";
import { Button, Stack } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import { DEFAULT_QUOTE_VIEW, QUOTE_MESSAGES, QUOTE_TYPES, rowColour } from "../../../core/workshop/quote-rules";
import { useApiMutation, type ApiRecord } from "../platform/api";
import { formatDate } from "../platform/format";
import { ListColumnFilter, ListDepartmentFilter, ListPager, ListRecordFilter, ListSearch, ListTable, ListTabs, ListToolbar, useListController, type FilterOption } from "../platform/list";
import { Page } from "../platform/page";
import { nameOf, QUOTE_ROW_COLOURS } from "./quote-display";
import { personName } from "../../../core/platform/people";
import { CustomerDecisionBadge } from "./approval/QuoteApproval";

type QuoteRow = ApiRecord & QuoteAnswer;

/** 002 §2 Quotes list views (the server's QUOTE_VIEWS keys); Active is the default (002 §9). */
const VIEW_TABS = [
  { value: "active", label: "Active" },
  { value: "to_be_priced", label: "To Be Priced" },
  { value: "quotes", label: "Quotes" },
  { value: "approved", label: "Approved" },
  { value: "all", label: "All" },
];


/** The Priced button of a To Be Priced row: PUT quotes/{id} with priced true and the row's last_saved (002 §4, §7). */
function PricedButton({ row }: { row: QuoteRow }) {
  const priced = useApiMutation<{ id: number; priced: true; last_saved: string | null }>("PUT", (q) => `quotes/${q.id}`, { resource: "quotes", errorMessage: QUOTE_MESSAGES.pricedFailed });
  return (
    <Button
      size="compact-xs"
      loading={priced.isPending}
      aria-label={`Priced ${row.id}`}
      onClick={(e) => {
        e.stopPropagation();
        priced.mutate({ id: row.id, priced: true, last_saved: row.last_saved });
      }}
    >
      Priced
    </Button>
  );
}

const contactName = (c: ApiRecord & { display_name?: string }) => c.display_name ?? "";

/** /quotes (002 §2 Quotes list): views, department, search, column filters, row colours, Priced. */
export function QuotesListPage() {
  const navigate = useNavigate();
  const list = useListController<QuoteRow>({
    resource: "quotes",
    filters: ["view", "department", "customer", "customer2", "quote_type"],
    tabs: ["view"],
    errorMessage: "There was an error",
  });
  const view = list.filters.view ?? DEFAULT_QUOTE_VIEW;
  const typeOptions: FilterOption[] = QUOTE_TYPES.map((t) => ({ value: t, label: t }));
  const approved = view === "approved";

  const columns = [
    { key: "id", header: "Job No." },
    { key: "registration", header: "Registration" },
    { key: "description", header: "Description" },
    { key: "customer_decision", header: "Customer Answer" },
    { key: "earliest_workshop_date", header: "Earliest Workshop Date" },
    { key: "provisional_start_date", header: "Provisional Start Date" },
    { key: "not_started_work_items", header: "Items Not Started" },
    { key: "quote_type", header: <ListColumnFilter list={list} param="quote_type" title="Quote Type" options={typeOptions} width={130} /> },
    { key: "comments", header: "Comments" },
    { key: "customer", header: <ListRecordFilter list={list} param="customer" title="Customer" resource="customersearch" itemLabel={contactName} /> },
    { key: "customer2", header: <ListRecordFilter list={list} param="customer2" title="Customer2" resource="customersearch" itemLabel={contactName} /> },
    { key: "invoices", header: "Customer Invoice Numbers" },
    { key: "make", header: "Make" },
    { key: "model", header: "Model" },
    ...(approved ? [{ key: "approver", header: "Approver" }] : []),
    ...(view === "to_be_priced" ? [{ key: "priced", header: "" }] : []),
  ];

  return (
    <Page
      title="Quotes"
      actions={
        <Button component={Link} to="/editquote">
          New Quote
        </Button>
      }
    >
      <ListToolbar>
        <ListTabs list={list} param="view" label="View" tabs={VIEW_TABS} defaultValue={DEFAULT_QUOTE_VIEW} />
        <ListDepartmentFilter list={list} />
        <ListSearch list={list} buttons />
      </ListToolbar>
      <Stack gap="xs">
        <ListTable<QuoteRow>
          label="Quotes"
          pin={{ start: 2 }}
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No quotes in this view."
          columns={columns}
          renderRow={(q) => {
            const state = rowColour({ ready_for_approval: !!q.ready_for_approval, has_finished_and_not_started_jobs: !!q.has_finished_and_not_started_jobs, has_jobs: !!q.has_jobs });
            const colour = state ? QUOTE_ROW_COLOURS[state] : undefined;
            return (
              <tr key={q.id} data-row-colour={state ?? "none"} style={{ cursor: "pointer", background: colour }} onClick={() => navigate(`/editquote/${q.id}`)}>
                <td>
                  <Link to={`/editquote/${q.id}`} onClick={(e) => e.stopPropagation()}>
                    {q.id}
                  </Link>
                </td>
                <td>{q.vehicle?.registration ?? q.registration ?? ""}</td>
                <td>{q.description ?? ""}</td>
                <td>
                  <CustomerDecisionBadge decision={q.customer_decision} />
                </td>
                <td>{formatDate(q.earliest_workshop_date)}</td>
                <td>{formatDate(q.provisional_start_date)}</td>
                <td>{q.not_started_work_items ?? ""}</td>
                <td>{q.quote_type ?? ""}</td>
                <td>{q.latest_comment ?? q.comments ?? ""}</td>
                <td>{nameOf(q.customer)}</td>
                <td>{nameOf(q.customer2)}</td>
                <td>{[q.customer_invoice_number, q.customer2_invoice_number].filter(Boolean).join(" / ")}</td>
                <td>{nameOf(q.vehicle?.make ?? q.make, "name")}</td>
                <td>{nameOf(q.vehicle?.model ?? q.model, "name")}</td>
                {approved && <td>{personName(q.approving_user)}</td>}
                {view === "to_be_priced" && (
                  <td>
                    <PricedButton row={q} />
                  </td>
                )}
              </tr>
            );
          }}
        />
        <ListPager list={list} noun={["quote", "quotes"]} />
      </Stack>
    </Page>
  );
}
