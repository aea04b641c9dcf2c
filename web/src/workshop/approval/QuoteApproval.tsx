import { Badge, Button, CopyButton, Group, Modal, Paper, Stack, Table, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { CUSTOMER_DECISION_LABELS, type ApprovalLinkOnQuote, type CustomerAnswer, type CustomerDecision } from "../../../../core/workshop/quote-approval-rules";
import { useApiMutation } from "../../platform/api";
import { formatDateTime } from "../../platform/format";
import { toastSuccess } from "../../platform/toast";

/** What Send for approval answers (core/workshop/quote-approval.ts `send`). */
export type SentLink = { token: string; url: string; expires_at: string; email: { subject: string; text: string }; mail: { configured: boolean; to: string | null } };

const DECISION_COLOURS: Record<CustomerDecision, string> = { APPROVED: "green", "PART APPROVED": "yellow", DECLINED: "red" };

/** The marker of the quote and the quotes list once the customer answered. */
export function CustomerDecisionBadge({ decision }: { decision: CustomerDecision | null | undefined }) {
  if (!decision) return null;
  return (
    <Badge color={DECISION_COLOURS[decision]} variant="filled">
      {CUSTOMER_DECISION_LABELS[decision]}
    </Badge>
  );
}

/** The link's state on the quote screen while no answer has come. */
export function ApprovalLinkBadge({ link }: { link: ApprovalLinkOnQuote | null | undefined }) {
  if (!link || link.state === "used") return null;
  const open = link.state === "open" && Date.parse(link.expires_at) > Date.now();
  return (
    <Badge color={open ? "blue" : "gray"} variant="light">
      {open ? "Sent for approval" : link.state === "revoked" ? "Approval link revoked" : "Approval link expired"}
    </Badge>
  );
}

/** The customer's answer on the quote: who, when, item by item. */
export function CustomerAnswerPanel({ answer, decision }: { answer: CustomerAnswer | null | undefined; decision: CustomerDecision | null | undefined }) {
  if (!answer) return null;
  return (
    <Paper withBorder p="sm" aria-label="Customer's answer" component="section">
      <Group gap="xs" mb="xs">
        <CustomerDecisionBadge decision={decision} />
        <Text size="sm">
          by <strong>{answer.name}</strong> on {formatDateTime(answer.at)} (from {answer.ip})
        </Text>
      </Group>
      <Table fz="sm" withTableBorder aria-label="Customer's decisions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Customer</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.items.map((i, n) => (
            <Table.Tr key={i.item}>
              <Table.Td>{i.description || `Work Item ${n + 1}`}</Table.Td>
              <Table.Td>
                <Badge color={i.decision === "approved" ? "green" : "red"} variant="light">
                  {i.decision === "approved" ? "Approved" : "Declined"}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * Send for approval's dialog (docs/quote-approval.md): the link to copy,
 * the e-mail to paste (or send, where mail is set up), Revoke. The token
 * is shown here once: it is kept only as a hash.
 */
export function ApprovalLinkModal({ quoteId, sent, onClose }: { quoteId: number; sent: SentLink; onClose: () => void }) {
  const [revoked, setRevoked] = useState(false);
  const revoke = useApiMutation<void, { revoked: boolean }>("DELETE", `quotes/approvallink/${quoteId}`, { resource: "quotes", send: () => undefined, errorMessage: "The link could not be revoked" });
  const mail = useApiMutation<void, { sent_to: string }>("POST", `quotes/approvalmail/${quoteId}`, { send: () => ({ token: sent.token }), errorMessage: "The e-mail could not be sent" });
  return (
    <Modal opened onClose={onClose} title="Send for approval" size="lg" centered>
      <Stack gap="sm">
        {revoked ? (
          <Text c="red">This link has been revoked: the customer can no longer use it.</Text>
        ) : (
          <Text size="sm">Send the customer this link. It can be used once, until {formatDateTime(sent.expires_at)}; any change to the quote revokes it.</Text>
        )}
        <Group align="flex-end" wrap="nowrap">
          <TextInput label="Link" readOnly value={sent.url} style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={sent.url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? "Copied" : "Copy link"}</Button>}</CopyButton>
        </Group>
        <TextInput label="E-mail subject" readOnly value={sent.email.subject} />
        <Textarea label="E-mail text" readOnly value={sent.email.text} autosize minRows={6} />
        <Group justify="space-between">
          <CopyButton value={sent.email.text}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? "Copied" : "Copy e-mail text"}</Button>}</CopyButton>
          {sent.mail.configured ? (
            <Button
              disabled={!sent.mail.to || revoked}
              loading={mail.isPending}
              onClick={() => void mail.mutateAsync().then((r) => toastSuccess(`E-mail sent to ${r.sent_to}`))}
              title={sent.mail.to ? `To ${sent.mail.to}` : "The customer has no e-mail address"}
            >
              Send e-mail
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              E-mail is not set up: copy the text into your own e-mail.
            </Text>
          )}
        </Group>
        <Group justify="flex-end">
          <Button color="red" variant="light" disabled={revoked} loading={revoke.isPending} onClick={() => void revoke.mutateAsync().then(() => setRevoked(true))}>
            Revoke link
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
