import { Alert, Anchor, Badge, Button, Fieldset, Group, LoadingOverlay, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { partCustomerCost, partsMarkup, type CostDefaults } from "../../../core/workshop/costs";
import type { ContactRecord } from "../../../core/contacts/types";
import type { PartOrderAnswer } from "../../../core/workshop/types";
import { orderPart, partOrder as partOrderDef } from "../../../core/workshop/partorder-definitions";
import {
  NEW_PART_ORDER_DEPARTMENT,
  PART_LINE_DEFAULTS,
  PART_ORDER_MESSAGES,
  PART_ORDER_STATUSES,
  completionRules,
  partOrderButtons,
  partOrderSaveRules,
  partOrderTotals,
} from "../../../core/workshop/partorder-rules";
import { ContactRefInput } from "../contacts/pickers";
import { useApiGet, useApiMutation, useOne, type ApiRecord } from "../platform/api";
import { FieldInput, fieldsFrom, parseNumberText, recordOptions, useRecordEditor, useUnsavedNotice, type ChildRow, type FieldDef } from "../platform/form";
import { formatDate, formatMoney } from "../platform/format";
import { Loading } from "../platform/Loading";
import { Page } from "../platform/page";
import { toastWarning } from "../platform/toast";
import { blankPart, partFromLookup, PartsSelector, PartsTable, TrackingSelect, WorksSelector, type PartColumn, type PartRow, type TrackingOption } from "../workshop/selectors";

/** A part order as its page answers it: inferred from the part order definition (core/workshop/types.ts). */
type Order = ApiRecord & PartOrderAnswer;

/** The order's fields as the screen holds them, from its definition (labels, kinds). The customer is held by its picker. */
const EDITABLE = ["status", "customer", "delivery_address", "delivery_contact_email", "delivery_phone", "customer_vehicle", "customer_vehicle_vin", "customer_vehicle_make", "customer_vehicle_model", "order_number", "department", "description"];
const FIELDS: FieldDef[] = fieldsFrom(
  { fields: partOrderDef.fields.filter((f) => EDITABLE.includes(f.name)) },
  // The customer vehicle's rule runs with the others (partOrderSaveRules), so its refusal carries the spec's title and message.
  { department: { options: recordOptions("departments", (r) => r.name) } },
);
const field = (name: string) => FIELDS.find((f) => f.name === name)!;

const PARTS = "parts";
const PART_LINE_FIELDS = fieldsFrom(orderPart);
const asTyped = (v: unknown) => {
  const parsed = parseNumberText(v, "money");
  return parsed.ok ? parsed.value : null;
};

/** 002 §2: the parts table's columns, in the spec's order. */
const COLUMNS: PartColumn[] = [
  "name",
  "supplier",
  "supplier_tracking_option",
  "customer_tracking_option",
  "date_ordered",
  "part_number",
  "part_invoice_number",
  "cost",
  "customer_cost",
  "cost_vat",
  "comments",
  "cost_override",
  "from_stock",
  "backorder_expected_date",
  "to_be_ordered",
  "remove",
];
const HEADERS: Partial<Record<PartColumn, string>> = { supplier_tracking_option: "Part Expense Tracking Option", customer_tracking_option: "Workshop Invoicing Tracking Option" };

/** A new line with the defaults of 002 §5 (VAT 20, to be ordered). */
const orderLine = (p: PartRow): ChildRow => ({ ...p, ...PART_LINE_DEFAULTS });

/** Empty dates go as null. */
function emptyDatesAsNull(body: Record<string, unknown>) {
  const parts = ((body[PARTS] ?? []) as ChildRow[]).map((p) => ({ ...p, date_ordered: p.date_ordered || null, backorder_expected_date: p.backorder_expected_date || null }));
  return { ...body, [PARTS]: parts };
}

/** Completion dialog (002 §2): the tracking option the completed order is recorded under. */
function CompleteModal({ busy, onComplete, onClose }: { busy: boolean; onComplete: (option: TrackingOption) => void; onClose: () => void }) {
  const [option, setOption] = useState<TrackingOption>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal opened onClose={onClose} title="Complete Part Order" centered>
      <Stack>
        <TrackingSelect label="Tracking Option" inline={false} value={option} error={error} onChange={(o) => (setOption(o), setError(undefined))} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              const refused = completionRules("ORDER", option);
              if (refused) return setError(refused.message);
              onComplete(option);
            }}
          >
            Complete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PartOrderForm({ record, reload }: { record: Order | null; reload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const editor = useRecordEditor({
    resource: "partorder",
    createPath: "createpartorder",
    editRoute: "/editpartorder",
    afterDelete: "/partorders",
    fields: FIELDS,
    record,
    defaults: { status: "ORDER", department: NEW_PART_ORDER_DEPARTMENT, parts: [] },
    lines: [PARTS],
    // A line's cost or charge typed as something that is not a number ("-") is refused before sending.
    lineFields: { [PARTS]: PART_LINE_FIELDS },
    what: "this part order",
    errorMessage: PART_ORDER_MESSAGES.save,
    deleteErrorMessage: PART_ORDER_MESSAGES.remove,
    transform: emptyDatesAsNull,
    onConflict: () => void reload(),
    // The server's own rules, with its messages, before anything is sent (002 §5 Part order).
    checkBody: (body) => {
      const refused = partOrderSaveRules(body);
      if (refused) toastWarning(refused.message, refused.title ?? "Validation failed!");
      return refused;
    },
  });
  const { form, lines } = editor;
  const v = form.values;
  const parts = lines.get(PARTS) as PartRow[];
  useUnsavedNotice(form.dirty || lines.dirty);

  const status = String(v.status || record?.status || "ORDER");
  const can = partOrderButtons(record?.status ?? status, !!record);
  const locked = can.formLocked;

  // Pricing (002 §9): a part's charge from its cost with the customer's parts markup, else the default.
  const customerId = v.customer === "" || v.customer === null ? null : String(v.customer);
  const customer = useOne<ApiRecord & ContactRecord>("contacts", customerId, { errorMessage: "There was an error" });
  const defaults = useApiGet<ApiRecord & NonNullable<CostDefaults>>("appdefaults", undefined, { errorMessage: "There was an error" });
  // A cost still being typed ("-") prices as nothing until it is a number; the save refuses it (lineFields).
  const priceOf = (p: PartRow) => partCustomerCost({ ...p, cost: asTyped(p.cost) }, partsMarkup(null, customer.data, defaults.data));
  // A figure still being typed ("24,", "-") counts as nothing in the totals until it is a number.
  const totals = partOrderTotals(parts.map((p) => ({ ...p, cost: asTyped(p.cost), customer_cost: asTyped(p.customer_cost) })));

  const setParts = (next: PartRow[]) => lines.set(PARTS, next);
  const [searching, setSearching] = useState<null | "parts" | "work">(null);
  const [completing, setCompleting] = useState(false);

  /** Copy Contact Details (002 §2): the customer's address, company email and company phone into the delivery fields. */
  const copyContact = () => {
    const c = customer.data;
    if (!c) return toastWarning("Choose a customer first");
    form.set("delivery_address", [c.address_line1, c.address_line2, c.town, c.postcode].filter(Boolean).join(", "));
    form.set("delivery_contact_email", c.company_email ?? "");
    form.set("delivery_phone", c.company_phone ?? "");
  };

  const complete = useApiMutation<Record<string, unknown>, Order>("POST", "partorderapprove", { resource: "partorder", errorMessage: PART_ORDER_MESSAGES.complete });
  const onComplete = async (option: TrackingOption) => {
    if (!record) return;
    const body = editor.body();
    const refused = partOrderSaveRules(body);
    if (refused) {
      toastWarning(refused.message, refused.title ?? "Validation failed!");
      setCompleting(false);
      return;
    }
    try {
      await complete.mutateAsync({ ...body, id: record.id, last_saved: record.last_saved, tracking_option: option });
      setCompleting(false);
      // 002 §4: after success the data is reloaded.
      await reload();
    } catch {
      /* the query client has shown the failure */
    }
  };

  const input = (name: string, disabled = false) => (
    <FieldInput field={field(name)} value={v[name]} onChange={(x) => form.set(name, x)} error={form.errors[name]} disabled={locked || disabled} />
  );
  const statusField: FieldDef = { ...field("status"), options: PART_ORDER_STATUSES.filter((s) => s !== "COMPLETE" || status === "COMPLETE").map((s) => ({ value: s, label: s, apiValue: s })) };
  const busy = editor.saving || editor.deleting || complete.isPending;

  return (
    <form ref={form.formRef} onSubmit={editor.save} noValidate aria-label="Part order" style={{ position: "relative" }}>
      <LoadingOverlay visible={busy} zIndex={50} />
      <Stack gap="sm">
        <Paper withBorder p="sm">
          <Group justify="space-between" align="flex-end">
            <Group gap="xs" align="flex-end">
              <FieldInput field={statusField} value={v.status} onChange={(x) => form.set("status", x)} error={form.errors.status} disabled={can.statusLocked} />
              {record && <Badge color={status === "COMPLETE" ? "green" : "blue"}>{status}</Badge>}
            </Group>
            <Button type="submit" loading={editor.saving} disabled={locked}>
              Save
            </Button>
          </Group>
        </Paper>
        {editor.warning && (
          <Alert color="yellow" title="Validation failed!" role="alert">
            {editor.warning}
          </Alert>
        )}

        <Fieldset legend="Customer" variant="filled" p="sm" disabled={locked}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <ContactRefInput label="Customer" kind="CC" disabled={locked} initialName={record?.customer?.display_name ?? ""} value={v.customer} onChange={(id) => form.set("customer", id)} />
            <Group align="flex-end">
              {/* While the chosen customer is still being read, the button waits for it (a click then would copy nothing). */}
              <Button variant="light" onClick={copyContact} disabled={locked || !can.copyContact} loading={!!customerId && customer.isFetching && !customer.data}>
                Copy Contact Details
              </Button>
            </Group>
            {input("delivery_address")}
            {input("delivery_contact_email")}
            {input("delivery_phone")}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Order" variant="filled" p="sm" disabled={locked}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
            {input("customer_vehicle")}
            {input("customer_vehicle_vin")}
            {input("customer_vehicle_make")}
            {input("customer_vehicle_model")}
            {input("order_number")}
            <TextInput label="Date Paid" value={formatDate(record?.date_paid)} readOnly />
            {input("department")}
            <TextInput label="Enquiry Creator" value={record?.creator?.name ?? ""} readOnly />
            <TextInput label="Date Created" value={formatDate(record?.date_created)} readOnly />
          </SimpleGrid>
          <div style={{ marginTop: 8 }}>{input("description")}</div>
        </Fieldset>

        <Fieldset legend="Parts" variant="filled" p="sm">
          <Group gap="lg" mb="xs" aria-label="Part order totals">
            <Text size="sm">
              Cost: <strong data-total="cost">{formatMoney(totals.total_part_cost)}</strong>
            </Text>
            <Text size="sm">
              Customer Charge: <strong data-total="charge">{formatMoney(totals.total_part_customer_charge)}</strong>
            </Text>
            <Text size="sm">
              Charge Inc. VAT: <strong data-total="charge-inc-vat">{formatMoney(totals.total_part_customer_charge_inc_vat)}</strong>
            </Text>
          </Group>
          <PartsTable
            label="Parts"
            parts={parts}
            columns={COLUMNS}
            headers={HEADERS}
            disabled={locked}
            priceOf={priceOf}
            onChange={setParts}
            errorOf={(i, c) => form.errors[`parts.${i}.${c}`]}
          />
          <Group gap="xs" mt="xs">
            <Button variant="light" disabled={locked} onClick={() => setParts([...parts, orderLine(blankPart()) as PartRow])}>
              Add Part
            </Button>
            <Button variant="light" disabled={locked || !can.searchParts} onClick={() => setSearching("parts")}>
              Search Parts
            </Button>
            <Button variant="light" disabled={locked || !can.searchParts} onClick={() => setSearching("work")}>
              Search Work
            </Button>
          </Group>
        </Fieldset>

        <Paper withBorder p="sm">
          <Group justify="flex-end" gap="xs">
            <Button type="submit" loading={editor.saving} disabled={locked}>
              Save
            </Button>
            {record && (
              <>
                <Button color="green" variant="light" disabled={!can.complete} onClick={() => setCompleting(true)}>
                  Complete
                </Button>
                <Button variant="default" onClick={() => navigate(`/printpartorder/${record.id}?sheet=picklist`)}>
                  Print Pick List
                </Button>
                <Button variant="default" disabled={!can.printOrder} onClick={() => navigate(`/printpartorder/${record.id}?sheet=order`)}>
                  Print Part Order
                </Button>
                <Button variant="default" disabled={!can.printQuote} onClick={() => navigate(`/printpartorder/${record.id}?sheet=quote`)}>
                  Print Part Order Quote
                </Button>
                <Button color="red" variant="light" disabled={locked} onClick={() => void editor.del()} loading={editor.deleting}>
                  Delete
                </Button>
              </>
            )}
          </Group>
        </Paper>
      </Stack>

      {completing && <CompleteModal busy={complete.isPending} onComplete={(o) => void onComplete(o)} onClose={() => setCompleting(false)} />}
      <PartsSelector
        opened={searching === "parts"}
        onClose={() => setSearching(null)}
        onSelect={(l) => {
          setParts([...parts, orderLine(partFromLookup(l)) as PartRow]);
          setSearching(null);
        }}
      />
      <WorksSelector
        opened={searching === "work"}
        onClose={() => setSearching(null)}
        onSelect={(w) => {
          // A work lookup brings its parts (002 §2 Search Work).
          setParts([...parts, ...(w.part_work_lookup ?? []).map((l) => orderLine(partFromLookup(l)) as PartRow)]);
          setSearching(null);
        }}
      />
    </form>
  );
}

/** /editpartorder and /editpartorder/{id} (002 §2 Part orders edit screen). */
export function PartOrderEditPage() {
  const { partorder } = useParams();
  const q = useOne<Order>("partorder", partorder ?? null, { errorMessage: PART_ORDER_MESSAGES.load });
  return (
    <Page title={partorder ? `Part Order ${partorder}` : "Part Order New"} actions={<Anchor component={Link} to="/partorders">Part Orders</Anchor>}>
      {partorder && q.isLoading ? (
        <Loading />
      ) : partorder && !q.data ? (
        <Text c="red">{PART_ORDER_MESSAGES.load}</Text>
      ) : (
        <PartOrderForm key={partorder ?? "new"} record={partorder ? q.data! : null} reload={q.refetch} />
      )}
    </Page>
  );
}
