import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { estimateMatchesJob } from "../../../core/workshop/costs";
import { part as partDef, workItem as workDef } from "../../../core/workshop/definitions";
import type { WorkItemRow } from "../../../core/workshop/types";
import { MESSAGES, workItemName } from "../../../core/workshop/rules";
import { NumberField, growing, parseNumberText } from "../platform/form";
import { toastWarning } from "../platform/toast";
import { PartsSelector, PartsTable, TrackingSelect, WorksSelector, blankPart, newKey, partFromLookup, type PartColumn, type PartRow, type TrackingOption, type WorkLookup } from "./selectors";

/** A work item as the job card holds it (002 §3 Work item, job side): inferred from the work item definition (core/workshop/types.ts). */
export type WorkRow = WorkItemRow;

export type WorkType = { id: number; name: string; approval_needed?: boolean | null; free_of_charge?: boolean | null; special_labour_rate?: number | string | null };

/** The job card's parts columns (002 §3 Part, job side). */
export const JOB_PART_COLUMNS: PartColumn[] = [
  "name",
  "supplier",
  "part_number",
  "cost",
  "customer_cost",
  "cost_override",
  "from_stock",
  "to_be_ordered",
  "backorder",
  "backorder_expected_date",
  "date_ordered",
  "part_invoice_number",
  "supplier_tracking_option",
  "customer_tracking_option",
  "remove",
];

/** The part columns an approved part may no longer change: its definition's `lockedWhenApproved` fields (the server's lockRules refuses the same). */
const APPROVED_PART_LOCKED: PartColumn[] = JOB_PART_COLUMNS.filter((c) => (partDef.lockedWhenApproved as readonly string[]).includes(c));
const INVOICE_LOCKED: ReadonlySet<string> = new Set(workDef.lockedWhenApproved);
/** The item fields a movement locks: its definition's `lockedInMovement` fields (the server's lockRules refuses the same). */
const MOVEMENT_LOCKS: ReadonlySet<string> = new Set(workDef.lockedInMovement);

const has = (v: unknown) => v !== null && v !== undefined && v !== "";
const idOf = (v: unknown) => (v && typeof v === "object" ? (v as { id?: unknown }).id : v);

/** A new work item (Add Work Item): the work item definition's blank with a new key; tracking options are chosen by the user (002 §5 needs both). */
export function blankWorkItem(chargeable = false): WorkRow {
  return { ...workDef.blank(), key: newKey("w"), chargeable, parts: [] };
}

/** A work item from a work lookup (Search Work Lookups): its description, labour and parts; a charge of 0 is priced from the cost. */
export function workItemFromLookup(w: WorkLookup, chargeable = false): WorkRow {
  return {
    ...blankWorkItem(chargeable),
    description: w.description,
    labour_hours: Number(w.labour_hours ?? 0),
    labour_cost: Number(w.labour_cost ?? 0),
    customer_labour_cost: Number(w.customer_labour_cost ?? 0),
    estimated_labour_hours: Number(w.labour_hours ?? 0),
    parts: (w.part_work_lookup ?? []).map(partFromLookup),
  };
}

/**
 * 002 §4: Add Part is disabled when the item belongs to a quote and was
 * not added after it, is invoiced, is linked to a movement, or has neither
 * tracking option (the server's addRules refuse the same).
 */
export function addPartBlocked(w: WorkRow): boolean {
  const quoteItem = has(idOf(w.quote)) && !w.added_after_quote;
  const noTracking = !has(idOf(w.supplier_tracking_option)) && !has(idOf(w.customer_tracking_option));
  return quoteItem || !!w.invoice_approved || has(idOf(w.movement)) || noTracking;
}

type CardProps = {
  item: WorkRow;
  index: number;
  onChange: (w: WorkRow) => void;
  onRemove: () => void;
  workTypes: WorkType[];
  hasCustomer2: boolean;
  /** The whole job is read-only (a defect, an enquiry, an approved job). */
  readOnly: boolean;
  errors: Record<string, string>;
};

function WorkItemCard({ item: w, index, onChange, onRemove, workTypes, hasCustomer2, readOnly, errors }: CardProps) {
  const [picking, setPicking] = useState(false);
  const name = workItemName(w, index);
  const invoiced = !!w.invoice_approved;
  const movement = has(idOf(w.movement));
  // An item approved for invoicing locks the fields its definition flags `lockedWhenApproved` (002 §4; the server's lockRules reads the same flag).
  const off = (field: string) => readOnly || (invoiced && INVOICE_LOCKED.has(field));
  // An item of a movement locks the fields its definition flags `lockedInMovement` (002 §4).
  const movementOff = (field: string) => off(field) || (movement && MOVEMENT_LOCKS.has(field));
  const set = (patch: Record<string, unknown>) => onChange({ ...w, ...patch });
  const err = (field: string) => errors[`work_items.${index}.${field}`];
  const type = w.work_type && typeof w.work_type === "object" ? (w.work_type as WorkType) : workTypes.find((t) => t.id === Number(w.work_type));
  const blocked = readOnly || addPartBlocked(w);
  const fromQuote = has(idOf(w.quote));
  const matches = !fromQuote || !!typedFigureRefusal([w]) || estimateMatchesJob(w);
  const money = (field: "labour_cost" | "customer_labour_cost" | "estimated_labour_cost" | "estimated_customer_labour_cost", label: string, disabled: boolean) => (
    <NumberField size="xs" kind="money" label={label} aria-label={`${label} of ${name}`} disabled={disabled} value={w[field] ?? ""} onChange={(v) => set({ [field]: v })} error={err(field)} />
  );
  const hours = (field: "labour_hours" | "estimated_labour_hours", label: string, disabled: boolean) => (
    <NumberField size="xs" kind="number" label={label} aria-label={`${label} of ${name}`} disabled={disabled} value={w[field] ?? ""} onChange={(v) => set({ [field]: v })} error={err(field)} />
  );
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Work item ${index + 1}`} data-work-item={w.id ?? w.key} style={{ borderColor: fromQuote ? (matches ? "var(--mantine-color-green-5)" : "var(--mantine-color-red-5)") : undefined }}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600} size="sm">
              Work Item {index + 1}
            </Text>
            {invoiced && <Badge color="green">Approved for invoicing</Badge>}
            {movement && <Badge color="gray">Movement</Badge>}
            {w.complete && <Badge color="teal">Complete</Badge>}
          </Group>
          <Button size="compact-xs" color="red" variant="light" disabled={readOnly} onClick={onRemove}>
            Remove Work
          </Button>
        </Group>
        {fromQuote && (
          <Alert color={matches ? "blue" : "red"} p={6}>
            <Text size="xs">This item is associated with a Quote!</Text>
            {!matches && (
              <Text size="xs" fw={700}>
                This work item doesn't match the quote!
              </Text>
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs" verticalSpacing={4}>
          <Textarea size="xs" label="Description" aria-label={`Description of work item ${index + 1}`} {...growing()} disabled={off("description")} value={String(w.description ?? "")} onChange={(e) => set({ description: e.currentTarget.value })} />
          <NativeSelect
            size="xs"
            label="Work Type"
            aria-label={`Work Type of ${name}`}
            disabled={movementOff("work_type")}
            error={err("work_type")}
            value={type ? String(type.id) : ""}
            onChange={(e) => set({ work_type: workTypes.find((t) => String(t.id) === e.currentTarget.value) ?? null })}
            data={[{ value: "", label: "(choose)" }, ...workTypes.map((t) => ({ value: String(t.id), label: t.name }))]}
          />
          <TrackingSelect inline={false} label={`Supplier Tracking Option`} disabled={off("supplier_tracking_option") || !!w.po_approved} error={err("supplier_tracking_option")} value={w.supplier_tracking_option} onChange={(v: TrackingOption) => set({ supplier_tracking_option: v })} />
          <TrackingSelect inline={false} label={`Customer Tracking Option`} disabled={off("customer_tracking_option")} error={err("customer_tracking_option")} value={w.customer_tracking_option} onChange={(v: TrackingOption) => set({ customer_tracking_option: v })} />
          {hours("labour_hours", "Labour Hours", movementOff("labour_hours"))}
          {money("labour_cost", "Labour Cost", off("labour_cost"))}
          {money("customer_labour_cost", "Customer Labour Cost", off("customer_labour_cost") || !w.cost_override)}
          <Group gap="md" align="flex-end">
            <Checkbox size="xs" label="Override Cost" disabled={movementOff("cost_override")} checked={!!w.cost_override} onChange={(e) => set({ cost_override: e.currentTarget.checked })} />
            <Checkbox size="xs" label="Complete" disabled={movementOff("complete")} checked={!!w.complete} onChange={(e) => set({ complete: e.currentTarget.checked })} />
            <Checkbox size="xs" label="Charge Customer 2" disabled={off("chargeable") || !hasCustomer2} checked={!!w.chargeable} onChange={(e) => set({ chargeable: e.currentTarget.checked })} />
            {/* 002 §4: shown only when the work type needs approval; disabled if invoiced or the labour charge is zero. */}
            {type?.approval_needed && (
              <Checkbox size="xs" label="Approval Received" disabled={off("approval_received") || Number(w.customer_labour_cost ?? 0) === 0} checked={!!w.approval_received} onChange={(e) => set({ approval_received: e.currentTarget.checked })} />
            )}
          </Group>
          {hours("estimated_labour_hours", "Estimated Labour Hours", off("estimated_labour_hours") || fromQuote)}
          {money("estimated_labour_cost", "Estimated Labour Cost", off("estimated_labour_cost") || fromQuote || !w.cost_override)}
          {money("estimated_customer_labour_cost", "Estimated Customer Labour Cost", off("estimated_customer_labour_cost") || fromQuote || !w.cost_override)}
        </SimpleGrid>
        <PartsTable
          label={`Parts of ${name}`}
          parts={w.parts ?? []}
          onChange={(parts) => set({ parts })}
          columns={JOB_PART_COLUMNS}
          disabled={readOnly || invoiced}
          lock={(p) => ({ columns: p.approved ? APPROVED_PART_LOCKED : [] })}
          errorOf={(k, c) => errors[`work_items.${index}.parts.${k}.${c}`] ?? (c === "name" ? errors[`work_items.${index}.parts.${k}`] : undefined)}
        />
        <Group gap="xs">
          <Button size="compact-sm" variant="light" disabled={blocked} onClick={() => set({ parts: [...(w.parts ?? []), blankPart()] })}>
            Add Part
          </Button>
          <Button size="compact-sm" variant="default" disabled={blocked} onClick={() => setPicking(true)}>
            Search Parts
          </Button>
          {blocked && !readOnly && (
            <Text size="xs" c="dimmed">
              Parts can be added once a tracking option is chosen (not to quote items, invoiced items or movements).
            </Text>
          )}
        </Group>
      </Stack>
      <PartsSelector
        opened={picking}
        onClose={() => setPicking(false)}
        onSelect={(l) => {
          set({ parts: [...(w.parts ?? []), partFromLookup(l)] });
          setPicking(false);
        }}
      />
    </Paper>
  );
}

/**
 * Work items with their parts tables (002 §2): Add Work Item and Search
 * Work Lookups (disabled when invoiced, defect or enquiry), one card per
 * item with its locks (002 §4).
 */
export function WorkItems({
  items,
  onChange,
  workTypes,
  hasCustomer2,
  readOnly,
  addBlocked,
  errors,
}: {
  items: WorkRow[];
  onChange: (items: WorkRow[]) => void;
  workTypes: WorkType[];
  hasCustomer2: boolean;
  readOnly: boolean;
  addBlocked: boolean;
  errors: Record<string, string>;
}) {
  const [picking, setPicking] = useState(false);
  const remove = (i: number) => {
    const w = items[i];
    const name = workItemName(w, i);
    if (w.invoice_approved || w.po_approved) return toastWarning(MESSAGES.invoiceLocked(name));
    if (has(idOf(w.movement))) return toastWarning(MESSAGES.movementLocked(name));
    onChange(items.filter((_, n) => n !== i));
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>Work Items</Text>
        <Group gap="xs">
          <Button size="xs" disabled={addBlocked} onClick={() => onChange([...items, blankWorkItem(hasCustomer2)])}>
            Add Work Item
          </Button>
          <Button size="xs" variant="light" disabled={addBlocked} onClick={() => setPicking(true)}>
            Search Work Lookups
          </Button>
        </Group>
      </Group>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          No work items yet.
        </Text>
      )}
      {items.map((w, i) => (
        <WorkItemCard
          key={w.id ?? w.key}
          item={w}
          index={i}
          workTypes={workTypes}
          hasCustomer2={hasCustomer2}
          readOnly={readOnly}
          errors={errors}
          onChange={(next) => onChange(items.map((x, n) => (n === i ? next : x)))}
          onRemove={() => remove(i)}
        />
      ))}
      <WorksSelector
        opened={picking}
        onClose={() => setPicking(false)}
        onSelect={(lookup) => {
          onChange([...items, workItemFromLookup(lookup, hasCustomer2)]);
          setPicking(false);
        }}
      />
    </Stack>
  );
}

/** The typed figures of a work item and of its parts (NumberField hands text that is not a number on as text). */
const ITEM_FIGURES = ["labour_hours", "labour_cost", "customer_labour_cost", "estimated_labour_hours", "estimated_labour_cost", "estimated_customer_labour_cost"] as const;
const PART_FIGURES = ["cost", "customer_cost", "estimated_cost", "estimated_customer_cost"] as const;

/**
 * A figure typed into a work item or part that is not a number (a lone
 * '-', '24,50'): the save is refused with the field's own message (the one
 * it shows under itself), before anything is sent.
 */
/** The first figure of a job's or quote's items (and their parts) typed as something that is not a number yet ("-"); `collection` names the items in the error keys. */
export function typedFigureRefusal(items: WorkRow[], collection = "work_items"): { message: string; errors: Record<string, string> } | null {
  const bad = (v: unknown) => {
    if (typeof v !== "string" || v.trim() === "") return null;
    const parsed = parseNumberText(v, "money");
    return parsed.ok ? null : parsed.message;
  };
  for (const [i, w] of items.entries()) {
    for (const f of ITEM_FIGURES) {
      const m = bad(w[f]);
      if (m) return { message: `${m}: ${f.replace(/_/g, " ")} of ${workItemName(w, i)}`, errors: { [`${collection}.${i}.${f}`]: m } };
    }
    for (const [k, p] of ((w.parts ?? [])).entries())
      for (const f of PART_FIGURES) {
        const m = bad(p[f]);
        if (m) return { message: `${m}: ${f.replace(/_/g, " ")} of part ${p.name || k + 1}`, errors: { [`${collection}.${i}.parts.${k}.${f}`]: m } };
      }
  }
  return null;
}

const notANumber = (v: unknown) => typeof v === "string" && v.trim() !== "" && !parseNumberText(v, "money").ok;

/**
 * The items priced while some of their figures are not numbers yet
 * ("1,25O.50" with a letter O): a figure worked out from one of them is
 * blank, never the figure from what was typed before the letter (issue 24
 * item 10); every other figure is priced as usual and the typed text stays
 * in its field (its message shows there). Which figures follow from the
 * typed ones is found by pricing twice, the typed figures read as 0 and
 * as 1: a figure that differs follows from them.
 */
export function pricedWhileTyped(items: WorkRow[], price: (items: WorkRow[]) => WorkRow[]): WorkRow[] {
  if (!typedFigureRefusal(items)) return price(items);
  const reading = (n: number) =>
    price(
      items.map((w) => {
        const item: WorkRow = { ...w, parts: (w.parts ?? []).map((p) => ({ ...p })) };
        for (const f of ITEM_FIGURES) if (notANumber(w[f])) item[f] = n;
        item.parts.forEach((p, k) => {
          for (const f of PART_FIGURES) if (notANumber(w.parts[k][f])) p[f] = n;
        });
        return item;
      }),
    );
  const [zero, one] = [reading(0), reading(1)];
  const blankOrTyped = (typed: Record<string, unknown>, a: Record<string, unknown>, b: Record<string, unknown>, fields: readonly string[]) => {
    const out = { ...a };
    for (const f of fields) {
      if (notANumber(typed[f])) out[f] = typed[f];
      else if (String(a[f]) !== String(b[f])) out[f] = "";
    }
    return out;
  };
  return zero.map((a, i) => ({
    ...blankOrTyped(items[i], a, one[i], ITEM_FIGURES),
    key: a.key,
    parts: (a.parts ?? []).map((p, k) => blankOrTyped(items[i].parts[k], p, one[i].parts[k], PART_FIGURES) as PartRow),
  }));
}
