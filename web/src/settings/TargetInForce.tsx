import { Group, Paper, Text } from "@mantine/core";
import { useApiGet, type ApiRecord } from "../platform/api";
import { formatDate, formatMoney, todayIso } from "../platform/format";
import { Loading } from "../platform/Loading";

/** The weekly target in force today (GET targetlatest?date=). */
export function TargetInForce() {
  const today = todayIso();
  const q = useApiGet<ApiRecord | null>("targetlatest", { date: today }, { resource: "target", errorMessage: "There was an error" });
  return (
    <Paper withBorder p="sm" aria-label="Target in force today" component="section">
      {q.isLoading ? (
        <Loading />
      ) : q.isError ? (
        <Text size="sm" c="red">
          The target in force could not be loaded.
        </Text>
      ) : q.data ? (
        <Group gap="xs">
          <Text size="sm">Target in force today ({formatDate(today)}):</Text>
          <Text size="sm" fw={700}>
            {formatMoney(q.data.weekly_target)}
          </Text>
          <Text size="sm" c="dimmed">
            from {formatDate(q.data.active_from)}
            {q.data.active_to ? ` to ${formatDate(q.data.active_to)}` : ", no end date"}
          </Text>
        </Group>
      ) : (
        <Text size="sm">No weekly target is in force today ({formatDate(today)}).</Text>
      )}
    </Paper>
  );
}
