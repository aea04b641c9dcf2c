import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router-dom";
import { NumberField } from "../platform/form";
import type { QuoteItemRow } from "../../../core/workshop/types";
import { formatMoney, formatNumber } from "../platform/format";
import { QUOTE_MESSAGES, idOf, type CardColour } from "../../../core/workshop/quote-rules";
import { CARD_BORDER_COLOURS, nameOf, statusText } from "./quote-display";
import { PartsTable, type PartColumn, type PartLock } from "./selectors";

export type WorkType = { id: number; name: string; free_of_charge?: boolean; approval_needed?: boolean; special_labour_rate?: number | string | null };

/** What the quote rules say of the item: ready for invoicing, and its border colour. */
export type CardState = { ready: boolean; colour: CardColour };

/** 002 §2: the quote's parts table columns, in the spec's order. */
const PART_COLUMNS: PartColumn[] = ["name", "estimated_cost", "estimated_customer_cost", "supplier", "part_number", "part_invoice_number", "cost", "customer_cost", "from_stock", "backorder_expected_date", "to_be_ordered", "remove"];

/** The job card's figures are read only here; a part on a job card stays until removed there (002 §5). */
const partLock: PartLock = (p) => ({ columns: ["part_invoice_number", "cost", "customer_cost"], removeRefused: p.part ? QUOTE_MESSAGES.partLinked : undefined });


/**
 * One estimated work item of the quote (002 §2 "Work item card in the
 * quote"): the link to its job card, readiness and estimate messages, the
 * job's status, the estimate (hours, cost, charge), the job's actuals, the
 * work type, its parts, and the buttons that move, extend or remove it.
 * Border: green ready for invoicing, amber linked to a job, red when the
 * job does not match the estimate (the state comes from the quote rules).
 */
export function QuoteWorkItemCard({
  item,
  index,
  state,
  workTypes,
  hasCustomer2,
  onChange,
  onAddPart,
  onSearchParts,
  onRefused,
  onToggleQuote,
  onRemove,
}: {
  item: QuoteItemRow;
  index: number;
  state: CardState;
  workTypes: WorkType[];
  hasCustomer2: boolean;
  onChange: (patch: Record<string, unknown>) => void;
  onAddPart: () => void;
  onSearchParts: () => void;
  onRefused: (message: string) => void;
  onToggleQuote: () => void;
  onRemove: () => void;
}) {
  const name = item.description || `Work Item ${index + 1}`;
  const linked = idOf(item.job) !== null;
  const border = state.colour ? CARD_BORDER_COLOURS[state.colour] : undefined;
  const parts = (item.parts ?? []);
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={`Work item ${name}`}
      data-card-colour={state.colour ?? "none"}
      style={border ? { borderColor: border, borderWidth: 3 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          {linked ? (
            <Anchor component={Link} to={`/editjob/${idOf(item.job)}`} size="sm" fw={600}>
              Job Card {idOf(item.job)}
              {item.workshop ? ` - ${nameOf(item.workshop)}` : ""}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {QUOTE_MESSAGES.noJobCard}
            </Text>
          )}
          {item.job_status ? (
            <Text size="sm" fw={600} aria-label="Job status">
              {statusText(item.job_status)}
            </Text>
          ) : null}
        </Group>
        <Group gap="lg">
          <Text size="xs" c={state.ready ? "green.8" : "dimmed"}>
            {state.ready ? "Ready for invoicing" : "Not ready for invoicing"}
          </Text>
          {linked && (
            <Text size="xs" c={item.estimate_matches_job === false ? "red.8" : "dimmed"}>
              {item.estimate_matches_job === false ? QUOTE_MESSAGES.doesNotMatchQuote : "The job card matches the estimate"}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs" verticalSpacing={4}>
          <TextInput size="xs" label="Description" value={item.description ?? ""} onChange={(e) => onChange({ description: e.currentTarget.value })} />
          <NativeSelect
            size="xs"
            label="Work Type"
            value={String(idOf(item.work_type) ?? "")}
            onChange={(e) => onChange({ work_type: workTypes.find((w) => String(w.id) === e.currentTarget.value) ?? null })}
            data={[{ value: "", label: "(none)" }, ...workTypes.map((w) => ({ value: String(w.id), label: w.name }))]}
          />
          <Checkbox
            size="xs"
            mt={22}
            label="Charge Customer 2"
            checked={!!item.chargeable}
            disabled={!hasCustomer2}
            onChange={(e) => onChange({ chargeable: e.currentTarget.checked })}
          />
          <Checkbox size="xs" mt={22} label="Override Cost" checked={!!item.cost_override} onChange={(e) => onChange({ cost_override: e.currentTarget.checked })} />
          <NumberField size="xs" kind="number" decimals={2} label="Estimated Labour Hours" value={item.estimated_labour_hours ?? ""} onChange={(v) => onChange({ estimated_labour_hours: v })} />
          <NumberField size="xs" kind="money" label="Estimated Labour Cost" value={item.estimated_labour_cost ?? ""} disabled={!item.cost_override} onChange={(v) => onChange({ estimated_labour_cost: v })} />
          <NumberField size="xs" kind="money" label="Estimated Labour Charge" value={item.estimated_customer_labour_cost ?? ""} disabled={!item.cost_override} onChange={(v) => onChange({ estimated_customer_labour_cost: v })} />
          <div />
          <Text size="xs" aria-label="Actual labour hours">
            Actual Labour Hours: {item.labour_hours === null || item.labour_hours === undefined ? "" : formatNumber(item.labour_hours)}
          </Text>
          <Text size="xs" aria-label="Actual labour cost">
            Actual Labour Cost: {formatMoney(item.labour_cost)}
          </Text>
          <Text size="xs" aria-label="Actual labour charge">
            Actual Labour Charge: {formatMoney(item.customer_labour_cost)}
          </Text>
          <Text size="xs" aria-label="Workshop invoice number">
            Workshop Invoice No: {item.job_workshop_invoice_number ?? ""}
          </Text>
        </SimpleGrid>
        <PartsTable label={`Parts of ${name}`} parts={parts} columns={PART_COLUMNS} lock={partLock} onChange={(next) => onChange({ parts: next })} onRemoveRefused={onRefused} />
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={onAddPart}>
            Add Part
          </Button>
          <Button size="compact-sm" variant="light" onClick={onSearchParts}>
            Search Parts
          </Button>
          <Button size="compact-sm" variant="default" onClick={onToggleQuote}>
            {item.added_after_quote ? "Add to Quote" : "Remove From Quote"}
          </Button>
          <Button size="compact-sm" color="red" variant="light" onClick={onRemove}>
            Remove Work
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
