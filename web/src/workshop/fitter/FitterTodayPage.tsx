import type { FitterRecord } from "../../../../core/settings/types";
import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ApiError, useApiGet, useList } from "../../platform/api";
import { formatDate } from "../../platform/format";
import { Loading } from "../../platform/Loading";
import { Page } from "../../platform/page";
import { jobStatusLabel, makeOf, modelOf, registrationOf, type Job } from "../jobFormat";
import { fitterOnDevice } from "./device";

const ERROR = "An error occurred!";
/** Tap targets of the phone pages: at least 44 px (docs/fitter-phone.md). */
export const TAP = 48;

type Fitter = FitterRecord;
type Today = { date: string; fitter: { id: number; name: string | null }; count: number; results: Job[] };

/** The fitter picker: one large button per fitter of the settings (GET fitters, page size 1000). */
function PickFitter({ onPick }: { onPick: (id: number) => void }) {
  const fitters = useList<Fitter>("fitters", { page_size: 1000 }, { errorMessage: ERROR });
  if (fitters.isLoading) return <Loading />;
  const list = fitters.data?.results ?? [];
  return (
    <Stack gap="sm" aria-label="Choose fitter">
      <Text>Which fitter are you? This phone remembers it.</Text>
      {list.length === 0 && <Text c="dimmed">No fitters are set up yet (Settings, Fitters).</Text>}
      {list.map((f) => (
        <Button key={f.id} size="lg" mih={TAP} fullWidth variant="light" onClick={() => onPick(f.id)}>
          {f.name}
        </Button>
      ))}
    </Stack>
  );
}

/** One of today's jobs: the whole card is the link to the job. */
function JobRow({ job }: { job: Job }) {
  return (
    <UnstyledButton component={Link} to={`/fitter/jobs/${job.id}`} aria-label={`Job ${job.id} ${registrationOf(job)}`} style={{ display: "block", minHeight: TAP }}>
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="lg">
            {registrationOf(job) || `Job ${job.id}`}
          </Text>
          <Badge variant="light">{jobStatusLabel(job)}</Badge>
        </Group>
        <Text size="sm">{[makeOf(job), modelOf(job)].filter(Boolean).join(" ")}</Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {job.job_description ?? ""}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

function TodaysJobs({ fitter, onChange }: { fitter: number; onChange: () => void }) {
  const today = useApiGet<Today>("fitterjobs", { fitter }, { errorMessage: ERROR });
  if (today.isLoading) return <Loading />;
  // The fitter this phone remembered is gone (deleted): pick again.
  if (today.error instanceof ApiError && today.error.status === 404) {
    return (
      <Stack>
        <Text>That fitter is no longer set up.</Text>
        <Button size="lg" mih={TAP} onClick={onChange}>
          Choose fitter
        </Button>
      </Stack>
    );
  }
  const data = today.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>
          {data?.fitter.name ?? ""} · {formatDate(data?.date)}
        </Text>
        <Button variant="subtle" mih={TAP} onClick={onChange}>
          Not you?
        </Button>
      </Group>
      {data && data.results.length === 0 && <Text c="dimmed">No jobs for you today.</Text>}
      <Stack gap="sm" aria-label="Today's jobs">
        {(data?.results ?? []).map((j) => (
          <JobRow key={j.id} job={j} />
        ))}
      </Stack>
    </Stack>
  );
}

/** /fitter: the fitter's jobs of today on a phone (issue 26, docs/fitter-phone.md). */
export function FitterTodayPage() {
  const [fitter, setFitter] = useState<number | null>(() => fitterOnDevice.get());
  return (
    <Page title="Today's jobs">
      <div style={{ maxWidth: 560 }}>
        {fitter === null ? (
          <PickFitter
            onPick={(id) => {
              fitterOnDevice.set(id);
              setFitter(id);
            }}
          />
        ) : (
          <TodaysJobs
            fitter={fitter}
            onChange={() => {
              fitterOnDevice.clear();
              setFitter(null);
            }}
          />
        )}
      </div>
    </Page>
  );
}
