import { Alert, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useApiGet } from "../platform/api";
import { formatMoney } from "../platform/format";

/** One difference as GET xero/reconcile answers it (core/accounts/reconcile.ts `Difference`). */
type Difference = { document: string; id: number | string; label: string; check: "lines" | "credited" | "paid" | "xero"; stored: number | null; expected: number | null; message: string };
type Result = { checked: { invoices: number; credits: number; payments: number; work_items: number; xero_items: number }; differences: Difference[] };

const CHECK_LABEL: Record<Difference["check"], string> = { lines: "Total vs lines", credited: "Credited vs approved credits", paid: "Paid vs payments", xero: "Xero vs product" };

/**
 * The Xero page's Reconciliation section (issue 22; docs/accounts.md
 * "Reconciliation"): the same check as `npm run job -- reconcile`, run on
 * demand (it reads every money record, so never on page load), listing
 * every document whose stored figures disagree with its lines, credits,
 * payments or Xero body.
 */
export function ReconciliationSection() {
  const [asked, setAsked] = useState(false);
  const check = useApiGet<Result>("xero/reconcile", undefined, { enabled: asked, errorMessage: "There was an error" });
  const r = check.data;
  return (
    <Stack gap="xs" mt="lg" aria-label="Reconciliation">
      <Group justify="space-between">
        <Title order={4}>Reconciliation</Title>
        <Button size="xs" variant="light" loading={check.isFetching} onClick={() => (asked ? void check.refetch() : setAsked(true))}>
          Check the books
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Every invoice, credit note, payment, invoiced work item and Xero document checked against its lines, its approved credits, its payments and what goes to Xero.
      </Text>
      {r && (
        <Alert color={r.differences.length ? "red" : "green"} variant="light" role="status" title={r.differences.length ? `${r.differences.length} difference${r.differences.length === 1 ? "" : "s"} found` : "No differences"}>
          Checked {r.checked.invoices} invoices, {r.checked.credits} approved credit notes, {r.checked.payments} paid payments, {r.checked.work_items} invoiced work items and {r.checked.xero_items} Xero documents.
        </Alert>
      )}
      {r && r.differences.length > 0 && (
        <Table withTableBorder fz="sm" aria-label="Reconciliation differences">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>Check</Table.Th>
              <Table.Th>Stored</Table.Th>
              <Table.Th>Expected</Table.Th>
              <Table.Th>What differs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.differences.map((d) => (
              <Table.Tr key={`${d.check}-${d.document}-${d.id}`}>
                <Table.Td>{d.label}</Table.Td>
                <Table.Td>{CHECK_LABEL[d.check]}</Table.Td>
                <Table.Td>{d.stored === null ? "" : formatMoney(d.stored)}</Table.Td>
                <Table.Td>{d.expected === null ? "" : formatMoney(d.expected)}</Table.Td>
                <Table.Td>{d.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
