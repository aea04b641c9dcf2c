import { ActionIcon, Button, Checkbox, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { part as partDef } from "../../../core/workshop/definitions";
import type { PartLineRow } from "../../../core/workshop/types";
import { SupplierPicker } from "../contacts/pickers";
import { api, queries, useGet, useList, type ApiRecord } from "../platform/api";
import { TRACKING_OPTIONS_QUERY, trackingOptionLabel, type TrackingOptionRow } from "../settings/trackingOptions";
import { DateField, NumberField } from "../platform/form";
import { formatDateTime, formatMoney } from "../platform/format";
import { ListPager, ListSearch, ListTable, useListController } from "../platform/list";
import { usePinnedColumns } from "../platform/table/pin";

/**
 * The workshop's shared pickers and the work item's parts table (002 §2):
 * the parts selector (paged search of the part lookups, Select per row),
 * the works selector (paged search of the work lookups, View Parts), and
 * the parts table of a work item. The job card and the quote editor both
 * use them; each screen says which part columns it shows and which are
 * locked.
 */

export type Ref = { id: number; display_name?: string | null; name?: string | null } | null;

/** A part row as the job card, quote editor and part order hold it (002 §3 Part): inferred from the part definition (core/workshop/types.ts). */
export type PartRow = PartLineRow;

export type PartLookup = ApiRecord & {
  name: string;
  part_number?: string | null;
  supplier?: Ref;
  cost?: number | string | null;
  customer_cost?: number | string | null;
  make?: string | null;
  model?: string | null;
  vehicle_type?: string | null;
  stock_volume?: number | null;
};

export type WorkLookup = ApiRecord & {
  description: string;
  labour_hours?: number | string | null;
  labour_cost?: number | string | null;
  customer_labour_cost?: number | string | null;
  supplier?: Ref;
  part_work_lookup?: PartLookup[];
};

let keySeq = 0;
/** A row's key made on screen (002 §3: key generated on screen), unique within the page. */
export function newKey(prefix = "k"): string {
  keySeq += 1;
  return `${prefix}-${Date.now().toString(36)}-${keySeq}`;
}

/** A part row from a part lookup (created_from_lookup keeps the link; its stock is the lookup's). */
export function partFromLookup(l: PartLookup): PartRow {
  return { ...blankPart(), name: l.name, part_number: l.part_number ?? "", supplier: l.supplier ?? null, cost: l.cost ?? 0, customer_cost: l.customer_cost ?? 0, created_from_lookup: l.id };
}

/** A blank part row (Add Part): the part definition's blank (its defaults: to be ordered, no cost) with a new key. */
export function blankPart(): PartRow {
  return { ...partDef.blank(), key: newKey("p") };
}

const refName = (r: Ref | undefined) => (r ? (r.display_name ?? r.name ?? "") : "");

/**
 * Parts selector (002 §2): paginated search of GET partlookup, Select per
 * row. The one Search Parts of the job card, the quote editor and the work
 * lookup detail; `chosen` marks the lookups a list already holds.
 */
export function PartsSelector({ opened, onClose, onSelect, title = "Search Parts", chosen = [] }: { opened: boolean; onClose: () => void; onSelect: (l: PartLookup) => void; title?: string; chosen?: number[] }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="80rem" centered>
      {opened && <PartsSelectorBody onSelect={onSelect} chosen={chosen} />}
    </Modal>
  );
}

function PartsSelectorBody({ onSelect, chosen }: { onSelect: (l: PartLookup) => void; chosen: number[] }) {
  const list = useListController<PartLookup>({ resource: "partlookup", local: true, errorMessage: "There was an error" });
  return (
    <Stack gap="xs">
      <ListSearch list={list} label="Search parts" placeholder="Name or part number" />
      <ListTable<PartLookup>
        label="Part lookups"
        loading={list.isLoading}
        error={list.isError}
        rows={list.results}
        empty="No parts found."
        columns={[
          { key: "name", header: "Name" },
          { key: "part_number", header: "Part Number" },
          { key: "supplier", header: "Supplier", render: (r) => refName(r.supplier) },
          { key: "make", header: "Make" },
          { key: "model", header: "Model" },
          { key: "cost", header: "Cost", render: (r) => formatMoney(r.cost ?? 0) },
          { key: "customer_cost", header: "Customer Cost", render: (r) => formatMoney(r.customer_cost ?? 0) },
          { key: "stock_volume", header: "Stock", render: (r) => String(r.stock_volume ?? 0) },
          {
            key: "select",
            header: "",
            render: (r) => (
              <Button size="compact-xs" onClick={() => onSelect(r)} aria-label={`Select ${r.name}`} disabled={chosen.includes(r.id)}>
                {chosen.includes(r.id) ? "Added" : "Select"}
              </Button>
            ),
          },
        ]}
      />
      <ListPager list={list} noun={["part", "parts"]} />
    </Stack>
  );
}

/** Works selector (002 §2): paginated search of GET worklookup, with a View Parts sub-modal. */
export function WorksSelector({ opened, onClose, onSelect, title = "Search Work Lookups" }: { opened: boolean; onClose: () => void; onSelect: (w: WorkLookup) => void; title?: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="80rem" centered>
      {opened && <WorksSelectorBody onSelect={onSelect} />}
    </Modal>
  );
}

function WorksSelectorBody({ onSelect }: { onSelect: (w: WorkLookup) => void }) {
  const list = useListController<WorkLookup>({ resource: "worklookup", local: true, errorMessage: "There was an error" });
  const [viewing, setViewing] = useState<WorkLookup | null>(null);
  return (
    <Stack gap="xs">
      <ListSearch list={list} label="Search work" placeholder="Description" />
      <ListTable<WorkLookup>
        label="Work lookups"
        loading={list.isLoading}
        error={list.isError}
        rows={list.results}
        empty="No work found."
        columns={[
          { key: "description", header: "Description" },
          { key: "supplier", header: "Supplier", render: (r) => refName(r.supplier) },
          { key: "labour_hours", header: "Labour Hours", render: (r) => String(r.labour_hours ?? "") },
          { key: "labour_cost", header: "Labour Cost", render: (r) => formatMoney(r.labour_cost ?? 0) },
          { key: "customer_labour_cost", header: "Customer Labour Cost", render: (r) => formatMoney(r.customer_labour_cost ?? 0) },
          {
            key: "actions",
            header: "",
            render: (r) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="default" onClick={() => setViewing(r)} aria-label={`View Parts of ${r.description}`}>
                  View Parts
                </Button>
                <Button size="compact-xs" onClick={() => void selectWithParts(r, onSelect)} aria-label={`Select ${r.description}`}>
                  Select
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <ListPager list={list} noun={["work lookup", "work lookups"]} />
      <Modal opened={!!viewing} onClose={() => setViewing(null)} title={viewing ? `Parts of ${viewing.description}` : "Parts"} size="xl" centered>
        {viewing && <WorkLookupParts id={viewing.id} />}
      </Modal>
    </Stack>
  );
}

/** The list page may carry a work lookup without its parts: the detail call has them. */
async function selectWithParts(w: WorkLookup, onSelect: (w: WorkLookup) => void) {
  if (Array.isArray(w.part_work_lookup)) return onSelect(w);
  try {
    onSelect(await api<WorkLookup>("GET", `worklookup/update/${w.id}`));
  } catch {
    onSelect({ ...w, part_work_lookup: [] });
  }
}

function WorkLookupParts({ id }: { id: number }) {
  // The same query as the work lookup's own screen (useOne), so both share one copy.
  const q = useGet<WorkLookup>(queries.one("worklookup", id, "worklookup/update"), { errorMessage: "There was an error" });
  const parts = q.data?.part_work_lookup ?? [];
  return (
    <ListTable<PartLookup>
      label="Work lookup parts"
      loading={q.isLoading}
      error={q.isError}
      rows={parts}
      empty="This work has no parts."
      columns={[
        { key: "name", header: "Name" },
        { key: "part_number", header: "Part Number" },
        { key: "supplier", header: "Supplier", render: (r) => refName(r.supplier) },
        { key: "cost", header: "Cost", render: (r) => formatMoney(r.cost ?? 0) },
        { key: "customer_cost", header: "Customer Cost", render: (r) => formatMoney(r.customer_cost ?? 0) },
      ]}
    />
  );
}

/** The columns a parts table may show; each screen picks its own in its order. */
export type PartColumn =
  | "name"
  | "supplier"
  | "part_number"
  | "estimated_cost"
  | "estimated_customer_cost"
  | "cost"
  | "customer_cost"
  | "cost_override"
  | "from_stock"
  | "to_be_ordered"
  | "backorder"
  | "backorder_expected_date"
  | "date_ordered"
  | "part_invoice_number"
  | "supplier_tracking_option"
  | "customer_tracking_option"
  | "comments"
  | "cost_vat"
  | "remove";

const HEADERS: Record<PartColumn, string> = {
  name: "Name",
  supplier: "Supplier",
  part_number: "Part Number",
  estimated_cost: "Estimated Cost",
  estimated_customer_cost: "Estimated Charge",
  cost: "Actual Cost",
  customer_cost: "Actual Charge",
  cost_override: "Override Cost",
  from_stock: "Stock Accrual",
  to_be_ordered: "To Be Ordered",
  backorder: "Backorder",
  backorder_expected_date: "Backorder Date",
  date_ordered: "Date Ordered",
  part_invoice_number: "Invoice No",
  supplier_tracking_option: "Supplier Tracking",
  customer_tracking_option: "Customer Tracking",
  comments: "Comments",
  cost_vat: "VAT Rate",
  remove: "Remove",
};

/** Why a part row is (partly) locked: which columns it may not change (002 §4 locks). */
export type PartLock = (part: PartRow) => { all?: boolean; columns?: PartColumn[]; removeRefused?: string };

/**
 * A line's tracking option as the workshop's lines hold it: `{id, name,
 * category}` of an option of a tracking category (core/workshop/definitions.ts).
 */
export type TrackingOption = { id: number; name?: string; category?: number | null } | null;

/** Every live tracking option, labelled "Category: option" as the other screens show them. */
export function useTrackingOptions() {
  const q = useList<TrackingOptionRow>("trackingoption", TRACKING_OPTIONS_QUERY, { errorMessage: "There was an error" });
  return (q.data?.results ?? []).map((o) => ({ value: String(o.id), label: trackingOptionLabel(o), option: { id: o.id, name: o.name, category: o.category } }));
}

/** A tracking option select for a work item or a part (002 §5: both options are needed on each). */
export function TrackingSelect({ label, value, onChange, disabled, error, inline = true }: { label: string; value: unknown; onChange: (v: TrackingOption) => void; disabled?: boolean; error?: string; inline?: boolean }) {
  const options = useTrackingOptions();
  const current = value && typeof value === "object" ? String((value as { id: unknown }).id) : value === null || value === undefined ? "" : String(value);
  return (
    <NativeSelect
      size="xs"
      label={inline ? undefined : label}
      aria-label={inline ? label : undefined}
      disabled={disabled}
      error={error}
      value={current}
      onChange={(e) => onChange(options.find((o) => o.value === e.currentTarget.value)?.option ?? null)}
      data={[{ value: "", label: "(none)" }, ...options.map((o) => ({ value: o.value, label: o.label }))]}
      style={{ minWidth: 150 }}
    />
  );
}

function SupplierCell({ part, onChange, disabled, label, error }: { part: PartRow; onChange: (s: Ref) => void; disabled?: boolean; label: string; error?: string }) {
  const [text, setText] = useState(refName(part.supplier));
  return (
    <div style={{ minWidth: 170 }} data-invalid={error ? "true" : undefined}>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      <SupplierPicker
        label={label}
        inline
        disabled={disabled}
        placeholder="Supplier"
        search={text}
        onSearchChange={setText}
        onChange={(c) => {
          if (c) onChange({ id: c.id, display_name: c.display_name });
          else if (part.supplier) onChange(null);
        }}
      />
    </div>
  );
}

/**
 * The parts table of one work item. `priceOf` works out a part's customer
 * cost from its cost (the workshop's pure pricing rule, so the screen and
 * the server agree); it runs when the cost changes and when Override Cost
 * is switched off (002 §4 cost toggles). A charge is typed only with
 * Override Cost.
 */
export function PartsTable({
  label,
  parts,
  onChange,
  columns,
  disabled,
  lock,
  priceOf,
  onRemoveRefused,
  errorOf,
  headers,
}: {
  label: string;
  parts: PartRow[];
  onChange: (parts: PartRow[]) => void;
  columns: PartColumn[];
  disabled?: boolean;
  lock?: PartLock;
  priceOf?: (part: PartRow) => number | string;
  onRemoveRefused?: (message: string) => void;
  /** A refused save's message for one cell (the rules key parts as `<index>.<field>`). */
  errorOf?: (index: number, column: PartColumn) => string | undefined;
  /** A screen's own words for some columns (the part order's "Part Expense Tracking Option"). */
  headers?: Partial<Record<PartColumn, string>>;
}) {
  const pinned = usePinnedColumns({ start: 1, end: columns[columns.length - 1] === "remove" ? 1 : 0 });
  const headerOf = (c: PartColumn) => headers?.[c] ?? HEADERS[c];
  const change = (i: number, patch: Partial<PartRow>) => {
    const next = parts.map((p, n) => {
      if (n !== i) return p;
      const merged: PartRow = { ...p, ...patch };
      const repriced = priceOf && !merged.cost_override && ("cost" in patch || ("cost_override" in patch && patch.cost_override === false));
      return repriced ? { ...merged, customer_cost: priceOf(merged) } : merged;
    });
    onChange(next);
  };
  const remove = (i: number) => {
    const refused = lock?.(parts[i]).removeRefused;
    if (refused) return onRemoveRefused?.(refused);
    onChange(parts.filter((_, n) => n !== i));
  };
  const cell = (p: PartRow, i: number, c: PartColumn): ReactNode => {
    const l = lock?.(p) ?? {};
    const off = disabled || l.all || (l.columns ?? []).includes(c);
    const name = `${headerOf(c)} of ${p.name || `part ${i + 1}`}`;
    const error = errorOf?.(i, c);
    const money = (field: "cost" | "customer_cost" | "estimated_cost" | "estimated_customer_cost", readOnly = false) => (
      <NumberField size="xs" kind="money" aria-label={name} disabled={off || readOnly} value={(p[field]) ?? ""} onChange={(v) => change(i, { [field]: v })} style={{ minWidth: 90 }} />
    );
    const flag = (field: "cost_override" | "from_stock" | "to_be_ordered" | "backorder") => (
      <Checkbox size="xs" aria-label={name} disabled={off} checked={p[field] === true} onChange={(e) => change(i, { [field]: e.currentTarget.checked })} />
    );
    const date = (field: "backorder_expected_date" | "date_ordered") => (
      <DateField size="xs" aria-label={name} disabled={off} value={(p[field]) ?? ""} onChange={(v) => change(i, { [field]: v || null })} style={{ minWidth: 120 }} />
    );
    const text = (field: "name" | "part_number" | "part_invoice_number" | "comments" | "cost_vat", width = 110) => (
      <TextInput size="xs" aria-label={name} disabled={off} value={String(p[field] ?? "")} onChange={(e) => change(i, { [field]: e.currentTarget.value })} style={{ minWidth: width }} />
    );
    switch (c) {
      case "name":
        return text("name", 140);
      case "part_number":
        return text("part_number");
      case "part_invoice_number":
        return text("part_invoice_number");
      case "comments":
        return text("comments", 140);
      case "cost_vat":
        return text("cost_vat", 60);
      case "supplier":
        return <SupplierCell part={p} label={name} disabled={off} error={error} onChange={(s) => change(i, { supplier: s })} />;
      case "cost":
      case "estimated_cost":
        return money(c);
      case "customer_cost":
      case "estimated_customer_cost":
        // The charge follows the cost unless Override Cost is on (002 §5 Lookups).
        return money(c, !p.cost_override);
      case "cost_override":
      case "from_stock":
      case "to_be_ordered":
      case "backorder":
        return flag(c);
      case "backorder_expected_date":
      case "date_ordered":
        return date(c);
      case "supplier_tracking_option":
      case "customer_tracking_option":
        return <TrackingSelect label={name} disabled={off} error={error} value={p[c]} onChange={(v) => change(i, { [c]: v })} />;
      case "remove":
        return (
          <Tooltip label={l.removeRefused ?? "Remove this part"}>
            <ActionIcon size="sm" color="red" variant="light" aria-label={`Remove ${p.name || `part ${i + 1}`}`} disabled={disabled || l.all} onClick={() => remove(i)}>
              ×
            </ActionIcon>
          </Tooltip>
        );
    }
  };
  return (
    <Table.ScrollContainer minWidth={700}>
      {/* Wider than the window (tracking selects, dates): the part's name and Remove stay in view (docs/layout.md). */}
      <Table ref={pinned} withTableBorder fz="xs" verticalSpacing={2} horizontalSpacing={4} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{headerOf(c)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text size="xs" c="dimmed">
                  No parts.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            parts.map((p, i) => (
              <Table.Tr key={p.id ?? p.key}>
                {columns.map((c) => (
                  <Table.Td key={c}>{cell(p, i, c)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A comment line of a job or quote (002 §3 Comment): the server stamps its creator and time on save. */
export type Comment = { id?: number; key?: string; text: string; created?: string; creator_name?: string; creator?: string };

/** The comments table of the job card and the quote editor (Comment, Date Created, Creator, Remove) with Add Comment: lines saved with their job or quote. */
export function CommentsTable({ comments, onChange, disabled }: { comments: Comment[]; onChange: (c: Comment[]) => void; disabled: boolean }) {
  const [text, setText] = useState("");
  return (
    <Stack gap={4}>
      <Table aria-label="Comments" withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Comment</Table.Th>
            <Table.Th>Date Created</Table.Th>
            <Table.Th>Creator</Table.Th>
            <Table.Th>Remove</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {comments.map((c, i) => (
            <Table.Tr key={c.id ?? c.key ?? i}>
              <Table.Td style={{ whiteSpace: "pre-wrap" }}>{c.text}</Table.Td>
              <Table.Td>{c.created ? formatDateTime(c.created) : "(not saved)"}</Table.Td>
              <Table.Td>{c.creator_name ?? c.creator ?? ""}</Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" disabled={disabled} onClick={() => onChange(comments.filter((_, n) => n !== i))}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!disabled && (
        <Group gap="xs" align="flex-end">
          <TextInput size="xs" label="New comment" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button
            size="xs"
            variant="light"
            disabled={!text.trim()}
            onClick={() => {
              onChange([...comments, { key: newKey("c"), text: text.trim() }]);
              setText("");
            }}
          >
            Add Comment
          </Button>
        </Group>
      )}
    </Stack>
  );
}

