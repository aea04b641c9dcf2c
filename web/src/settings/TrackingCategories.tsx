import { Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useMemo, useState, type FormEvent } from "react";
import type { TrackingCategoryRecord, TrackingOptionRecord } from "../../../core/settings/types";
import { useCreate, useRemove, useUpdate } from "../platform/api";
import { fieldsFrom, useUnsavedChanges, validateValues, type FieldDef, type SelectOption } from "../platform/form";
import { trackingCategory, trackingOption } from "../../../core/settings/definitions";
import { HistoryButton } from "../platform/history";
import { Loading } from "../platform/Loading";
import { ListPager, useListController } from "../platform/list";
import { confirmDelete } from "../platform/modal";
import { XeroState } from "../accounts/XeroState";

/** A category and its options as answered, inferred from their definitions (core/settings/types.ts). */
type Option = TrackingOptionRecord;
type Category = TrackingCategoryRecord;
type DraftOption = Option & { key: string };
type Draft = { name: string; status: string; options: DraftOption[] };
type Errors = Record<string, string>;

/**
 * A category and its options from their one definition
 * (core/settings/definitions.ts): labels, required messages and statuses.
 * Staff archive rather than delete, so DELETED is not offered.
 */
export const CATEGORY_FIELDS = fieldsFrom(trackingCategory);
export const OPTION_FIELDS = fieldsFrom(trackingOption);
const fieldOf = (fields: FieldDef[], name: string) => fields.find((f) => f.name === name)!;
const STATUSES = (fieldOf(CATEGORY_FIELDS, "status").options as SelectOption[]).map((o) => o.value).filter((v) => v !== "DELETED");
let keySeq = 0;
const newKey = () => `o${++keySeq}`;
const emptyDraft = (): Draft => ({ name: "", status: "ACTIVE", options: [{ key: newKey(), name: "", status: "ACTIVE" }] });
const draftOf = (c: Category): Draft => ({
  name: c.name ?? "",
  status: c.status ?? "ACTIVE",
  options: (c.options ?? []).map((o) => ({ ...o, status: o.status ?? "ACTIVE", key: newKey() })),
});

/** The definition's checks, before sending (the server makes the same). */
function validate(d: Draft): Errors {
  const e: Errors = validateValues([fieldOf(CATEGORY_FIELDS, "name")], { name: d.name.trim() });
  d.options.forEach((o, i) => {
    const option = validateValues([fieldOf(OPTION_FIELDS, "name")], { name: o.name.trim() });
    if (option.name) e[`options.${i}.name`] = option.name;
  });
  return e;
}

/** Body for POST createtrackingcategory / PUT trackingcategory/{id}; blank new rows are dropped. */
function bodyOf(d: Draft) {
  return {
    name: d.name.trim(),
    status: d.status,
    options: d.options.map(({ key: _k, ...o }) => ({ ...o, name: o.name.trim(), status: o.status ?? "ACTIVE" })),
  };
}

function sameDraft(a: Draft, b: Draft) {
  return JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));
}

/** Name, status and option rows (add and remove), for a new or an edited category. */
function CategoryEditor({ draft, onChange, errors }: { draft: Draft; onChange: (d: Draft) => void; errors: Errors }) {
  const setOption = (i: number, patch: Partial<DraftOption>) => onChange({ ...draft, options: draft.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="sm">
        <TextInput label={fieldOf(CATEGORY_FIELDS, "name").label} value={draft.name} onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })} error={errors.name} withAsterisk w={260} />
        <NativeSelect label={fieldOf(CATEGORY_FIELDS, "status").label} value={draft.status} data={STATUSES} onChange={(e) => onChange({ ...draft, status: e.currentTarget.value })} w={160} />
      </Group>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {draft.options.length === 0 && (
        <Text size="xs" c="dimmed">
          No options.
        </Text>
      )}
      {draft.options.map((o, i) => (
        <Group key={o.key} gap="xs" align="flex-start">
          <TextInput aria-label={`Option ${i + 1} name`} placeholder="Option name" size="xs" value={o.name} onChange={(e) => setOption(i, { name: e.currentTarget.value })} error={errors[`options.${i}.name`]} w={240} />
          <NativeSelect aria-label={`Option ${i + 1} status`} size="xs" value={o.status ?? "ACTIVE"} data={STATUSES} onChange={(e) => setOption(i, { status: e.currentTarget.value as Option["status"] })} w={130} />
          <Button size="compact-xs" variant="subtle" color="red" mt={4} aria-label={`Remove option ${i + 1}`} onClick={() => onChange({ ...draft, options: draft.options.filter((_, j) => j !== i) })}>
            Remove
          </Button>
        </Group>
      ))}
      <div>
        <Button size="compact-xs" variant="light" onClick={() => onChange({ ...draft, options: [...draft.options, { key: newKey(), name: "", status: "ACTIVE" }] })}>
          Add option
        </Button>
      </div>
    </Stack>
  );
}

function NewCategory() {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [pristine, setPristine] = useState<Draft>(draft);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreate("trackingcategory", { path: "createtrackingcategory", errorMessage: "There was an error creating tracking category", invalidates: ["movementtype", "trackingoption"] });
  useUnsavedChanges(!sameDraft(draft, pristine));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validate(draft);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    create.mutate(bodyOf(draft), {
      onSuccess: () => {
        const fresh = emptyDraft();
        setDraft(fresh);
        setPristine(fresh);
      },
      onError: (err) => setErrors((err as { errors?: Errors }).errors ?? {}),
    });
  };
  return (
    <Paper withBorder p="sm" bg="gray.0">
      <form onSubmit={submit} noValidate aria-label="New tracking category">
        <Title order={3} size="h5" mb="xs">
          New category
        </Title>
        <CategoryEditor draft={draft} onChange={setDraft} errors={errors} />
        <Button type="submit" mt="sm" loading={create.isPending}>
          Create category
        </Button>
      </form>
    </Paper>
  );
}

function CategoryCard({ category }: { category: Category }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const [errors, setErrors] = useState<Errors>({});
  // A save queues the category for Xero and tries it at once: its Xero state is read again.
  const update = useUpdate("trackingcategory", { errorMessage: "There was an error", invalidates: ["movementtype", "trackingoption", "xero"] });
  const remove = useRemove("trackingcategory", { errorMessage: "There was an error", invalidates: ["movementtype", "trackingoption"] });
  const original = useMemo(() => draftOf(category), [category]);
  useUnsavedChanges(editing && !sameDraft(draft, original));

  const save = () => {
    const errs = validate(draft);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    update.mutate(
      { id: category.id, body: { ...bodyOf(draft), xero_id: category.xero_id ?? null, last_saved: category.last_saved } },
      { onSuccess: () => setEditing(false), onError: (err) => setErrors((err as { errors?: Errors }).errors ?? {}) },
    );
  };

  return (
    <Paper withBorder p="sm" component="section" aria-label={`Tracking category ${category.name}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3} size="h5">
            {category.name}
          </Title>
          <Badge size="sm" variant="light" color={category.status === "ACTIVE" ? "green" : "gray"}>
            {category.status ?? "ACTIVE"}
          </Badge>
        </Group>
        {editing ? (
          <Group gap={4}>
            <Button size="compact-xs" onClick={save} loading={update.isPending}>
              Save
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                setDraft(draftOf(category));
                setErrors({});
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap={4}>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => {
                setDraft(draftOf(category));
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                if (await confirmDelete(`tracking category "${category.name}"`)) remove.mutate(category.id);
              }}
            >
              Delete
            </Button>
            <HistoryButton recordType="trackingcategory" id={category.id} title={category.name ?? undefined} />
          </Group>
        )}
      </Group>
      {editing ? (
        <CategoryEditor draft={draft} onChange={setDraft} errors={errors} />
      ) : (category.options ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No options.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={2} withTableBorder aria-label={`${category.name} options`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Option</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(category.options ?? []).map((o, i) => (
              <Table.Tr key={o.id ?? i}>
                <Table.Td>{o.name}</Table.Td>
                <Table.Td>{o.status ?? "ACTIVE"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!editing && <XeroState sourceType="trackingcategory" sourceId={category.id} />}
    </Paper>
  );
}

/** Tracking categories (003 §2): a new-category form and the list grouped by category. */
export function TrackingCategories() {
  const list = useListController<Category>({ resource: "trackingcategory", errorMessage: "There was an error" });
  return (
    <Stack gap="sm">
      <NewCategory />
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <Text c="red">The tracking categories could not be loaded.</Text>
      ) : list.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tracking categories yet.
        </Text>
      ) : (
        list.results.map((c) => <CategoryCard key={c.id} category={c} />)
      )}
      <ListPager list={list} noun={["category", "categories"]} />
    </Stack>
  );
}
