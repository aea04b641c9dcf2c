import type { NominalCodeRecord } from "../../../core/settings/types";
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { WORK_MESSAGES, batchRules, sideOf, type Candidate, type WorkRuleResult } from "../../../core/accounts/work-rules";
import { formatPounds, sum } from "../../../core/platform/money";
import { DateField } from "../platform/form";
import { confirmAction } from "../platform/modal";
import { useApiMutation, useList, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney } from "../platform/format";
import { ListDepartmentFilter, ListPager, ListTable, ListTabs, ListToolbar, useListController } from "../platform/list";
import { Page } from "../platform/page";
import { toastWarning } from "../platform/toast";
import { personName } from "../../../core/platform/people";
import type { WorkApprovalRow } from "../../../core/accounts/types";
import { CreditModal, type CreditedWorkItem } from "./invoices/modals";

/**
 * Workshop Expenses (/po) and Workshop Invoicing (/invoicing): one screen
 * (003 §2). Views (po: Current, Approval Needed, Approved; invoice: Current,
 * Ready To Invoice, Approved), department; a row opens its job
 * (/editjob/{job}); Approve opens the modal over every work item of the
 * row's job. The modal checks the batch with the server's own rules
 * (core/accounts/work-rules.ts) before sending and shows their message;
 * the server checks again and answers with the same messages. An invoiced
 * item can be credited (003 §4) from where it lives: Credit on its row of
 * the Approved view and in the job's modal opens the shared credit modal
 * (POST credit with `work_item`; the credit note is then readied and
 * approved on /credit like every other).
 */

/** A work item as GET work answers it: inferred from the work item definition (core/accounts/types.ts). */
type WorkRow = ApiRecord & WorkApprovalRow;
type Kind = "po" | "invoice";

const VIEWS: Record<Kind, Array<{ value: string; label: string }>> = {
  po: [
    { value: "current", label: "Current" },
    { value: "approval", label: "Approval Needed" },
    { value: "approved", label: "Approved" },
  ],
  invoice: [
    { value: "current", label: "Current" },
    { value: "ready", label: "Ready To Invoice" },
    { value: "approved", label: "Approved" },
  ],
};

const nameOf = (c: unknown) => (c && typeof c === "object" ? String((c as Record<string, unknown>).display_name ?? "") : "");
const personOf = personName;
const idOf = (v: unknown): number | null => (typeof v === "number" ? v : v && typeof v === "object" && typeof (v as { id?: unknown }).id === "number" ? (v as { id: number }).id : null);
const invoiceNumberOf = (w: WorkRow): string | null => (w.chargeable && w.customer2 ? w.customer2_invoice_number : w.customer_invoice_number) ?? null;
/** An invoiced item (not a credit item itself) can be credited: 003 §4 "Approved invoice items can be credited". */
const creditable = (w: WorkRow) => !!w.invoice_approved && !w.credit;
const creditedOf = (w: WorkRow): CreditedWorkItem => ({
  id: w.id,
  job: w.job,
  description: w.description ?? null,
  invoice_number: invoiceNumberOf(w),
  customer_labour_cost: w.customer_labour_cost ?? null,
  customer_nominal_code: idOf(w.customer_nominal_code),
});

export function WorkApprovalsPage() {
  const kind: Kind = useLocation().pathname.startsWith("/po") ? "po" : "invoice";
  const navigate = useNavigate();
  const list = useListController<WorkRow>({ resource: "work", filters: ["view", "department", "negative"], tabs: ["view"], fixed: { type: kind, ignore: "false" }, errorMessage: "There was an error" });
  const view = list.filters.view ?? "current";
  const [jobOpen, setJobOpen] = useState<number | null>(null);
  const [crediting, setCrediting] = useState<CreditedWorkItem | null>(null);
  const approved = view === "approved";
  const columns = [
    { key: "job", header: "Job No." },
    { key: "registration", header: "Registration" },
    { key: "description", header: "Description" },
    { key: "workshop_date", header: "Workshop Date" },
    { key: "party", header: kind === "po" ? "Workshop" : "Customer" },
    { key: "work_type", header: "Work Type" },
    { key: "cost", header: kind === "po" ? "Labour Cost" : "Labour Charge" },
    { key: "number", header: kind === "po" ? "Workshop Invoice No." : "Invoice No." },
    ...(approved ? [{ key: "approver", header: "Approver" }] : []),
    { key: "approve", header: "" },
  ];

  return (
    <Page title={kind === "po" ? "Workshop Expenses" : "Workshop Invoicing"}>
      <ListToolbar>
        <ListTabs list={list} param="view" label="View" tabs={VIEWS[kind]} defaultValue="current" />
        <ListDepartmentFilter list={list} />
        <Checkbox label="Credits only" size="xs" checked={list.filters.negative === "true"} onChange={(e) => list.setFilter("negative", e.currentTarget.checked ? "true" : null)} />
      </ListToolbar>
      <Stack gap="xs">
        <ListTable<WorkRow>
          label={kind === "po" ? "Workshop expenses" : "Workshop invoicing"}
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No work items in this view."
          columns={columns}
          renderRow={(w) => (
            <tr key={w.id} style={{ cursor: "pointer" }} onClick={() => navigate(`/editjob/${w.job}`)}>
              <td>
                <Link to={`/editjob/${w.job}`} onClick={(e) => e.stopPropagation()}>
                  {w.job}
                </Link>
              </td>
              <td>{w.registration ?? ""}</td>
              <td>{w.description ?? ""}</td>
              <td>{formatDate(w.workshop_date)}</td>
              <td>{kind === "po" ? nameOf(w.workshop) : nameOf(w.billed_customer)}</td>
              <td>{w.work_type?.name ?? ""}</td>
              <td>{formatMoney(kind === "po" ? w.labour_cost : w.customer_labour_cost)}</td>
              <td>{kind === "po" ? (w.workshop_invoice_number ?? "") : ((w.chargeable && w.customer2 ? w.customer2_invoice_number : w.customer_invoice_number) ?? "")}</td>
              {approved && <td>{personOf(kind === "po" ? w.po_approver : w.invoice_approver)}</td>}
              <td>
                <Button
                  size="compact-xs"
                  aria-label={`Approve job ${w.job}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setJobOpen(w.job);
                  }}
                >
                  {approved ? "View" : "Approve"}
                </Button>
                {kind === "invoice" && creditable(w) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    ml={4}
                    aria-label={`Credit ${w.description ?? `work item ${w.id}`} of job ${w.job}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setCrediting(creditedOf(w));
                    }}
                  >
                    Credit
                  </Button>
                )}
              </td>
            </tr>
          )}
        />
        <ListPager list={list} noun={["work item", "work items"]} />
      </Stack>
      {jobOpen !== null && (
        <ApprovalModal
          kind={kind}
          jobId={jobOpen}
          onClose={() => setJobOpen(null)}
          onCredit={(w) => {
            setJobOpen(null);
            setCrediting(creditedOf(w));
          }}
        />
      )}
      {crediting && <CreditModal workItem={crediting} onClose={() => setCrediting(null)} />}
    </Page>
  );
}

type Edits = Record<number, { nominal: number | null; parts: Record<number, number | null> }>;

/**
 * The approval modal (003 §2, §5): every work item of the job with its
 * parts, a nominal code for each (supplier codes for expenses, customer
 * codes for invoicing) and, for expenses, the workshop's invoice number
 * and dates. Approving sends the ticked items; invoicing first makes them
 * ready (which issues the customer invoice numbers), then approves.
 */
function ApprovalModal({ kind, jobId, onClose, onCredit }: { kind: Kind; jobId: number; onClose: () => void; onCredit: (w: WorkRow) => void }) {
  const items = useList<WorkRow>("work", { job: jobId, type: kind }, { errorMessage: "There was an error" });
  const nominals = useList<NominalCodeRecord>("nominal", { page_size: 1000 }, { errorMessage: "There was an error" });
  const rows = useMemo(() => items.data?.results ?? [], [items.data]);
  const codeField = kind === "po" ? "supplier_nominal_code" : "customer_nominal_code";
  const done = (w: WorkRow) => (kind === "po" ? !!w.po_approved : !!w.invoice_approved);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [edits, setEdits] = useState<Edits>({});
  const [job, setJob] = useState({ workshop_invoice_number: "", workshop_invoice_date: "", job_workshop_payment_date: "" });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  // The nominal code selects a refusal names (issue 24 item 9), keyed `w<item id>` / `p<part id>`: cleared as each is chosen.
  const [marked, setMarked] = useState<Record<string, string>>({});
  const unmark = (key: string) =>
    setMarked((prev) => {
      const next = { ...prev };
      delete next[key];
      return next;
    });

  useEffect(() => {
    if (!rows.length) return;
    setPicked(new Set(rows.filter((w) => !done(w)).map((w) => w.id)));
    setEdits(Object.fromEntries(rows.map((w) => [w.id, { nominal: idOf(w[codeField]), parts: Object.fromEntries((w.parts ?? []).map((p) => [p.id, idOf(p[codeField])])) }])));
    const first = rows[0];
    setJob({ workshop_invoice_number: first.workshop_invoice_number ?? "", workshop_invoice_date: first.workshop_invoice_date ?? "", job_workshop_payment_date: first.job_workshop_payment_date ?? "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choices are reset when the rows change; codeField and done follow kind, fixed while the modal shows these rows
  }, [rows]);

  const options = [{ value: "", label: "Nominal code" }, ...(nominals.data?.results ?? []).map((n) => ({ value: String(n.id), label: `${n.code} ${n.name}` }))];
  const chosen = rows.filter((w) => picked.has(w.id));
  /** The batch as sent: each item's id and last_saved with the flag (approve) and the modal's inputs. */
  const batch = (flag: Record<string, boolean>) =>
    chosen.map((w) => ({
      id: w.id,
      last_saved: w.last_saved,
      ...flag,
      [codeField]: edits[w.id]?.nominal ?? null,
      parts: (w.parts ?? []).map((p) => ({ id: p.id, [codeField]: edits[w.id]?.parts[p.id] ?? null })),
      ...(kind === "po" ? { workshop_invoice_number: job.workshop_invoice_number || null, workshop_invoice_date: job.workshop_invoice_date || null, job_workshop_payment_date: job.job_workshop_payment_date || null } : {}),
    }));
  /** The rules the server runs, on the items as they will be sent (003 §5). */
  const check = (step: "ready" | Kind, flag: Record<string, boolean>) => {
    const sent = batch(flag);
    const asSent = (w: WorkRow): Candidate["item"] => ({ ...w, [codeField]: edits[w.id]?.nominal ?? null, parts: (w.parts ?? []).map((p) => ({ ...p, [codeField]: edits[w.id]?.parts[p.id] ?? null })) });
    const jobNow = { jstate: rows[0]?.job_state, workshop_invoice_number: job.workshop_invoice_number || null, workshop_invoice_date: job.workshop_invoice_date || null };
    const candidates: Candidate[] = chosen.map((w) => ({ item: asSent(w), job: jobNow, jobItems: rows, billed: w.billed_customer ?? null }));
    if (step !== "ready" && !sideOf(sent)) return { message: WORK_MESSAGES.side, errors: {} } as NonNullable<WorkRuleResult>;
    return batchRules(step, candidates);
  };
  /** A refusal's errors on nominal codes, as the select each belongs to (`<index>.<field>`, `<index>.parts.<k>.<field>`). */
  const marksOf = (errors: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [key, message] of Object.entries(errors)) {
      const m = /^(\d+)\.(?:parts\.(\d+)\.)?(supplier|customer)_nominal_code$/.exec(key);
      const w = m ? chosen[Number(m[1])] : undefined;
      if (!m || !w) continue;
      const part = m[2] !== undefined ? (w.parts ?? [])[Number(m[2])] : undefined;
      out[part ? `p${part.id}` : `w${w.id}`] = message;
    }
    return out;
  };
  /** What the ticked items come to (issue 24 item 9: the total shown before approving): labour and parts, before VAT. */
  const total = sum(...chosen.flatMap((w) => [kind === "po" ? w.labour_cost : w.customer_labour_cost, ...(w.parts ?? []).map((p) => (kind === "po" ? p.cost : p.customer_cost))].map((v) => v ?? 0)));

  const after = (res: { warnings?: string[] }) => {
    setRefusal(null);
    setWarnings(res.warnings ?? []);
    for (const w of res.warnings ?? []) toastWarning(w);
    void items.refetch();
  };
  const ready = useApiMutation<unknown[], { warnings?: string[] }>("PUT", "work/readytoapprove", { resource: "work", errorMessage: "There was an error" });
  const approve = useApiMutation<unknown[], { warnings?: string[] }>("PUT", "work/approve", { resource: "work", invalidates: ["jobs"], errorMessage: "There was an error" });
  const send = async (step: "ready" | Kind) => {
    const flag: Record<string, boolean> = step === "ready" ? {} : kind === "po" ? { po_approved: true } : { invoice_approved: true };
    const refused = check(step, flag);
    if (refused) {
      // The spec's message over the table, and each nominal code missing named at its select (not as a toast).
      setRefusal(refused.message);
      setMarked(marksOf(refused.errors));
      return;
    }
    setMarked({});
    // Invoice approval issues the invoice and sends it to Xero: it asks first, with the total (issue 24 item 9).
    if (step === "invoice") {
      const n = chosen.length;
      const ok = await confirmAction({
        title: "Approve invoice",
        message: `Approve ${n} work item${n === 1 ? "" : "s"} of job ${jobId} for invoicing? Invoice total ${formatPounds(total)} before VAT.`,
        confirmLabel: "Approve invoice",
        danger: false,
      });
      if (!ok) return;
    }
    const m = step === "ready" ? ready : approve;
    m.mutate(batch(flag), { onSuccess: after, onError: (e) => setRefusal(e instanceof Error ? e.message : String(e)) });
  };

  return (
    <Modal opened onClose={onClose} title={`Job ${jobId}: ${kind === "po" ? "approve expenses" : "approve for invoicing"}`} size="80rem">
      <Stack gap="sm">
        {refusal && (
          <Alert color="yellow" title="Warning!" role="status">
            {refusal}
            {Object.keys(marked).length > 0 && (
              <ul aria-label="Nominal codes missing" style={{ margin: "4px 0 0", paddingLeft: 18 }}>
                {Object.entries(marked).map(([k, m]) => (
                  <li key={k}>{m}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {warnings.map((w) => (
          <Alert key={w} color="yellow" role="status">
            {w}
          </Alert>
        ))}
        {kind === "po" && (
          <Group gap="sm" align="flex-end">
            <TextInput label="Workshop Invoice Number" size="xs" value={job.workshop_invoice_number} onChange={(e) => setJob({ ...job, workshop_invoice_number: e.currentTarget.value })} />
            <DateField label="Workshop Invoice Date" size="xs" value={job.workshop_invoice_date} onChange={(d) => setJob({ ...job, workshop_invoice_date: d })} />
            <DateField label="Payment Date" size="xs" value={job.job_workshop_payment_date} onChange={(d) => setJob({ ...job, job_workshop_payment_date: d })} />
          </Group>
        )}
        {items.isLoading ? (
          <Text size="sm">Loading…</Text>
        ) : (
          <Table withTableBorder fz="sm" aria-label="Work items of the job">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Description</Table.Th>
                <Table.Th>Work Type</Table.Th>
                <Table.Th>{kind === "po" ? "Labour Cost" : "Labour Charge"}</Table.Th>
                <Table.Th>{kind === "po" ? "Workshop" : "Customer"}</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Nominal Code</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.flatMap((w) => [
                <Table.Tr key={`w${w.id}`} aria-label={`Work item ${w.description ?? w.id}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Include ${w.description ?? w.id}`}
                      disabled={done(w)}
                      checked={picked.has(w.id)}
                      onChange={(e) => {
                        const next = new Set(picked);
                        if (e.currentTarget.checked) next.add(w.id);
                        else next.delete(w.id);
                        setPicked(next);
                      }}
                    />
                  </Table.Td>
                  <Table.Td>{w.description ?? ""}</Table.Td>
                  <Table.Td>{w.work_type?.name ?? ""}</Table.Td>
                  <Table.Td>{formatMoney(kind === "po" ? w.labour_cost : w.customer_labour_cost)}</Table.Td>
                  <Table.Td>{kind === "po" ? nameOf(w.workshop) : `${nameOf(w.billed_customer)} ${(w.chargeable && w.customer2 ? w.customer2_invoice_number : w.customer_invoice_number) ?? ""}`}</Table.Td>
                  <Table.Td>{kind === "po" ? (w.po_approved ? `Approved by ${personOf(w.po_approver)}` : w.po_state === "approval" ? "Approval Needed" : "Current") : w.invoice_approved ? `Approved by ${personOf(w.invoice_approver)}` : w.ready_to_approve ? "Ready To Invoice" : "Current"}
                    {kind === "invoice" && creditable(w) && (
                      <Button size="compact-xs" variant="light" ml={6} aria-label={`Credit ${w.description ?? `work item ${w.id}`}`} onClick={() => onCredit(w)}>
                        Credit
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Nominal code of ${w.description ?? w.id}`}
                      size="xs"
                      disabled={done(w)}
                      data={options}
                      value={String(edits[w.id]?.nominal ?? "")}
                      error={marked[`w${w.id}`]}
                      onChange={(e) => {
                        unmark(`w${w.id}`);
                        setEdits({ ...edits, [w.id]: { ...edits[w.id], nominal: e.currentTarget.value ? Number(e.currentTarget.value) : null } });
                      }}
                    />
                  </Table.Td>
                </Table.Tr>,
                ...(w.parts ?? []).map((p) => (
                  <Table.Tr key={`p${p.id}`}>
                    <Table.Td />
                    <Table.Td colSpan={2}>Part: {p.name ?? ""}</Table.Td>
                    <Table.Td>{formatMoney(kind === "po" ? p.cost : p.customer_cost)}</Table.Td>
                    <Table.Td colSpan={2}>{p.part_invoice_number ?? ""}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`Nominal code of part ${p.name ?? p.id}`}
                        size="xs"
                        disabled={done(w)}
                        data={options}
                        value={String(edits[w.id]?.parts[p.id] ?? "")}
                        error={marked[`p${p.id}`]}
                        onChange={(e) => {
                          unmark(`p${p.id}`);
                          setEdits({ ...edits, [w.id]: { ...edits[w.id], parts: { ...edits[w.id]?.parts, [p.id]: e.currentTarget.value ? Number(e.currentTarget.value) : null } } });
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                )),
              ])}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Text size="sm" fw={600} mr="auto" aria-label={kind === "po" ? "Expenses total" : "Invoice total"}>
            {kind === "po" ? "Expenses total" : "Invoice total"} (ticked items, before VAT): {formatPounds(total)}
          </Text>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {kind === "invoice" && (
            <Button loading={ready.isPending} disabled={!chosen.length} onClick={() => void send("ready")}>
              Ready To Invoice
            </Button>
          )}
          <Button loading={approve.isPending} disabled={!chosen.length} onClick={() => void send(kind)}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
