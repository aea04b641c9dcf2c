import { Badge, Button, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { RESOLUTION_NOTE_MAX, RESOLVE_MESSAGES } from "../../../../core/fleet/compliance-rules";
import { WARNING_LABELS, type WarningKind } from "../../../../core/fleet/registration-rules";
import type { ComplianceWarningRecord } from "../../../../core/fleet/types";
import { useUpdate } from "../../platform/api";
import { FormWarning, NO_FORM, useSaveCycle } from "../../platform/form";
import { formatDate, formatDateTime } from "../../platform/format";
import { ModalActions } from "../../platform/modal";

/** A compliance warning as GET compliance answers it, inferred from its record type (core/fleet/compliance.ts `warningFields`). */
export type WarningRow = ComplianceWarningRecord;

/** A warning's kind as a badge: red for what is overdue or wrong, yellow for what is coming, orange for the rest. */
export function WarningBadge({ kind }: { kind: WarningKind }) {
  const color = kind.endsWith("EXPIRED") || kind === "CLOCKING" || kind === "MOT_FAILED" ? "red" : kind.endsWith("DUE") ? "yellow" : "orange";
  return <Badge color={color}>{WARNING_LABELS[kind]}</Badge>;
}

/** Who resolved a warning and when, with the note: the list's and the vehicle's line. */
export function ResolvedBy({ w }: { w: WarningRow }) {
  if (!w.resolved_at) return null;
  return (
    <Text size="xs" c="dimmed">
      Resolved {formatDateTime(w.resolved_at)} by {w.resolved_by}
      {w.resolution_note ? `: ${w.resolution_note}` : ""}
    </Text>
  );
}

/**
 * Resolve (a note optional) or Reopen one compliance warning: PUT
 * compliance/{id} with the last_saved it was read with (409 when saved
 * elsewhere since). A resolved warning leaves the open lists; the fleet
 * check never records it again (docs/compliance.md "Resolving a warning").
 * The compliance page's rows and the vehicle screen's warnings use it.
 */
export function ResolveWarningButton({ w }: { w: WarningRow }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const { warning, run } = useSaveCycle(NO_FORM);
  const save = useUpdate<WarningRow>("compliance", { successMessage: w.resolved_at ? "Warning reopened" : "Warning resolved" });
  const label = `${WARNING_LABELS[w.kind]} of ${w.registration} (${formatDate(w.date)})`;
  const send = (resolved: boolean) =>
    run(
      async () => {
        await save.mutateAsync({ id: w.id, body: { last_saved: w.last_saved, resolved, note: resolved ? note.trim() || null : null } });
        setOpen(false);
      },
      { refusal: () => (note.trim().length > RESOLUTION_NOTE_MAX ? { message: RESOLVE_MESSAGES.note, errors: {} } : null) },
    );
  if (w.resolved_at)
    return (
      <Button size="compact-xs" variant="default" aria-label={`Reopen ${label}`} loading={save.isPending} onClick={() => void send(false)}>
        Reopen
      </Button>
    );
  return (
    <>
      <Button size="compact-xs" variant="light" aria-label={`Resolve ${label}`} onClick={() => setOpen(true)}>
        Resolve
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Resolve warning" centered>
        <Stack gap="sm">
          <FormWarning warning={warning} />
          <Text size="sm">
            {label}: {w.message}
          </Text>
          <Text size="xs" c="dimmed">
            A resolved warning leaves the list (Show resolved shows it); the nightly check does not raise it again. A new MOT or tax date raises a new one.
          </Text>
          <Textarea label="Note (optional)" autosize minRows={2} maxLength={RESOLUTION_NOTE_MAX} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <ModalActions onCancel={() => setOpen(false)} onSubmit={() => void send(true)} label="Resolve" busy={save.isPending} />
        </Stack>
      </Modal>
    </>
  );
}
