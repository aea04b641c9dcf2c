import { Anchor, Badge, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { MESSAGES, afterReadyForCollection, statusChangeRules } from "../../../../core/workshop/rules";
import { uploadSignedFile, useUploadConfirm, UPLOAD_MESSAGES } from "../../fleet/shared/uploads";
import { api, keys, useApiMutation, useGet, useOne, type ApiRecord } from "../../platform/api";
import { NO_FORM, useSaveCycle } from "../../platform/form";
import { formatDateTime } from "../../platform/format";
import { lazyPart } from "../../platform/lazyPart";
import { Loading } from "../../platform/Loading";
import { Page } from "../../platform/page";
import { toastError, toastSuccess, toastWarning } from "../../platform/toast";
import { jobStatusLabel, makeOf, modelOf, nameOf, registrationOf, type Job } from "../jobFormat";
import { workshopQuery } from "../queries";
import { TAP } from "./FitterTodayPage";
import { scalePhoto } from "./photo";

const ERROR = "An error occurred!";
// The job card's own modals after Ready For Collection (002 §4), loaded when drawn.
const jobModals = () => import("../JobModals");
const InstructionsModal = lazyPart(jobModals, "InstructionsModal");
const ChangeKeyModal = lazyPart(jobModals, "ChangeKeyModal");

type Comment = { id?: number; text?: string | null; created?: string | null; creator_name?: string | null };
type Image = ApiRecord & { url: string; content_type: string };
type Body = Record<string, unknown>;
/** A photo on its way: its name, how far, and whether it is being tried again. */
type Sending = { id: string; name: string; pct: number; retry: number };

/** How many times a photo is sent when the connection drops (the same upload_id every time: no duplicate). */
const PHOTO_ATTEMPTS = 4;

/** The phone's view of one job (issue 26, docs/fitter-phone.md): every write is one of the job card's own calls. */
function FitterJob({ job, reload }: { job: Job; reload: () => Promise<unknown> }) {
  const qc = useQueryClient();
  const [note, setNote] = useState("");
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [modal, setModal] = useState<null | { kind: "instructions"; text: string[] } | { kind: "key" }>(null);
  const camera = useRef<HTMLInputElement>(null);
  // One write at a time, each on the copy the previous one answered (its last_saved).
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const images = useGet<{ count: number; results: Image[] }>(workshopQuery.images({ job: job.id }), { errorMessage: "There was an error" });
  const confirm = useUploadConfirm("images", "images");

  const current = () => qc.getQueryData<Job>(keys.one("jobs", String(job.id))) ?? job;
  const take = (updated: Job) => {
    qc.setQueryData(keys.one("jobs", String(updated.id)), updated);
    void qc.invalidateQueries({ queryKey: keys.lists("jobs") });
    void qc.invalidateQueries({ queryKey: keys.all("fitterjobs") });
  };

  // The job card's own writes (JobEditPage: PUT jobs/{id}, PUT jobs/returned/{id}); the answer is the job as stored.
  type JobWrite = { path: string; body: Body };
  const jobWrite = { send: (w: JobWrite) => w.body, invalidates: ["jobstatuscount", "fitterjobs"] };
  const tickWrite = useApiMutation<JobWrite, Job>("PUT", (w) => w.path, { ...jobWrite, errorMessage: ERROR, silent: true });
  const noteWrite = useApiMutation<JobWrite, Job>("PUT", (w) => w.path, { ...jobWrite, errorMessage: ERROR });
  const statusWrite = useApiMutation<JobWrite, Job>("PUT", (w) => w.path, { ...jobWrite, errorMessage: MESSAGES.statusChange });
  // 002 §5: a copy saved elsewhere is a 409: the query client shows its message, then the latest copy is fetched (what was typed stays typed).
  const reloading = useRef<Promise<unknown>>(Promise.resolve());
  const cycle = useSaveCycle(NO_FORM, {
    onConflict: () => {
      reloading.current = reload();
    },
    toastRefusals: false,
  });

  /** One write at a time, each sent with the last_saved of the copy the previous one answered. */
  const write = (how: typeof tickWrite, path: string, build: (j: Job) => Body): Promise<Job | null> => {
    // After a 409 the next write waits for the latest copy (its last_saved).
    const run = chain.current.then(async () => {
      await reloading.current;
      return cycle.run(async () => {
        const j = current();
        const updated = await how.mutateAsync({ path, body: { ...build(j), last_saved: j.last_saved } });
        take(updated);
        return updated;
      });
    });
    chain.current = run;
    return run;
  };

  const items = job.work_items ?? [];
  const setDone = async (workId: number, done: boolean) => {
    setPending((p) => ({ ...p, [workId]: done }));
    await write(tickWrite, `jobs/${job.id}`, (j) => ({ work_items: (j.work_items ?? []).map((w) => (w.id === workId ? { ...w, complete: done } : w)) }));
    setPending(({ [workId]: _done, ...rest }) => rest);
  };

  const addNote = async () => {
    const text = note.trim();
    if (!text) return;
    setBusy("note");
    // 002 §3 Comment: the note is a new comment; who wrote it and when are the server's.
    const saved = await write(noteWrite, `jobs/${job.id}`, (j) => ({ comments_list: [...((j.comments_list as Comment[] | undefined) ?? []), { text }] }));
    setBusy(null);
    if (saved) setNote("");
  };

  const changeStatus = async (to: string) => {
    const refused = statusChangeRules(current(), to);
    if (refused) return toastWarning(refused.message);
    setBusy(to);
    const updated = await write(statusWrite, `jobs/returned/${job.id}`, () => ({ status: to }));
    setBusy(null);
    if (!updated) return;
    if (to === "READY_FOR_COLLECTION") {
      const after = afterReadyForCollection([updated.customer, updated.customer2], updated.vehicle);
      if (after.workshop_instructions.length) setModal({ kind: "instructions", text: after.workshop_instructions });
      else if (after.change_key) setModal({ kind: "key" });
    }
  };

  /** A photo: scaled on the phone, then the job images' presigned upload under one upload_id, tried again on a dropped connection. */
  const sendPhoto = async (original: File) => {
    const uploadId = crypto.randomUUID();
    const file = await scalePhoto(original);
    const update = (patch: Partial<Sending>) => setSending((s) => s.map((x) => (x.id === uploadId ? { ...x, ...patch } : x)));
    setSending((s) => [...s, { id: uploadId, name: original.name || "photo", pct: 0, retry: 0 }]);
    try {
      await uploadSignedFile(
        file,
        (pct) => update({ pct }),
        (fileType) => api("GET", "jobimageupload", { query: { job: job.id, file_type: fileType, upload_id: uploadId } }),
        (key) => confirm({ job: job.id, key, name: file.name }),
        { attempts: PHOTO_ATTEMPTS, onRetry: (n) => update({ retry: n, pct: 0 }) },
      );
      toastSuccess(UPLOAD_MESSAGES.uploaded);
    } catch (e) {
      toastError(e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.failed);
    } finally {
      setSending((s) => s.filter((x) => x.id !== uploadId));
      void images.refetch();
      void qc.invalidateQueries({ queryKey: keys.one("jobs", String(job.id)) });
    }
  };

  const status = String(job.status ?? "IN_PROGRESS");
  const normal = !job.is_defect && !job.is_enquiry;
  const open = normal && !job.approved;
  const comments = (job.comments_list as Comment[] | undefined) ?? [];

  return (
    <Stack gap="md" pb={open ? 96 : 0}>
      <Card withBorder padding="sm" aria-label="Vehicle">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="xl">
            {registrationOf(job)}
          </Text>
          <Badge size="lg" variant="light" aria-label="Job status">
            {job.approved ? "APPROVED" : jobStatusLabel(job)}
          </Badge>
        </Group>
        <Text>{[makeOf(job), modelOf(job)].filter(Boolean).join(" ")}</Text>
        <Text size="sm" c="dimmed">
          Job {job.id}
          {job.fitter ? ` · ${nameOf(job.fitter, "name")}` : ""}
        </Text>
        {job.job_description && (
          <Text mt="xs" style={{ whiteSpace: "pre-wrap" }} aria-label="Job description">
            {job.job_description}
          </Text>
        )}
      </Card>

      <Stack gap="sm" component="section" aria-label="Work items">
        <Text fw={600}>Work</Text>
        {items.length === 0 && <Text c="dimmed">No work items.</Text>}
        {items.map((w) => {
          const done = pending[w.id] ?? !!w.complete;
          const label = w.description || `Work item ${w.id}`;
          return (
            <Card key={w.id} withBorder padding="sm" aria-label={`Work item ${label}`}>
              <Text fw={600} style={{ whiteSpace: "pre-wrap" }}>
                {label}
              </Text>
              {w.work_type && (
                <Text size="xs" c="dimmed">
                  {nameOf(w.work_type, "name")}
                </Text>
              )}
              {(w.parts ?? []).length > 0 && (
                <Stack gap={2} mt={4} aria-label="Parts">
                  {(w.parts ?? []).map((p) => (
                    <Text key={p.id} size="sm">
                      • {p.name}
                      {p.part_number ? ` (${p.part_number})` : ""}
                    </Text>
                  ))}
                </Stack>
              )}
              <Group grow gap="xs" mt="sm" role="group" aria-label={`${label}: done or not done`}>
                <Button size="lg" mih={TAP} color="green" variant={done ? "filled" : "default"} aria-pressed={done} disabled={!open} onClick={() => void setDone(w.id, true)}>
                  Done
                </Button>
                <Button size="lg" mih={TAP} color="gray" variant={done ? "default" : "filled"} aria-pressed={!done} disabled={!open} onClick={() => void setDone(w.id, false)}>
                  Not Done
                </Button>
              </Group>
            </Card>
          );
        })}
      </Stack>

      <Stack gap="xs" component="section" aria-label="Notes">
        <Text fw={600}>Notes</Text>
        {comments.map((c, i) => (
          <Card key={c.id ?? i} withBorder padding="xs">
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {c.text ?? ""}
            </Text>
            <Text size="xs" c="dimmed">
              {[c.creator_name, c.created ? formatDateTime(c.created) : ""].filter(Boolean).join(" · ")}
            </Text>
          </Card>
        ))}
        <Textarea label="New note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={3} maxLength={4000} disabled={!!job.approved} />
        <Button size="lg" mih={TAP} onClick={() => void addNote()} loading={busy === "note"} disabled={!note.trim() || !!job.approved}>
          Add note
        </Button>
      </Stack>

      <Stack gap="xs" component="section" aria-label="Photos">
        <Text fw={600}>Photos{images.data ? ` (${images.data.count})` : ""}</Text>
        {/* The phone's camera opens straight away; a photo from the gallery is fine too. */}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label="Photo"
          style={{ display: "none" }}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = "";
            for (const f of files) void sendPhoto(f);
          }}
        />
        <Button size="lg" mih={TAP} variant="light" onClick={() => camera.current?.click()}>
          Take photo
        </Button>
        {sending.map((s) => (
          <div key={s.id}>
            <Text size="xs">
              {s.name}: {s.pct}%{s.retry ? ` (connection lost, try ${s.retry} of ${PHOTO_ATTEMPTS})` : ""}
            </Text>
            <Progress value={s.pct} aria-label={`Upload of ${s.name}`} />
          </div>
        ))}
        <SimpleGrid cols={3} spacing="xs" aria-label="Job photos">
          {(images.data?.results ?? []).map((img) => (
            <Anchor key={img.id} href={img.url} target="_blank" data-testid="fitter-photo">
              {img.content_type === "application/pdf" ? "PDF document" : <Image src={img.url} alt={`Job photo ${img.id}`} h={96} fit="cover" radius="sm" />}
            </Anchor>
          ))}
        </SimpleGrid>
      </Stack>

      {/* Within the thumb's reach: the status buttons sit at the foot of the screen (the job card's rules, 002 §4). */}
      {open && (status === "IN_PROGRESS" || status === "RETURNED_FROM_WORKSHOP") && (
        <div
          aria-label="Job actions"
          role="region"
          style={{ position: "fixed", left: 0, right: 0, bottom: 0, padding: "var(--mantine-spacing-sm)", background: "var(--mantine-color-body)", borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 150 }}
        >
          {status === "IN_PROGRESS" && (
            <Button size="lg" mih={TAP} fullWidth loading={busy === "RETURNED_FROM_WORKSHOP"} onClick={() => void changeStatus("RETURNED_FROM_WORKSHOP")}>
              Returned From Workshop
            </Button>
          )}
          {status === "RETURNED_FROM_WORKSHOP" && (
            <Button size="lg" mih={TAP} fullWidth loading={busy === "READY_FOR_COLLECTION"} onClick={() => void changeStatus("READY_FOR_COLLECTION")}>
              Ready For Collection
            </Button>
          )}
        </div>
      )}

      <Suspense fallback={null}>
        {modal?.kind === "instructions" && (
          <InstructionsModal
            instructions={modal.text}
            onClose={() => setModal(afterReadyForCollection([], current().vehicle).change_key ? { kind: "key" } : null)}
          />
        )}
        {modal?.kind === "key" && job.vehicle && <ChangeKeyModal vehicle={job.vehicle as { id: number; registration?: string }} onClose={() => setModal(null)} />}
      </Suspense>
    </Stack>
  );
}

/** /fitter/jobs/{id}: one job on the fitter's phone. */
export function FitterJobPage() {
  const { job: id } = useParams();
  const q = useOne<Job>("jobs", id ?? null, { errorMessage: ERROR });
  return (
    <Page
      title={q.data ? `Job ${q.data.id}` : "Job"}
      actions={
        <Anchor component={Link} to="/fitter" style={{ display: "inline-flex", alignItems: "center", minHeight: TAP }}>
          Today's jobs
        </Anchor>
      }
    >
      <div style={{ maxWidth: 560 }}>{q.isLoading ? <Loading /> : q.data ? <FitterJob job={q.data} reload={() => q.refetch()} /> : <Text c="red">This job could not be loaded.</Text>}</div>
    </Page>
  );
}
