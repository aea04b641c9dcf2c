import { Anchor, Button, Checkbox, Group, Paper, Stack, Switch, Table, Text } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useCreate, useRemove, useUpdate, type ApiRecord } from "../api";
import { FieldInput, displayValue, initialValues, toApiValue, useFieldOptions, useRecordForm, type FieldDef } from "../form";
import { cachedOptions } from "../form/options";
import { HistoryButton } from "../history";
import { ListPager, ListSearch, ListTable, useListController, type Column } from "../list";
import { confirmDelete } from "../modal";
import { useQueryClient } from "@tanstack/react-query";
import type { TableScreen } from "./types";

const GENERIC = "There was an error";

/** The add box: a form for the screen's fields, POSTed to its create path. */
function AddBox({ screen }: { screen: TableScreen }) {
  const fields = screen.fields.filter((f) => f.inAdd !== false && !f.readOnly);
  const [initial] = useState(() => initialValues(fields, null, true));
  const form = useRecordForm(fields, initial, { validate: screen.validate });
  const create = useCreate(screen.resource, { path: screen.createPath, errorMessage: screen.messages?.save ?? GENERIC, invalidates: screen.invalidates });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    create.mutate(form.payload(), {
      onSuccess: () => form.reset({ ...initial, ...(screen.afterAdd ?? {}) }),
      onError: form.applyServerErrors,
    });
  };

  return (
    <Paper withBorder p="sm" bg="gray.0">
      <form ref={form.formRef} onSubmit={submit} noValidate aria-label={`Add ${screen.singular}`}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {fields.map((f) => (
            <div key={f.name} style={{ minWidth: f.kind === "boolean" ? undefined : (f.minWidth ?? 170), flex: f.kind === "textarea" ? "1 1 260px" : undefined }}>
              <FieldInput field={f} value={form.values[f.name]} onChange={(v) => form.set(f.name, v)} error={form.errors[f.name]} />
            </div>
          ))}
          <Button type="submit" mt={25} loading={create.isPending}>
            Add
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function ReadCell({ field, row }: { field: FieldDef; row: ApiRecord }) {
  const { options } = useFieldOptions(field);
  const v = row[field.name];
  if (field.kind === "url" && typeof v === "string" && v)
    return (
      <Anchor href={v} target="_blank" rel="noopener noreferrer" size="sm">
        {v}
      </Anchor>
    );
  return <>{displayValue(field, v, row, options)}</>;
}

/** A list row: read-only until Edit; Save PUTs with last_saved and returns to read-only. */
function SettingsRow({ screen, fields: shown, row }: { screen: TableScreen; fields: FieldDef[]; row: ApiRecord }) {
  const fields = shown.filter((f) => !f.readOnly);
  const [editing, setEditing] = useState(false);
  const form = useRecordForm(fields, initialValues(fields, row), { validate: screen.validate, guard: editing });
  const update = useUpdate(screen.resource, { path: screen.itemPath, errorMessage: screen.messages?.save ?? GENERIC, invalidates: screen.invalidates });
  const remove = useRemove(screen.resource, { path: screen.itemPath, errorMessage: screen.messages?.remove ?? GENERIC, invalidates: screen.invalidates });
  const RowActions = screen.rowActions;
  const qc = useQueryClient();
  const label = screen.itemLabel(row);
  // A box ticked in a read-only row shows its new state while it saves.
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  useEffect(() => setOptimistic({}), [row.last_saved]);

  const startEdit = () => {
    form.reset(initialValues(fields, row));
    setEditing(true);
  };
  const save = () => {
    if (!form.validate()) return;
    update.mutate(
      { id: row.id, body: { ...form.payload(), last_saved: row.last_saved } },
      // A 409 or 400 keeps the row in edit mode with the user's edits.
      { onSuccess: () => setEditing(false), onError: form.applyServerErrors },
    );
  };
  const cancel = () => {
    form.reset(initialValues(fields, row));
    setEditing(false);
  };
  const del = async () => {
    if (await confirmDelete(`${screen.singular} "${label}"`)) remove.mutate(row.id);
  };
  /** Department Hide: toggled from the read-only row and saved at once. */
  const toggleNow = (f: FieldDef, checked: boolean) => {
    const body: Record<string, unknown> = {};
    for (const g of fields) body[g.name] = toApiValue(g, initialValues([g], row)[g.name], cachedOptions(qc, g));
    body[f.name] = checked;
    setOptimistic((o) => ({ ...o, [f.name]: checked }));
    update.mutate({ id: row.id, body: { ...body, last_saved: row.last_saved } }, { onError: () => setOptimistic({}) });
  };

  return (
    <Table.Tr aria-label={editing ? `Editing ${label}` : undefined}>
      {shown.map((f) => (
        <Table.Td key={f.name} style={{ verticalAlign: "top" }}>
          {f.readOnly ? (
            <ReadCell field={f} row={row} />
          ) : editing ? (
            <FieldInput field={f} inline value={form.values[f.name]} onChange={(v) => form.set(f.name, v)} error={form.errors[f.name]} />
          ) : f.saveImmediately && f.kind === "boolean" ? (
            <Checkbox aria-label={`${f.label} ${label}`} checked={optimistic[f.name] ?? row[f.name] === true} disabled={update.isPending} onChange={(e) => toggleNow(f, e.currentTarget.checked)} size="xs" />
          ) : (
            <ReadCell field={f} row={row} />
          )}
        </Table.Td>
      ))}
      <Table.Td style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
        {editing ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" onClick={save} loading={update.isPending}>
              Save
            </Button>
            <Button size="compact-xs" variant="default" onClick={cancel}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="light" onClick={startEdit}>
              Edit
            </Button>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void del()} loading={remove.isPending}>
              Delete
            </Button>
            {RowActions && <RowActions row={row} />}
            <HistoryButton recordType={screen.historyType} id={row.id} title={label} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A switch bound to a URL filter; it flips at once while the URL catches up. */
function FilterSwitch({ label, on, onChange }: { label: string; on: boolean; onChange: (on: boolean) => void }) {
  const [checked, setChecked] = useState(on);
  useEffect(() => setChecked(on), [on]);
  return (
    <Switch
      label={label}
      checked={checked}
      onChange={(e) => {
        setChecked(e.currentTarget.checked);
        onChange(e.currentTarget.checked);
      }}
    />
  );
}

/**
 * The generic settings screen (001 §2.6): an add box and a list whose rows
 * toggle between read-only and editing. Configured per screen in screens.tsx.
 */
export function SettingsTable({ screen }: { screen: TableScreen }) {
  const list = useListController({
    resource: screen.resource,
    pageSize: screen.pageSize,
    all: screen.all,
    filters: [...(screen.switches?.map((s) => s.param) ?? []), ...(screen.filters ?? [])],
    errorMessage: screen.messages?.load ?? GENERIC,
    urlPrefix: screen.urlPrefix,
  });
  const fields = screen.fields.filter((f) => f.inList !== false);
  const columns: Column<ApiRecord>[] = [...fields.map((f) => ({ key: f.name, header: f.label })), { key: "actions", header: "Actions", width: 1 }];
  const Intro = screen.intro;

  return (
    <Stack gap="sm">
      {Intro && <Intro />}
      <AddBox screen={screen} />
      {(screen.searchable || screen.switches?.length) && (
        <Group gap="md" align="flex-end">
          {screen.searchable && <ListSearch list={list} label={`Search ${screen.title.toLowerCase()}`} />}
          {screen.switches?.map((s) => (
            <FilterSwitch key={s.param} label={s.label} on={list.filters[s.param] === "true"} onChange={(on) => list.setFilter(s.param, on ? "true" : null)} />
          ))}
        </Group>
      )}
      <ListTable<ApiRecord>
        label={screen.title}
        columns={columns}
        rows={list.results}
        loading={list.isLoading}
        error={list.isError}
        errorText={screen.failText}
        empty={list.search ? "Nothing matches this search." : `No ${screen.title.toLowerCase()} yet.`}
        renderRow={(row) => <SettingsRow key={`${row.id}`} screen={screen} fields={fields} row={row} />}
      />
      {screen.all ? (
        <Text size="xs" c="dimmed">
          {list.count} {list.count === 1 ? "record" : "records"}
        </Text>
      ) : (
        <ListPager list={list} />
      )}
    </Stack>
  );
}
