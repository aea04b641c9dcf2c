import { Button, Group, Paper, Stack } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { INVOICE_VIEWS, approveRuleResult } from "../../../../core/accounts/invoice-definitions";
import { CustomerPicker } from "../../contacts/pickers";
import { INVOICES_LIST } from "./queries";
import { formatDate, formatMoney } from "../../platform/format";
import { ListDepartmentFilter, ListPager, ListSearch, ListTable, ListTabs, useListController, type Column } from "../../platform/list";
import { confirmDelete } from "../../platform/modal";
import { Page } from "../../platform/page";
import { toastWarning } from "../../platform/toast";
import { useInvoiceCalls, type InvoiceRow } from "./api";
import { CreditModal, InvoiceModal, PartListModal } from "./modals";
import { personName } from "../../../../core/platform/people";

export const ACTIVE_VIEW_TITLES: Record<string, string> = { movement: "Movement Invoices", sales: "Vehicle Sales Invoices", order: "Parts Invoices", hire: "Hire Invoices" };
const VIEWS = INVOICE_VIEWS.map((v) => ({ value: v.value, label: v.label }));
const STATE_LABEL = { NOTAPPROVED: "Not Approved", READY: "Ready to Invoice", APPROVED: "Approved" } as const;


/**
 * /invoices?activeView=hire|movement|sales|order (003 §2 Invoicing page):
 * views All, Approved, Ready to Invoice, Not Approved; department, search
 * and the customer column filter; not approved invoices are edited,
 * deleted and made ready, ready ones approved (the 003 §5 rules shown
 * before sending, as the server refuses them); approved ones are
 * read-only and credited through the credit modal; a part order invoice
 * opens its part list.
 */
export function InvoicesPage() {
  const [sp] = useSearchParams();
  const activeView = sp.get("activeView") ?? "";
  const list = useListController<InvoiceRow>(INVOICES_LIST);
  const calls = useInvoiceCalls();
  const [editing, setEditing] = useState<InvoiceRow | null>(null);
  const [crediting, setCrediting] = useState<InvoiceRow | null>(null);
  const [parts, setParts] = useState<number | null>(null);
  const [customerText, setCustomerText] = useState("");

  const ready = (r: InvoiceRow) => calls.ready.mutate(calls.batchOf([r]));
  const approve = (r: InvoiceRow) => {
    // The server's rules, shown before sending (003 §5).
    const refused = approveRuleResult(r, r.customer_detail);
    if (refused) return toastWarning(refused.message);
    calls.approve.mutate(calls.batchOf([r]));
  };
  const remove = async (r: InvoiceRow) => {
    if (await confirmDelete(`invoice ${r.invoice_number ?? r.id}`)) calls.remove.mutate(r.id);
  };

  const columns: Column<InvoiceRow>[] = [
    { key: "invoice_number", header: "Invoice no." },
    { key: "invoice_date", header: "Invoice date" },
    {
      key: "customer",
      header: (
        <CustomerPicker
          label="Customer"
          placeholder="Filter"
          search={customerText}
          onSearchChange={(s) => {
            setCustomerText(s);
            if (!s) list.setFilter("customer", null);
          }}
          onChange={(c) => c && list.setFilter("customer", String(c.id))}
        />
      ),
    },
    { key: "description", header: "Description" },
    { key: "amount", header: "Amount" },
    { key: "vat", header: "VAT" },
    { key: "no_vat_amount", header: "No VAT" },
    { key: "total", header: "Total" },
    { key: "outstanding", header: "Outstanding" },
    { key: "payment_date", header: "Due" },
    { key: "istate", header: "State" },
    { key: "actions", header: "" },
  ];

  return (
    <Page title={ACTIVE_VIEW_TITLES[activeView] ?? "Invoices"}>
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListTabs list={list} param="view" label="View" tabs={VIEWS} />
          <ListDepartmentFilter list={list} />
          <ListSearch list={list} placeholder="Invoice number or customer" />
        </Group>
      </Paper>
      <Stack gap="xs">
        <ListTable<InvoiceRow>
          label="Invoices"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No invoices."
          columns={columns}
          renderRow={(r) => (
            <tr key={r.id} aria-label={`Invoice ${r.invoice_number ?? r.id}`} data-state={r.istate}>
              <td>{r.invoice_number ?? ""}</td>
              <td>{formatDate(r.invoice_date)}</td>
              <td>{r.customer_detail?.display_name ?? ""}</td>
              <td style={{ maxWidth: 240 }}>{r.description ?? ""}</td>
              <td>{formatMoney(r.amount ?? 0)}</td>
              <td>{formatMoney(r.vat)}</td>
              <td>{formatMoney(r.no_vat_amount ?? 0)}</td>
              <td>{formatMoney(r.total)}</td>
              <td>{formatMoney(r.outstanding)}</td>
              <td>{formatDate(r.payment_date)}</td>
              <td>
                {STATE_LABEL[r.istate]}
                {personName(r.approver) ? ` (${personName(r.approver)})` : ""}
              </td>
              <td>
                <Group gap={4} wrap="nowrap">
                  {r.part_order ? (
                    <Button size="compact-xs" variant="default" onClick={() => setParts(r.part_order)}>
                      Parts
                    </Button>
                  ) : null}
                  {r.istate === "APPROVED" ? (
                    <Button size="compact-xs" onClick={() => setCrediting(r)}>
                      Credit
                    </Button>
                  ) : (
                    <>
                      <Button size="compact-xs" variant="default" onClick={() => setEditing(r)}>
                        Edit
                      </Button>
                      {r.istate === "NOTAPPROVED" ? (
                        <Button size="compact-xs" onClick={() => ready(r)} loading={calls.ready.isPending}>
                          Ready
                        </Button>
                      ) : (
                        <Button size="compact-xs" color="green" onClick={() => approve(r)} loading={calls.approve.isPending}>
                          Approve
                        </Button>
                      )}
                      <Button size="compact-xs" color="red" variant="light" onClick={() => void remove(r)}>
                        Delete
                      </Button>
                    </>
                  )}
                </Group>
              </td>
            </tr>
          )}
        />
        <ListPager list={list} noun={["invoice", "invoices"]} />
      </Stack>
      {editing ? <InvoiceModal row={editing} onClose={() => setEditing(null)} /> : null}
      {crediting ? <CreditModal invoice={crediting} onClose={() => setCrediting(null)} /> : null}
      {parts ? <PartListModal partOrder={parts} onClose={() => setParts(null)} /> : null}
    </Page>
  );
}
