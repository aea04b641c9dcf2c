import { Stack } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";
import type { AccountBalanceRow } from "../../../core/contacts/types";
import { formatMoney } from "../platform/format";
import { ListPager, ListSearch, ListTable, useListController } from "../platform/list";
import { Page } from "../platform/page";

/** A row as GET accountbalance answers it, inferred from the contact's definition. */
type Row = AccountBalanceRow;

/** /accountbalance (003 §2): customers with credit limit and outstanding balance; a row opens the contact. */
export function AccountBalancePage() {
  const navigate = useNavigate();
  const list = useListController<Row>({ resource: "accountbalance" });
  return (
    <Page title="Customer Account Balance">
      <ListSearch list={list} placeholder="Display name" />
      <Stack gap="xs">
        <ListTable<Row>
          label="Customer Account Balance"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No customers found."
          columns={[
            { key: "display_name", header: "Display name" },
            { key: "company_phone", header: "Company phone" },
            { key: "credit_limit", header: "Credit limit" },
            { key: "outstanding_balance", header: "Outstanding balance" },
            { key: "partial_contact", header: "Partial contact" },
          ]}
          renderRow={(r) => (
            <tr key={r.id} style={{ cursor: "pointer" }} onClick={() => navigate(`/editcontact/${r.id}`)}>
              <td>
                <Link to={`/editcontact/${r.id}`} onClick={(e) => e.stopPropagation()}>
                  {r.display_name}
                </Link>
              </td>
              <td>{r.company_phone ?? ""}</td>
              <td>{formatMoney(r.credit_limit ?? 0)}</td>
              <td>{formatMoney(r.outstanding_balance ?? 0)}</td>
              <td>{r.partial_contact ? "Yes" : "No"}</td>
            </tr>
          )}
        />
        <ListPager list={list} noun={["customer", "customers"]} />
      </Stack>
    </Page>
  );
}
