import { Button, Group, List, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { DEFAULT_PAYMENT_DEPARTMENT, DEFAULT_PAYMENT_TYPE, PAYMENT_TYPES } from "../../../../core/accounts/payment-definitions";
import { INTERVAL_TYPES, MIN_INTERVAL_DAYS, RECURRING_MESSAGES, recurringPayment } from "../../../../core/accounts/recurring-payment-definitions";
import { intervalDayFor, previewDates, recurringRuleResult } from "../../../../core/accounts/recurring-payment-rules";
import { ContactPicker } from "../../contacts/pickers";
import type { RecurringPaymentRecord } from "../../../../core/accounts/types";
import { useApiMutation, type ApiRecord } from "../../platform/api";
import { FieldInput, fieldsFrom, initialValues, recordOptions, useRecordForm, useSaveCycle, type FieldDef, type FormValues } from "../../platform/form";
import { blank, formatDate, formatMoney, todayIso } from "../../platform/format";
import { ListDepartmentFilter, ListColumnFilter, ListPager, ListSearch, ListTable, useListController } from "../../platform/list";
import { confirmDelete } from "../../platform/modal";
import { Page } from "../../platform/page";

type Named = { id: number; name?: string | null; display_name?: string | null } | null;
/** A recurring payment as its list answers it: its fields from the definition (core/accounts/types.ts), references in brief. */
type RecurringRow = ApiRecord & RecurringPaymentRecord<{ contact: Named; department: Named; cost_centre: Named }>;

const ERROR = "There was an error";
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v, apiValue: v }));

/** The modal's fields from the one definition (core/accounts/recurring-payment-definitions.ts); the contact has its own typeahead. */
const FIELDS: FieldDef[] = fieldsFrom(recurringPayment, {
  payment_type: { options: options(PAYMENT_TYPES), required: RECURRING_MESSAGES.fillAll, addDefault: DEFAULT_PAYMENT_TYPE },
  interval_type: { required: RECURRING_MESSAGES.fillAll, addDefault: "MONTHLY" },
  department: { options: recordOptions("departments", (d) => d.name), addDefault: String(DEFAULT_PAYMENT_DEPARTMENT) },
  cost_centre: { options: recordOptions("costcentre", (c) => c.name) },
  interval_day: { required: (v) => (v.interval_type === "FIXED_DURATION" ? RECURRING_MESSAGES.fillAll : undefined) },
});
const field = (name: string) => FIELDS.find((f) => f.name === name)!;

/** The form's values as the rules read them (numbers as numbers, empties as null). */
function ruleValues(v: FormValues) {
  const num = (x: unknown) => (blank(x) ? null : Number(x));
  const str = (x: unknown) => (blank(x) ? null : String(x));
  return {
    contact: num(v.contact),
    department: num(v.department),
    payment_type: str(v.payment_type),
    interval_type: str(v.interval_type),
    interval_day: num(v.interval_day),
    interval_payment_amount: num(v.interval_payment_amount),
    start_date: str(v.start_date),
    end_date: str(v.end_date),
  };
}

/**
 * /recurringpayments (003 §2 Recurring Payments): search (contact name),
 * department, the payment type and interval type column filters, 25 a
 * page, 'New Recurring Payment +' with the 5-date preview, edit and delete.
 */
export function RecurringPaymentsPage() {
  const list = useListController<RecurringRow>({ resource: "recurringpayments", filters: ["department", "payment_type", "interval_type"], errorMessage: ERROR });
  const remove = useApiMutation<{ id: number }>("DELETE", (b) => `recurringpayment/${b.id}`, { resource: "recurringpayments", errorMessage: RECURRING_MESSAGES.deleteFailed });
  const [editing, setEditing] = useState<RecurringRow | "new" | null>(null);
  return (
    <Page
      title="Recurring Payments"
      actions={
        <Button size="xs" onClick={() => setEditing("new")}>
          New Recurring Payment +
        </Button>
      }
    >
      <Group align="flex-end" gap="sm">
        <ListSearch list={list} placeholder="Contact name" buttons />
        <ListDepartmentFilter list={list} errorMessage={ERROR} />
      </Group>
      <Stack gap="xs">
        <ListTable<RecurringRow>
          label="Recurring payments"
          loading={list.isLoading}
          error={list.isError}
          rows={list.results}
          empty="No recurring payments found."
          columns={[
            { key: "contact", header: "Contact", render: (r) => (r.contact ? <Link to={`/editcontact/${r.contact.id}`}>{r.contact.display_name}</Link> : "") },
            { key: "department", header: "Department", render: (r) => r.department?.name ?? "" },
            { key: "payment_type", header: <ListColumnFilter list={list} param="payment_type" title="Payment type" options={PAYMENT_TYPES.map((v) => ({ value: v, label: v }))} />, render: (r) => r.payment_type ?? "" },
            { key: "interval_type", header: <ListColumnFilter list={list} param="interval_type" title="Interval type" options={INTERVAL_TYPES.map((v) => ({ value: v, label: v }))} />, render: (r) => r.interval_type ?? "" },
            { key: "interval_day", header: "Interval days", render: (r) => (r.interval_day === null ? "" : String(r.interval_day)) },
            { key: "interval_payment_amount", header: "Amount", render: (r) => formatMoney(r.interval_payment_amount) },
            { key: "start_date", header: "Start", render: (r) => formatDate(r.start_date) },
            { key: "end_date", header: "End", render: (r) => (r.end_date ? formatDate(r.end_date) : "Indefinitely") },
            { key: "next_date", header: "Next payment", render: (r) => formatDate(r.next_date) },
            { key: "comments", header: "Comments", render: (r) => r.comments ?? "" },
            {
              key: "actions",
              header: "",
              render: (r) => (
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="light" onClick={() => setEditing(r)}>
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    onClick={async () => {
                      if (await confirmDelete(`the recurring payment for ${r.contact?.display_name ?? "this contact"}`)) remove.mutate({ id: r.id });
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              ),
            },
          ]}
        />
        <ListPager list={list} noun={["recurring payment", "recurring payments"]} />
      </Stack>
      {editing && <RecurringPaymentModal record={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}

/**
 * New / edit modal (003 §4, §5): the day field only for FIXED_DURATION
 * (changing the type clears it); a start date before today is refused and
 * reset to today, an interval under 7 days refused and reset to 7; an empty
 * end date repeats indefinitely; the preview lists the next 5 dates.
 */
function RecurringPaymentModal({ record, onClose }: { record: RecurringRow | null; onClose: () => void }) {
  const initial = useMemo(() => initialValues(FIELDS, record, !record), [record]);
  const form = useRecordForm(FIELDS, { ...initial, start_date: record ? initial.start_date : todayIso() }, { guard: false });
  const { run, refuse } = useSaveCycle(form, { toastRefusals: true });
  const [contactName, setContactName] = useState(record?.contact?.display_name ?? "");
  const create = useApiMutation<Record<string, unknown>, RecurringRow>("POST", "recurringpayments", { resource: "recurringpayments", errorMessage: RECURRING_MESSAGES.saveFailed });
  const save = useApiMutation<Record<string, unknown>, RecurringRow>("PUT", () => `recurringpayment/${record!.id}`, { resource: "recurringpayments", errorMessage: RECURRING_MESSAGES.saveFailed });
  const today = todayIso();
  const values = ruleValues(form.values);
  const preview = previewDates(values);

  // The payment's rules first (003 §5: the start date resets to today, the interval to 7 days), then the form's checks.
  const rules = async () => {
    const startMoved = !record || values.start_date !== record.start_date;
    const refused = recurringRuleResult(values, today, { startChecked: startMoved });
    if (!refused) return true;
    if (refused.message === RECURRING_MESSAGES.minStart) form.set("start_date", today);
    if (refused.message === RECURRING_MESSAGES.minInterval) form.set("interval_day", MIN_INTERVAL_DAYS);
    refuse(refused);
    return false;
  };
  const submit = () =>
    run(
      async () => {
        const body = { ...form.payload(), contact: values.contact, interval_day: intervalDayFor(values.interval_type, values.interval_day) };
        if (record) await save.mutateAsync({ ...body, last_saved: record.last_saved });
        else await create.mutateAsync(body);
        onClose();
      },
      { before: rules, validate: true },
    );

  const input = (name: string) => <FieldInput field={field(name)} value={form.values[name]} error={form.errors[name]} onChange={(v) => form.set(name, v)} />;
  return (
    <Modal opened onClose={onClose} title={record ? "Edit Recurring Payment" : "New Recurring Payment"} size="lg" centered>
      <Stack gap="sm">
        <div>
          <ContactPicker
            label="Contact"
            search={contactName}
            onSearchChange={(s) => {
              setContactName(s);
              form.set("contact", "");
            }}
            onChange={(c) => form.set("contact", c ? c.id : "")}
          />
          {form.errors.contact && (
            <Text size="xs" c="red">
              {form.errors.contact}
            </Text>
          )}
        </div>
        <SimpleGrid cols={2}>
          {input("interval_payment_amount")}
          {input("payment_type")}
          <FieldInput
            field={field("interval_type")}
            value={form.values.interval_type}
            error={form.errors.interval_type}
            onChange={(v) => {
              // 003 §4: changing the interval type clears the days.
              form.set("interval_type", v);
              form.set("interval_day", "");
            }}
          />
          {form.values.interval_type === "FIXED_DURATION" ? input("interval_day") : <div />}
          {input("start_date")}
          {input("end_date")}
          {input("department")}
          {input("cost_centre")}
        </SimpleGrid>
        {input("comments")}
        <div>
          <Text size="sm" fw={700}>
            Preview
          </Text>
          {preview.length ? (
            <List size="sm" aria-label="Preview dates">
              {preview.map((d) => (
                <List.Item key={d}>{formatDate(d)}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              Fill in the start date and interval to see the dates.
            </Text>
          )}
          {!values.end_date && preview.length > 0 && (
            <Text size="xs" c="dimmed">
              No end date: repeats indefinitely.
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={create.isPending || save.isPending} onClick={() => void submit()}>
            {record ? "Save" : "Create"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
