import type { PartLineRow, QuoteAnswer, QuoteItemRow } from "../../../core/workshop/types";
import type { CostDefaults, PricedCustomer } from "../../../core/workshop/costs";
import { Alert, Anchor, Badge, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { estimateQuoteItem } from "../../../core/workshop/quote-costs";
import { quote as quoteDef } from "../../../core/workshop/quote-definitions";
import {
  QUOTE_MESSAGES,
  QUOTE_TYPES,
  billedCustomerOf,
  cardColour,
  hasZeroEstimate,
  idOf,
  itemName,
  itemReadyForInvoicing,
  newItemChargeable,
  quotePreSave,
  withoutCustomer2,
} from "../../../core/workshop/quote-rules";
import { ContactRefInput } from "../contacts/pickers";
import { VehiclePicker, type PickedVehicle } from "../fleet/picker/VehiclePicker";
import { useApiGet, useApiMutation, useList, useOne, type ApiRecord } from "../platform/api";
import { FieldInput, fieldsFrom, recordOptions, useRecordEditor, useUnsavedNotice, type FieldDef } from "../platform/form";
import { typedFigureRefusal, type WorkRow } from "./WorkItems";
import { formatDate } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { toastWarning } from "../platform/toast";
import { nameOf } from "./quote-display";
import { blankPart, CommentsTable, newKey, partFromLookup, PartsSelector, WorksSelector, type Comment, type PartLookup, type WorkLookup } from "./selectors";
import { ApproveModal, CannotApproveModal, CreateJobModal, FinalizeModal, PrintOptionsModal, type CreateJobChoice } from "./QuoteModals";
import { ImagesModal, useAttachedImages } from "./JobModals";
import { QuoteWorkItemCard, type WorkType } from "./QuoteWorkItemCard";
import { ApprovalLinkBadge, ApprovalLinkModal, CustomerAnswerPanel, CustomerDecisionBadge, type SentLink } from "./approval/QuoteApproval";

type Quote = ApiRecord & QuoteAnswer;

const choice = (v: string) => ({ value: v, label: v, apiValue: v });

/**
 * The quote's fields as the editor holds them, from the quote's definition
 * (labels, kinds, required messages: core/workshop/quote-definitions.ts).
 * Vehicle and customers are held by their pickers; the others are Quote
 * Info (002 §2). The pre-save rules run in order on the whole body
 * (quotePreSave), so the required markers here only mark the inputs.
 */
export const FIELDS: FieldDef[] = fieldsFrom(
  { fields: quoteDef.fields.filter((f) => ["vehicle", "customer", "customer2", "department", "quote_type", "description", "provisional_start_date", "customer_invoice_number", "customer2_invoice_number"].includes(f.name)) },
  {
    department: { options: recordOptions("departments", (r) => r.name) },
    quote_type: { options: QUOTE_TYPES.map(choice) },
    description: { required: QUOTE_MESSAGES.description },
  },
).map((f) => (["vehicle", "customer", "customer2"].includes(f.name) ? { ...f, required: undefined } : f));
const INFO = FIELDS.filter((f) => !["vehicle", "customer", "customer2"].includes(f.name));

const ITEMS = "estimated_work_items";
const COMMENTS = "comments_list";
const SAVE_FAILED = "Unable to approve Quote";
const FINALIZE_FAILED = "Unable to finalize Quote";

/** Empty dates go as null (002 §5 Quote pre-save): the provisional start date and each part's dates. */
function emptyDatesAsNull(body: Record<string, unknown>) {
  const items = ((body[ITEMS] ?? []) as QuoteItemRow[]).map((i) => ({
    ...i,
    parts: (i.parts ?? []).map((p) => ({ ...p, date_ordered: p.date_ordered || null, backorder_expected_date: p.backorder_expected_date || null })),
  }));
  return { ...body, provisional_start_date: body.provisional_start_date || null, [ITEMS]: items };
}

/** A blank quote part (Add Part): estimates to fill in; to be ordered by default. */
function quotePart(): PartLineRow {
  return { ...blankPart(), estimated_cost: 0, estimated_customer_cost: 0 };
}

/** A quote part from a part lookup: its cost and charge are the estimate. */
function lookupPart(l: PartLookup): PartLineRow {
  const p = partFromLookup(l);
  return { ...p, cost: null, customer_cost: null, estimated_cost: l.cost ?? 0, estimated_customer_cost: l.customer_cost ?? 0 };
}

/**
 * A quote's customer as pricing reads it (its markups). The quote's own
 * answer carries its customers' details (GET quotes/{id}: `customer`,
 * `customer2` with their markups), so an opened quote asks for no contact
 * after it (one wave, docs/performance.md); a customer picked since is read
 * from GET contacts/{id}.
 */
type HeldContact = { id: number; [field: string]: unknown };
function useCustomerOf(value: unknown, held: HeldContact | null | undefined): { data: HeldContact | undefined } {
  const id = value === "" || value === null || value === undefined ? null : String(value);
  const isHeld = !!held && id !== null && String(held.id) === id;
  const read = useOne<ApiRecord>("contacts", isHeld ? null : id, { errorMessage: "There was an error" });
  return { data: isHeld ? held : read.data };
}

function QuoteForm({ record, blank, workTypes, reload }: { record: Quote | null; blank: Quote | null; workTypes: WorkType[]; reload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const editor = useRecordEditor({
    resource: "quotes",
    createPath: "createquote",
    editRoute: "/editquote",
    afterDelete: "/quotes",
    fields: FIELDS,
    record,
    defaults: blank ?? undefined,
    lines: [ITEMS, COMMENTS],
    what: "this quote",
    errorMessage: SAVE_FAILED,
    transform: emptyDatesAsNull,
    // 002 §5 freshness: the server's 409 message is shown, then the latest copy is fetched.
    onConflict: () => void reload(),
    // The server's own pre-save rules, with its messages, before anything is sent.
    checkBody: (body) => {
      // A figure typed as something that is not a number yet ("-") is refused with the field's message, as on the job card.
      const typed = typedFigureRefusal((body[ITEMS] ?? []) as WorkRow[], ITEMS);
      if (typed) {
        toastWarning(typed.message, "Validation failed!");
        return typed;
      }
      const refused = quotePreSave(body);
      if (refused) toastWarning(refused.message, refused.title);
      return refused;
    },
  });
  const { form, lines } = editor;
  const v = form.values;
  const items = lines.get(ITEMS) as QuoteItemRow[];
  const comments = lines.get(COMMENTS);
  const hasCustomer2 = v.customer2 !== "" && v.customer2 !== null && v.customer2 !== undefined;
  useUnsavedNotice(form.dirty || lines.dirty);

  // Pricing (002 §9, core/workshop/quote-costs.ts): the billed customer's markups, the work type's rate, the app defaults.
  const customer = useCustomerOf(v.customer, record?.customer);
  const customer2 = useCustomerOf(v.customer2, record?.customer2);
  const defaults = useApiGet<ApiRecord & NonNullable<CostDefaults>>("appdefaults", undefined, { errorMessage: "There was an error" });
  const refs = { customer: v.customer === "" ? null : Number(v.customer), customer2: v.customer2 === "" ? null : Number(v.customer2) };
  const workTypeOf = (item: QuoteItemRow) => workTypes.find((w) => w.id === idOf(item.work_type)) ?? null;
  /** The item priced as the server will price it (its charges follow hours, rates and markups unless overridden). */
  const priced = (item: QuoteItemRow, c1 = customer.data, c2 = customer2.data): QuoteItemRow => {
    const billed = billedCustomerOf(refs, item) === refs.customer2 && refs.customer2 !== null ? c2 : c1;
    return estimateQuoteItem(item, { workType: workTypeOf(item), customer: billed as PricedCustomer, defaults: defaults.data, partsMarkup: record?.parts_markup ?? null });
  };

  const setItems = (next: QuoteItemRow[]) => lines.set(ITEMS, next);
  const patchItem = (n: number, patch: Record<string, unknown>) => setItems(items.map((it, k) => (k === n ? priced({ ...it, ...patch }) : it)));
  const addItem = (afterQuote: boolean, from?: WorkLookup) =>
    setItems([
      ...items,
      priced({
        key: newKey("w"),
        description: from?.description ?? "",
        // New items are billed to customer 2 when there is one (002 §4 Cost toggles).
        chargeable: newItemChargeable(refs),
        added_after_quote: afterQuote,
        work_type: null,
        estimated_labour_hours: from?.labour_hours ?? "",
        estimated_labour_cost: from?.labour_cost ?? "",
        estimated_customer_labour_cost: from?.customer_labour_cost ?? "",
        cost_override: false,
        parts: (from?.part_work_lookup ?? []).map((l) => lookupPart(l)),
      }),
    ]);
  const removeItem = (n: number) => {
    // 002 §5 Quote specifics: refused here with the server's own message.
    if (idOf(items[n].job) !== null || idOf(items[n].work) !== null) return toastWarning(QUOTE_MESSAGES.itemLinked);
    setItems(items.filter((_, k) => k !== n));
  };
  const addPart = (n: number, part = quotePart()) => patchItem(n, { parts: [...(items[n].parts ?? []), part] });
  const [searching, setSearching] = useState<null | { parts: number } | "work">(null);

  const setCustomer2 = (id: number | "") => {
    form.set("customer2", id);
    // Removing customer 2 bills every item to customer 1 (002 §4 Cost toggles).
    if (id === "") setItems(withoutCustomer2(items).map((it) => priced(it, customer.data, undefined)));
  };


  // Actions that save first (002 §4: finalize and approve both save, then answer the quote).
  const finalize = useApiMutation<void, Quote>("POST", () => `quotes/finalize/${record?.id}`, { resource: "quotes", errorMessage: FINALIZE_FAILED });
  const approve = useApiMutation<void, Quote>("POST", () => `quotes/approve/${record?.id}`, { resource: "quotes", errorMessage: SAVE_FAILED });
  const createJob = useApiMutation<Record<string, unknown>, { id: number }>("POST", "createquotejob", { resource: "quotes", invalidates: ["jobs"], errorMessage: "An error occurred!" });
  // Send for approval (docs/quote-approval.md): saved first, then a new link for the customer.
  const sendLink = useApiMutation<void, SentLink>("POST", () => `quotes/approvallink/${record?.id}`, { resource: "quotes", send: () => undefined, errorMessage: "Unable to send for approval" });
  const [sent, setSent] = useState<SentLink | null>(null);
  // The items the customer approved, preselected when a job card is made from the quote.
  const approvedByCustomer = new Set((record?.customer_answer?.items ?? []).filter((i) => i.decision === "approved").map((i) => i.item));
  // The quote's attached images: its own uploads and those of the defect or enquiry it was made from (W13).
  const images = useAttachedImages(record ? { quote: record.id } : null);

  const [modal, setModal] = useState<null | "finalize" | "approve" | "createjob" | "print" | "images" | { notReady: string[] }>(null);
  const saveThen = async (then: () => Promise<unknown>) => {
    const saved = await editor.save();
    if (!saved) return;
    try {
      await then();
      setModal(null);
    } catch {
      /* the query client has shown the failure */
    }
  };
  const openApprove = () => {
    // 002 §4: approving needs every item ready for invoicing; the not-ready ones are named.
    const notReady = items.map((it, n) => ({ it, n })).filter(({ it }) => !itemReadyForInvoicing(it, workTypeOf(it)));
    if (items.length === 0 || notReady.length) setModal({ notReady: items.length === 0 ? [QUOTE_MESSAGES.noItemsToApprove] : notReady.map(({ it, n }) => itemName(it, n)) });
    else setModal("approve");
  };
  const onCreateJob = async (c: CreateJobChoice) => {
    // Unsaved edits are saved first; items new in that save are found again by their key.
    const saved = form.dirty || lines.dirty ? await editor.save() : record;
    if (!saved) return;
    const savedItems = (saved[ITEMS] ?? []) as QuoteItemRow[];
    try {
      const made = await createJob.mutateAsync({
        quote: saved.id,
        items: c.items.map((i) => i.id ?? savedItems.find((s) => s.key === i.key)?.id).filter((id) => id !== undefined),
        customerInvoiceNumber: v.customer_invoice_number || null,
        customer2InvoiceNumber: v.customer2_invoice_number || null,
        workshop: c.workshop.id,
        bookInDate: c.bookInDate,
        startDate: c.startDate,
      });
      setModal(null);
      void navigate(`/editjob/${made.id}`);
    } catch {
      /* shown by the query client */
    }
  };

  const inQuote = items.map((it, n) => ({ it, n })).filter((x) => !x.it.added_after_quote);
  const afterQuote = items.map((it, n) => ({ it, n })).filter((x) => x.it.added_after_quote);
  const card = ({ it, n }: { it: QuoteItemRow; n: number }) => (
    <QuoteWorkItemCard
      key={it.id ?? it.key ?? n}
      item={it}
      index={n}
      state={{ ready: itemReadyForInvoicing(it, workTypeOf(it)), colour: cardColour(it, itemReadyForInvoicing(it, workTypeOf(it))) }}
      workTypes={workTypes}
      hasCustomer2={hasCustomer2}
      onChange={(patch) => patchItem(n, patch)}
      onAddPart={() => addPart(n)}
      onSearchParts={() => setSearching({ parts: n })}
      onRefused={(m) => toastWarning(m)}
      onToggleQuote={() => patchItem(n, { added_after_quote: !it.added_after_quote })}
      onRemove={() => removeItem(n)}
    />
  );
  const input = (f: FieldDef) => <FieldInput key={f.name} field={f} value={v[f.name]} onChange={(x) => form.set(f.name, x)} error={form.errors[f.name]} />;
  const info = (name: string) => INFO.find((f) => f.name === name)!;
  const customerLocked = !!record?.customer_invoice_number;
  const customer2Locked = !!record?.customer2_invoice_number;
  const approver = record?.approving_user ? [record.approving_user.first_name, record.approving_user.last_name].filter(Boolean).join(" ") : "";

  return (
    <form ref={form.formRef} onSubmit={editor.save} noValidate aria-label="Quote">
      <Stack gap="sm">
        <Paper withBorder p="sm">
          <Group justify="space-between">
            <Group gap="xs">
              {record && <Badge color={record.priced ? "blue" : "gray"}>{record.priced ? "Priced" : "To Be Priced"}</Badge>}
              {approver && <Badge color="green">Approved by {approver}</Badge>}
              <CustomerDecisionBadge decision={record?.customer_decision} />
              {!record?.customer_decision && <ApprovalLinkBadge link={record?.approval_link} />}
            </Group>
            <Button type="submit" loading={editor.saving}>
              Save
            </Button>
          </Group>
        </Paper>
        <CustomerAnswerPanel answer={record?.customer_answer} decision={record?.customer_decision} />
        {editor.warning && (
          <Alert color="yellow" title="Missing Data" role="alert">
            {editor.warning}
          </Alert>
        )}

        <Fieldset legend="Vehicle" variant="filled" p="sm">
          {record ? (
            <Text size="sm" aria-label="Quote vehicle">
              Registration: <strong>{record.vehicle?.registration ?? ""}</strong> {nameOf(record.vehicle?.make, "name")} {nameOf(record.vehicle?.model, "name")}
            </Text>
          ) : (
            <>
              <VehiclePicker
                onChange={(picked: PickedVehicle | null) => form.set("vehicle", picked ? picked.id : "")}
              />
              {form.errors.vehicle && (
                <Text size="xs" c="red" role="alert">
                  {form.errors.vehicle}
                </Text>
              )}
            </>
          )}
        </Fieldset>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Fieldset legend="Customer" variant="filled" p="sm">
            <ContactRefInput label="Customer" kind="CC" disabled={customerLocked} initialName={nameOf(record?.customer ?? blank?.customer)} value={v.customer} onChange={(id) => form.set("customer", id)} />
            {form.errors.customer && (
              <Text size="xs" c="red" role="alert">
                {form.errors.customer}
              </Text>
            )}
          </Fieldset>
          <Fieldset legend="Customer 2" variant="filled" p="sm">
            <ContactRefInput label="Customer 2" kind="CC" disabled={customer2Locked} initialName={nameOf(record?.customer2)} value={v.customer2} onChange={setCustomer2} />
          </Fieldset>
        </SimpleGrid>

        <Fieldset legend="Quote Info" variant="filled" p="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
            {input(info("department"))}
            {input(info("quote_type"))}
            {input(info("provisional_start_date"))}
            <TextInput label="Quote Created Date" value={formatDate(record?.date_created)} readOnly />
            {input(info("customer_invoice_number"))}
            {input(info("customer2_invoice_number"))}
          </SimpleGrid>
          <div style={{ marginTop: 8 }}>{input(info("description"))}</div>
          <div style={{ marginTop: 8 }}>
            <CommentsTable comments={comments as Comment[]} onChange={(c) => lines.set(COMMENTS, c)} disabled={false} />
          </div>
        </Fieldset>

        <Fieldset legend="Work" variant="filled" p="sm">
          <Stack gap="sm">
            {inQuote.length === 0 && (
              <Text size="sm" c="dimmed">
                No work items yet.
              </Text>
            )}
            {inQuote.map(card)}
            <Group gap="xs">
              <Button variant="light" onClick={() => addItem(false)}>
                Add Work Item
              </Button>
              <Button variant="light" onClick={() => setSearching("work")}>
                Search Work Lookups
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        <Fieldset legend="Work Added After Quote" variant="filled" p="sm">
          <Stack gap="sm">
            {afterQuote.length === 0 && (
              <Text size="sm" c="dimmed">
                No work added after the quote.
              </Text>
            )}
            {afterQuote.map(card)}
          </Stack>
        </Fieldset>

        <Paper withBorder p="sm">
          <Group justify="flex-end" gap="xs">
            <Button type="submit" loading={editor.saving}>
              Save Quote
            </Button>
            {record && (
              <>
                <Button variant="default" onClick={() => setModal("images")}>
                  Show Attached Images ({images.data?.count ?? 0})
                </Button>
                <Button variant="default" component={Link} to={`/printpicklist/${record.id}`}>
                  Print Pick List
                </Button>
                <Button variant="default" onClick={() => setModal("print")}>
                  Print Workshop Quote Sheet
                </Button>
                <Button variant="light" loading={sendLink.isPending} onClick={() => void saveThen(async () => setSent(await sendLink.mutateAsync()))}>
                  Send for approval
                </Button>
                <Button variant="light" onClick={() => setModal("createjob")}>
                  Create Job Card From Selected Items
                </Button>
                {!record.priced && (
                  <Button variant="light" color="blue" onClick={() => setModal("finalize")}>
                    Quote Priced
                  </Button>
                )}
                <Button variant="light" color="green" onClick={openApprove}>
                  Approve for Invoicing
                </Button>
                <Button color="red" variant="light" onClick={() => void editor.del()} loading={editor.deleting}>
                  Delete Quote
                </Button>
              </>
            )}
          </Group>
        </Paper>
      </Stack>

      {modal === "finalize" && <FinalizeModal warning={hasZeroEstimate(items) ? QUOTE_MESSAGES.zeroEstimate : null} busy={finalize.isPending || editor.saving} onConfirm={() => void saveThen(() => finalize.mutateAsync())} onClose={() => setModal(null)} />}
      {modal === "approve" && <ApproveModal busy={approve.isPending || editor.saving} onConfirm={() => void saveThen(() => approve.mutateAsync())} onClose={() => setModal(null)} />}
      {modal && typeof modal === "object" && <CannotApproveModal items={modal.notReady} onClose={() => setModal(null)} />}
      {modal === "createjob" && (
        <CreateJobModal
          items={items}
          preselect={(it) => approvedByCustomer.has(Number(it.id))}
          customerInvoiceNumber={String(v.customer_invoice_number ?? "")}
          customer2InvoiceNumber={String(v.customer2_invoice_number ?? "")}
          creating={createJob.isPending}
          onCreate={(c) => void onCreateJob(c)}
          onClose={() => setModal(null)}
        />
      )}
      {modal === "print" && record && (
        <PrintOptionsModal
          onClose={() => setModal(null)}
          onPrint={(o) => {
            setModal(null);
            void navigate(`/printquote/${record.id}${o.afterQuote ? "?after=1" : ""}`);
          }}
        />
      )}
      <WorksSelector
        opened={searching === "work"}
        onClose={() => setSearching(null)}
        onSelect={(w) => {
          addItem(false, w);
          setSearching(null);
        }}
      />
      <PartsSelector
        opened={!!searching && typeof searching === "object"}
        onClose={() => setSearching(null)}
        onSelect={(l) => {
          if (searching && typeof searching === "object") addPart(searching.parts, lookupPart(l));
          setSearching(null);
        }}
      />
      {sent && record && <ApprovalLinkModal quoteId={record.id} sent={sent} onClose={() => setSent(null)} />}
      {modal === "images" && record && <ImagesModal owner={{ quote: record.id }} onClose={() => setModal(null)} />}
    </form>
  );
}

/** /editquote and /editquote/{id} (002 §2 Quote editor). */
export function QuoteEditPage() {
  const { quote } = useParams();
  const q = useOne<Quote>("quotes", quote ?? null, { errorMessage: "An error occurred!" });
  const blank = useApiGet<Quote>("quotes/", undefined, { enabled: !quote, errorMessage: "An error occurred!" });
  const workTypes = useList<WorkType & ApiRecord>("worktype", { page_size: 1000 }, { errorMessage: "There was an error" });
  const loading = (quote ? q.isLoading : blank.isLoading) || workTypes.isLoading;
  const registration = q.data?.vehicle?.registration;
  return (
    <Page title={quote ? `Quote ${registration ?? quote}` : "Quote New"} actions={<Anchor component={Link} to="/quotes">Quotes</Anchor>}>
      {loading ? (
        <Loading />
      ) : quote && !q.data ? (
        <Text c="red">This quote could not be loaded.</Text>
      ) : (
        <QuoteForm key={quote ?? "new"} record={quote ? q.data! : null} blank={quote ? null : (blank.data ?? null)} workTypes={(workTypes.data?.results ?? [])} reload={q.refetch} />
      )}
    </Page>
  );
}
