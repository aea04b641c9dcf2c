import { Button, Stack } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import { DEFAULT_PART_ORDER_VIEW } from "../../../core/workshop/partorder-rules";
import type { PartOrderAnswer } from "../../../core/workshop/types";
import type { ApiRecord } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import { ListColumnFilter, ListDepartmentFilter, ListPager, ListRecordFilter, ListSearch, ListTable, ListTabs, ListToolbar, useListController, type FilterOption } from "../platform/list";
import { Page } from "../platform/page";

/** A part order as its list answers it: inferred from the part order definition (core/workshop/types.ts). */
type OrderRow = ApiRecord & PartOrderAnswer;

/** 002 §2 Part orders: the four views (the server's PART_ORDER_VIEWS keys); ORDERS first. */
const VIEW_TABS = [
  { value: "ORDERS", label: "Orders" },
  { value: "QUOTES", label: "Quotes" },
  { value: "COMPLETE", label: "Complete" },
  { value: "ENQUIRY", label: "Enquiry" },
];

const contactName = (c: ApiRecord & { display_name?: string }) => c.display_name ?? "";

/** /partorders (002 §2 Part orders): views, department, search, customer and creator column filters, 25 a page; rows open the order. */
export function PartOrdersListPage() {
  const navigate = useNavigate();
  const list = useListController<OrderRow>({
    resource: "partorder",
    filters: ["view", "department", "customer", "creator"],
    tabs: ["view"],
    errorMessage: "There was an error getting part order data",
  });
  const creators = ((list.answer?.filter_list as { creator?: FilterOption[] } | undefined)?.creator ?? []);

  const columns = [
    { key: "id", header: "Order No." },
    { key: "date_created", header: "Date Created" },
    { key: "customer", header: <ListRecordFilter list={list} param="customer" title="Customer" resource="customersearch" itemLabel={contactName} /> },
    { key: "customer_vehicle", header: "Registration" },
    { key: "order_number", header: "Order Number" },
    { key: "description", header: "Description" },
    { key: "department", header: "Department" },
    { key: "creator", header: <ListColumnFilter list={list} param="creator" title="Creator" options={creators} width={170} /> },
    { key: "status", header: "Status" },
    { key: "cost", header: "Cost" },
    { key: "charge", header: "Charge" },
  ];

  return (
    <Page
      title="Part Orders"
      actions={
        <Button component={Link} to="/editpartorder">
          New Part Order +
        </Button>
      }
    >
      <ListToolbar>
        <ListTabs list={list} param="view" label="View" tabs={VIEW_TABS} defaultValue={DEFAULT_PART_ORDER_VIEW} />
        <ListDepartmentFilter list={list} />
        <ListSearch list={list} buttons />
      </ListToolbar>
      <Stack gap="xs">
        <ListTable<OrderRow>
          label="Part orders"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No part orders in this view."
          columns={columns}
          renderRow={(o) => (
            <tr key={o.id} style={{ cursor: "pointer" }} onClick={() => navigate(`/editpartorder/${o.id}`)}>
              <td>
                <Link to={`/editpartorder/${o.id}`} onClick={(e) => e.stopPropagation()}>
                  {o.id}
                </Link>
              </td>
              <td>{formatDate(o.date_created)}</td>
              <td>{o.customer?.display_name ?? ""}</td>
              <td>{o.customer_vehicle ?? ""}</td>
              <td>{o.order_number ?? ""}</td>
              <td>{o.description ?? ""}</td>
              <td>{o.department?.name ?? ""}</td>
              <td>{o.creator?.name ?? ""}</td>
              <td>{o.status}</td>
              <td>{formatMoney(o.total_part_cost ?? 0)}</td>
              <td>{formatMoney(o.total_part_customer_charge ?? 0)}</td>
            </tr>
          )}
        />
        <ListPager list={list} noun={["part order", "part orders"]} />
      </Stack>
    </Page>
  );
}
