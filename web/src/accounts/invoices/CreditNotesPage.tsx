import { Button, Group, Paper, Stack } from "@mantine/core";
import { useState } from "react";
import { CREDIT_APPROVED_FILTER, CREDIT_VIEWS } from "../../../../core/accounts/credit-definitions";
import { formatDate, formatMoney } from "../../platform/format";
import { ListDepartmentFilter, ListPager, ListTable, ListTabs, useListController, type Column } from "../../platform/list";
import { confirmDelete } from "../../platform/modal";
import { Page } from "../../platform/page";
import { toastWarning } from "../../platform/toast";
import { useCreditCalls, type CreditRow } from "./api";
import { CreditModal, creditApproveWarning } from "./modals";
import { personName } from "../../../../core/platform/people";

const STATE_LABEL = { NOTAPPROVED: "Not Approved", READY: "Ready to Approve", APPROVED: "Approved" } as const;
const KIND_LABEL: Record<string, string> = { ...Object.fromEntries(CREDIT_VIEWS.map((v) => [v.value, v.label])), INVOICE: "Invoice" };


/**
 * /credit (003 §2 Credit Notes): the approved-state filter (Not Approved,
 * Ready to Approve, Approved), the view filter (Transaction, Movement
 * Invoice, Vehicle Sale Invoice, Work Items, Parts; A10) and the
 * department; each credit note edited, made ready and approved (003 §5
 * messages before sending); delete disabled once approved.
 */
export function CreditNotesPage() {
  const list = useListController<CreditRow>({ resource: "credit", filters: ["approved", "view", "department"], tabs: ["approved", "view"], errorMessage: "There was an error" });
  const calls = useCreditCalls();
  const [editing, setEditing] = useState<CreditRow | null>(null);

  const approve = (c: CreditRow) => {
    const warning = creditApproveWarning(c);
    if (warning) return toastWarning(warning);
    calls.approve.mutate(calls.batchOf([c]));
  };
  const remove = async (c: CreditRow) => {
    if (await confirmDelete(`credit note ${c.credit_note_number ?? c.id}`)) calls.remove.mutate(c.id);
  };
  const columns: Column<CreditRow>[] = ["Credit note no.", "Date issued", "Credits", "Contact", "Description", "Amount", "VAT", "No VAT", "Total", "State", ""].map((header, i) => ({ key: String(i), header }));

  return (
    <Page title="Credit Notes">
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ListTabs list={list} param="approved" label="Approved state" tabs={[{ value: "", label: "All" }, ...CREDIT_APPROVED_FILTER.map((a) => ({ value: a.value, label: a.label }))]} />
          <ListTabs list={list} param="view" label="View" tabs={[{ value: "", label: "All" }, ...CREDIT_VIEWS.map((v) => ({ value: v.value, label: v.label }))]} />
          <ListDepartmentFilter list={list} />
        </Group>
      </Paper>
      <Stack gap="xs">
        <ListTable<CreditRow>
          label="Credit notes"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No credit notes."
          columns={columns}
          renderRow={(c) => (
            <tr key={c.id} aria-label={`Credit note ${c.credit_note_number ?? c.id}`} data-state={c.cstate}>
              <td>{c.credit_note_number ?? ""}</td>
              <td>{formatDate(c.date_issued)}</td>
              <td>
                {(c.kind && KIND_LABEL[c.kind]) ?? c.kind} {c.invoice ?? c.transaction ?? c.work_item ?? c.part ?? ""}
              </td>
              <td>{c.contact_detail?.display_name ?? ""}</td>
              <td style={{ maxWidth: 240 }}>{c.description ?? ""}</td>
              <td>{formatMoney(c.amount ?? 0)}</td>
              <td>{formatMoney(c.vat)}</td>
              <td>{formatMoney(c.no_vat_amount ?? 0)}</td>
              <td>{formatMoney(c.total)}</td>
              <td>
                {STATE_LABEL[c.cstate]}
                {personName(c.approver) ? ` (${personName(c.approver)})` : ""}
              </td>
              <td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="default" disabled={c.approved} onClick={() => setEditing(c)}>
                    Edit
                  </Button>
                  {c.cstate === "NOTAPPROVED" ? (
                    <Button size="compact-xs" onClick={() => calls.ready.mutate(calls.batchOf([c]))} loading={calls.ready.isPending}>
                      Ready
                    </Button>
                  ) : null}
                  {c.cstate === "READY" ? (
                    <Button size="compact-xs" color="green" onClick={() => approve(c)} loading={calls.approve.isPending}>
                      Approve
                    </Button>
                  ) : null}
                  <Button size="compact-xs" color="red" variant="light" disabled={c.approved} onClick={() => void remove(c)}>
                    Delete
                  </Button>
                </Group>
              </td>
            </tr>
          )}
        />
        <ListPager list={list} noun={["credit note", "credit notes"]} />
      </Stack>
      {editing ? <CreditModal row={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
