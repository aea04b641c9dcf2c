import { Alert, Button, Checkbox, Group, List, Modal, Radio, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { SupplierPicker, type ContactOption } from "../contacts/pickers";
import { DateField } from "../platform/form";
import type { QuoteItemRow } from "../../../core/workshop/types";
import { toastWarning } from "../platform/toast";
import { QUOTE_MESSAGES, createJobRefusal, idOf } from "../../../core/workshop/quote-rules";

export type CreateJobChoice = { items: QuoteItemRow[]; workshop: ContactOption; bookInDate: string; startDate: string };

/**
 * Create job from items (002 §2): the work items with no job yet, with
 * their parts and a checkbox each; a Workshop (supplier) picker, Workshop
 * Date, Book In Date and the quote's invoice numbers (read only).
 */
export function CreateJobModal({
  items,
  customerInvoiceNumber,
  customer2InvoiceNumber,
  creating,
  onCreate,
  onClose,
  preselect,
}: {
  items: QuoteItemRow[];
  /** Items chosen when the dialog opens (those the customer approved from the link: docs/quote-approval.md). */
  preselect?: (item: QuoteItemRow) => boolean;
  customerInvoiceNumber: string;
  customer2InvoiceNumber: string;
  creating: boolean;
  onCreate: (choice: CreateJobChoice) => void;
  onClose: () => void;
}) {
  const free = items.filter((i) => idOf(i.job) === null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(preselect ? free.flatMap((it, n) => (preselect(it) ? [n] : [])) : []));
  const [workshop, setWorkshop] = useState<ContactOption | null>(null);
  const [workshopText, setWorkshopText] = useState("");
  const [startDate, setStartDate] = useState("");
  const [bookInDate, setBookInDate] = useState("");
  const toggle = (n: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });
  const create = () => {
    // 002 §5 Quote specifics: the server's own rule and message, before anything is sent.
    const refused = createJobRefusal({ workshop: workshop?.id, bookInDate, startDate });
    if (refused || !workshop) {
      if (refused) toastWarning(refused.message, refused.title);
      return;
    }
    onCreate({ items: free.filter((_, n) => chosen.has(n)), workshop, bookInDate, startDate });
  };
  return (
    <Modal opened onClose={onClose} title="Create Job Card From Selected Items" size="xl" centered>
      <Stack gap="sm">
        {free.length === 0 ? (
          <Text size="sm">Every work item already has a job card.</Text>
        ) : (
          <Table aria-label="Items without a job card" withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Work item</Table.Th>
                <Table.Th>Parts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {free.map((i, n) => (
                <Table.Tr key={i.id ?? i.key ?? n}>
                  <Table.Td>
                    <Checkbox aria-label={`Select ${i.description || `Work Item ${n + 1}`}`} checked={chosen.has(n)} onChange={() => toggle(n)} />
                  </Table.Td>
                  <Table.Td>{i.description || `Work Item ${n + 1}`}</Table.Td>
                  <Table.Td>
                    {(i.parts ?? []).map((p, k) => (
                      <div key={p.id ?? p.key ?? k}>
                        {p.name || "Unnamed Part"} {p.part_number ? `(${p.part_number})` : ""}
                      </div>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SupplierPicker label="Workshop" search={workshopText} onSearchChange={setWorkshopText} onChange={setWorkshop} />
          <DateField label="Workshop Date" value={startDate} onChange={setStartDate} />
          <DateField label="Book In Date" value={bookInDate} onChange={setBookInDate} />
          <div />
          <TextInput label="Customer 1 Invoice Number" value={customerInvoiceNumber} readOnly />
          <TextInput label="Customer 2 Invoice Number" value={customer2InvoiceNumber} readOnly />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={create} loading={creating} disabled={chosen.size === 0}>
            Create Job Card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 002 §8: 'Cannot Approve For Invoicing', naming the items not ready. */
export function CannotApproveModal({ items, onClose }: { items: string[]; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={QUOTE_MESSAGES.cannotApproveTitle} centered>
      <Stack gap="sm">
        <Text size="sm">{QUOTE_MESSAGES.notReadyHeading}</Text>
        <List size="sm" aria-label="Items not ready">
          {items.map((d, n) => (
            <List.Item key={n}>{d}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Finalize confirm (Quote Priced): the £0 warning of 002 §5 when any estimate is zero. */
export function FinalizeModal({ warning, busy, onConfirm, onClose }: { warning: string | null; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Quote Priced" centered>
      <Stack gap="sm">
        {warning && (
          <Alert color="red" role="alert">
            {warning}
          </Alert>
        )}
        <Text size="sm">The quote is saved and marked as priced.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Approve confirm: the quote is saved, then approved for invoicing. */
export function ApproveModal({ busy, onConfirm, onClose }: { busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Approve for Invoicing" centered>
      <Stack gap="sm">
        <Text size="sm">Every work item is ready for invoicing. Save and approve this quote for invoicing?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="green" onClick={onConfirm} loading={busy}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type QuotePrintOptions = { afterQuote: boolean };

/** Print options of the workshop quote sheet: the quoted work only, or with the work added after the quote. */
export function PrintOptionsModal({ onPrint, onClose }: { onPrint: (o: QuotePrintOptions) => void; onClose: () => void }) {
  const [which, setWhich] = useState("quote");
  return (
    <Modal opened onClose={onClose} title="Print Workshop Quote Sheet" centered>
      <Stack gap="sm">
        <Radio.Group label="Work to include" value={which} onChange={setWhich}>
          <Stack gap={4} mt={4}>
            <Radio value="quote" label="Quoted work only" />
            <Radio value="all" label="Quoted work and work added after the quote" />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onPrint({ afterQuote: which === "all" })}>Open Print</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

