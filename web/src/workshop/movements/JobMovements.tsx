import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useList } from "../../platform/api";
import type { MovementRow } from "./api";
import { useMovementActions } from "./actions";
import type { MovementStart } from "./MovementModal";
import { MovementsTable } from "./MovementsTable";

/**
 * The job card's movements table and Create Movement button (002 §2: only
 * for saved jobs that are not defects or enquiries; the job card decides
 * when to draw it). `start` fills a new movement from the job (its
 * customer, department and vehicle); the job's movements are one list
 * read (GET movement?job=).
 */
export function JobMovements({ jobId, start, disabled }: { jobId: number; start?: Omit<MovementStart, "job">; disabled?: boolean }) {
  const actions = useMovementActions();
  const list = useList<MovementRow>("movement", { job: jobId, page_size: 1000 }, { errorMessage: "There was an error" });
  const rows = list.data?.results ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Movements
        </Title>
        <Button size="xs" disabled={disabled} onClick={() => actions.create({ ...start, job: jobId })}>
          Create Movement
        </Button>
      </Group>
      <MovementsTable label="Job movements" rows={rows} actions={actions} loading={list.isLoading} error={list.isError && !list.data} showSource={false} />
      {rows.length ? (
        <Text size="xs" c="dimmed">
          {rows.length} movement{rows.length === 1 ? "" : "s"} for this job.
        </Text>
      ) : null}
      {actions.modals}
    </Stack>
  );
}
