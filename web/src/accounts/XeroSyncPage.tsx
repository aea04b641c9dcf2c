import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { formatDateTime } from "../platform/format";
import { ListPager, ListTable, ListTabs, useListController, type Column } from "../platform/list";
import { Page } from "../platform/page";
import { ReconciliationSection } from "./ReconciliationSection";
import { STATUS_COLOR, STATUS_LABEL, TARGET_LABEL, XERO_MESSAGES, pushMessages, sourceLink, useRetryPush, useSyncNow, useXeroStatus, type PushRow } from "./xero";

const QUEUED = { status: "PENDING" };
const TABS = [
  { value: "PENDING", label: "Queued" },
  { value: "SENT", label: "Sent" },
  { value: "FAILED", label: "Failed" },
  { value: "HELD", label: "Held back" },
];

/**
 * /xero: what waits for Xero, what went and what Xero refused (issue 14,
 * "Watching it"), 25 a page newest first; each row links to its record,
 * shows Xero's own validation messages and can be sent again; "Send to Xero
 * now" runs the sync (003 §8 toasts).
 */
export function XeroSyncPage() {
  // Queued is the first tab, kept out of the URL; the API is always asked for one state.
  const rows = useListController<PushRow>({ resource: "xero", path: "xero/pushes", filters: ["status"], tabs: ["status"], fixed: QUEUED, errorMessage: XERO_MESSAGES.failed });
  const status = rows.filters.status ?? "PENDING";
  const xero = useXeroStatus();
  const retry = useRetryPush();
  const sync = useSyncNow();
  const s = xero.data;

  const columns: Column<PushRow>[] = [
    {
      key: "label",
      header: "Record",
      render: (r) => (
        <Anchor component={Link} to={sourceLink(r)} size="sm">
          {r.label || `${r.source_type} ${r.source_id}`}
        </Anchor>
      ),
    },
    { key: "target", header: "Sent as", render: (r) => TARGET_LABEL[r.target] ?? r.target },
    { key: "status", header: "State", render: (r) => <Badge color={STATUS_COLOR[r.status]} variant="light">{STATUS_LABEL[r.status] ?? r.status}</Badge> },
    { key: "version", header: "Version" },
    { key: "attempts", header: "Attempts" },
    { key: "xero_id", header: "Xero id", render: (r) => <Text size="xs" ff="monospace">{r.xero_id ?? ""}</Text> },
    {
      key: "when",
      header: status === "SENT" ? "Sent" : status === "FAILED" ? "Next try" : "Queued",
      render: (r) => formatDateTime(status === "SENT" ? r.sent_at : status === "FAILED" ? r.retry_at : r.queued_at),
    },
    {
      key: "errors",
      header: status === "HELD" ? "Why" : "Xero says",
      render: (r) => {
        const messages = pushMessages(r);
        return messages.length ? (
          <List size="xs" c={r.status === "HELD" ? "orange" : "red"} spacing={0} aria-label={r.status === "HELD" ? "Why it is held back" : "Xero's messages"}>
            {messages.map((m, i) => (
              <List.Item key={i}>{m}</List.Item>
            ))}
          </List>
        ) : null;
      },
    },
    {
      key: "retry",
      header: "",
      render: (r) =>
        r.status === "SENT" || r.status === "HELD" ? null : (
          <Button size="compact-xs" variant="light" loading={retry.isPending && retry.variables?.id === r.id} onClick={() => retry.mutate({ id: r.id })} aria-label={`Retry ${r.label ?? r.id}`}>
            Retry
          </Button>
        ),
    },
  ];

  return (
    <Page
      title="Xero Sync"
      actions={
        <Button size="xs" onClick={() => sync.mutate({})} loading={sync.isPending}>
          Send to Xero now
        </Button>
      }
    >
      {s &&
        (s.connected ? (
          <Alert color={s.failed ? "red" : "green"} variant="light" title="Connected to Xero" role="status">
            {s.pending} queued, {s.sending} sending, {s.sent} sent, {s.failed} failed
          </Alert>
        ) : (
          <Alert color="yellow" variant="light" title="Xero" role="status">
            {s.message ?? `Xero is not connected: ${s.pending + s.sending} waiting`}
          </Alert>
        ))}
      {s && !!s.held && (
        <Alert color="orange" variant="light" title="Held back" aria-label="Held back">
          {s.held} {s.held === 1 ? "document is" : "documents are"} not sent to Xero: each waits for what its reason names (a department&apos;s Xero mapping, Settings &gt; Departments; or, for payments, the Xero payments account, Settings &gt; Defaults). See the Held back tab; each is queued once that is set.
        </Alert>
      )}
      <Stack gap="xs">
        <Group>
          <ListTabs list={rows} param="status" label="Push state" tabs={TABS} variant="tabs" />
        </Group>
        <ListTable<PushRow> label="Xero pushes" columns={columns} rows={rows.results} loading={rows.isLoading} error={rows.isError} empty="Nothing here." />
        <ListPager list={rows} noun={["record", "records"]} />
      </Stack>
      <ReconciliationSection />
    </Page>
  );
}
