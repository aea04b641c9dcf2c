import { Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { useApiGet } from "../platform/api";
import { formatDateTime } from "../platform/format";
import { STATUS_COLOR, STATUS_LABEL, TARGET_LABEL, XERO_MESSAGES, pushMessages, useRetryPush, type PushRow } from "./xero";

/**
 * A record's Xero state on its own screen (issue 14): for each push of the
 * record (a contact can be customer and supplier), queued / sent / failed,
 * Xero's id, Xero's own validation messages and a Retry. Reads
 * GET xero/pushes/source/{sourceType}/{sourceId}.
 */
export function XeroState({ sourceType, sourceId, compact }: { sourceType: string; sourceId: string | number | null | undefined; compact?: boolean }) {
  const enabled = sourceId !== null && sourceId !== undefined && sourceId !== "";
  const path = `xero/pushes/source/${encodeURIComponent(sourceType)}/${encodeURIComponent(String(sourceId ?? ""))}`;
  const q = useApiGet<{ count: number; results: PushRow[] } | PushRow[]>(path, undefined, { resource: "xero", enabled, errorMessage: XERO_MESSAGES.failed });
  const retry = useRetryPush();
  if (!enabled || !q.data) return null;
  const rows = Array.isArray(q.data) ? q.data : q.data.results;
  if (compact) {
    // In a table row (nominal codes): the state as a badge, Xero's messages as its title, the sync page one click away.
    if (rows.length === 0) return null;
    return (
      <Group gap={4} wrap="nowrap" aria-label="Xero state">
        {rows.map((r) => (
          <Anchor key={r.id} component={Link} to={`/xero${r.status === "FAILED" ? "?status=FAILED" : r.status === "SENT" ? "?status=SENT" : ""}`} title={pushMessages(r).join("\n") || r.xero_id || undefined}>
            <Badge size="sm" variant="light" color={STATUS_COLOR[r.status]}>
              Xero: {STATUS_LABEL[r.status] ?? r.status}
            </Badge>
          </Anchor>
        ))}
      </Group>
    );
  }
  return (
    <Paper withBorder p="xs" aria-label="Xero state">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Xero
          </Text>
          {rows.length === 0 && (
            <Text size="xs" c="dimmed">
              Not sent to Xero
            </Text>
          )}
          <Anchor component={Link} to="/xero" size="xs">
            Xero Sync
          </Anchor>
        </Group>
        {rows.map((r) => {
          const messages = pushMessages(r);
          return (
            <Stack key={r.id} gap={2}>
              <Group gap="xs" wrap="wrap">
                <Text size="xs">{TARGET_LABEL[r.target] ?? r.target}</Text>
                <Badge size="sm" variant="light" color={STATUS_COLOR[r.status]}>
                  {STATUS_LABEL[r.status] ?? r.status}
                </Badge>
                <Text size="xs" c="dimmed">
                  version {r.version}, {r.attempts} {r.attempts === 1 ? "attempt" : "attempts"}
                  {r.sent_at ? `, sent ${formatDateTime(r.sent_at)}` : ""}
                </Text>
                {r.xero_id && (
                  <Text size="xs" ff="monospace" aria-label="Xero id">
                    {r.xero_id}
                  </Text>
                )}
                {r.status !== "SENT" && (
                  <Button size="compact-xs" variant="light" loading={retry.isPending && retry.variables?.id === r.id} onClick={() => retry.mutate({ id: r.id })}>
                    Retry
                  </Button>
                )}
              </Group>
              {messages.map((m, i) => (
                <Text key={i} size="xs" c="red">
                  {m}
                </Text>
              ))}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
