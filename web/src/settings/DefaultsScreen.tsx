import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect, type FormEvent } from "react";
import { queries, useApiGet, useApiMutation, type ApiRecord } from "../platform/api";
import { formatDateTime } from "../platform/format";
import { FormSection, fieldsFrom, initialValues, useRecordForm, useSaveCycle, type FieldDef, type SelectOption } from "../platform/form";
import { appDefaults } from "../../../core/settings/definitions";
import { HistoryButton } from "../platform/history";
import { Loading } from "../platform/Loading";

/** App defaults from their one definition (core/settings/definitions.ts); the readings get their screen labels. */
export const FIELDS: FieldDef[] = fieldsFrom(appDefaults, {
  // Issue 22: the Xero account payments go into; the server refuses a nominal code that is neither BANK nor enabled for payments.
  xero_payments_account: {
    options: {
      ...queries.list("nominal", { page_size: 1000 }),
      toOptions: (d: { results: ApiRecord[] }) =>
        d.results.map((n): SelectOption => ({ value: String(n.id), label: `${String(n.code)} ${String(n.name ?? "")}${String(n.type ?? "").toUpperCase() === "BANK" ? " (bank)" : ""}`.trim(), apiValue: n.id })),
    },
    description: "A bank account, or a nominal code with payments enabled. Payments are not pushed to Xero until it is set.",
  },
  long_term_terms_reading: {
    options: [
      { value: "A", label: "Reading A (fixed £20 penalty)", apiValue: "A" },
      { value: "B", label: "Reading B (rental's penalty per week)", apiValue: "B" },
    ],
  },
});

function DefaultsForm({ record }: { record: ApiRecord }) {
  const form = useRecordForm(FIELDS, initialValues(FIELDS, record));
  const save = useApiMutation<Record<string, unknown>, ApiRecord>("PUT", "appdefaults", { resource: "appdefaults", errorMessage: "There was an error" });
  const { run } = useSaveCycle(form);
  // A fresh copy from the server (after a save) becomes the new baseline.
  useEffect(() => form.reset(initialValues(FIELDS, record)), [record.last_saved]); // eslint-disable-line react-hooks/exhaustive-deps -- the form is reset on a fresh copy (its last_saved) only; the form object is new each render

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => save.mutateAsync({ ...form.payload(), last_saved: record.last_saved }), { validate: true });
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-label="Defaults">
      <Stack gap="sm">
        <FormSection fields={FIELDS} form={form} cols={3} />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {record.last_saved ? `Last saved ${formatDateTime(record.last_saved)}${record.updated_by ? ` by ${record.updated_by}` : ""}` : "Not saved yet"}
          </Text>
          <Group gap="xs">
            {record.last_saved && <HistoryButton recordType="appdefaults" id={record.id ?? 1} title="Defaults" />}
            <Button type="submit" loading={save.isPending} disabled={!form.dirty}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** App defaults: one record, a single form (not a list). */
export function DefaultsScreen() {
  const q = useApiGet<ApiRecord>("appdefaults", undefined, { errorMessage: "There was an error" });
  return (
    <Paper withBorder p="sm">
      {q.isLoading ? <Loading /> : q.data ? <DefaultsForm record={q.data} /> : <Text c="red">The defaults could not be loaded.</Text>}
    </Paper>
  );
}
