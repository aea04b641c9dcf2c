import { Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { MOVEMENT_MESSAGES } from "../../../../core/workshop/movement-definitions";
import { trackingOptionSource } from "../../settings/trackingOptions";
import { useFieldOptions } from "../../platform/form";
import { formatDate } from "../../platform/format";
import { confirmAction, confirmDelete } from "../../platform/modal";
import { useMovementCalls, type MovementRow } from "./api";
import { MovementModal, type MovementStart } from "./MovementModal";

const TRACKING_FIELD = { name: "tracking_option", label: "Tracking option", kind: "select" as const, options: trackingOptionSource() };

/**
 * Complete movement (002 §2, §4): a tracking option is required (the
 * movement's own, else its type's, is offered first); once completed the
 * movement is locked.
 */
export function CompleteMovementModal({ movement: m, onClose }: { movement: MovementRow; onClose: () => void }) {
  const calls = useMovementCalls();
  const { options } = useFieldOptions(TRACKING_FIELD);
  const [option, setOption] = useState<string>(String(m.tracking_option?.id ?? m.movement_type?.tracking_option?.id ?? ""));
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal opened onClose={onClose} title={`Complete Movement ${m.id}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          {m.vehicle_used?.registration ?? m.vehicle ?? ""} on {formatDate(m.delivery_date)}. A completed movement can no longer be edited or deleted.
        </Text>
        <NativeSelect
          label="Tracking option"
          withAsterisk
          value={option}
          error={error}
          onChange={(e) => {
            setOption(e.currentTarget.value);
            setError(undefined);
          }}
          data={[{ value: "", label: "(choose)" }, ...(options ?? []).map((o) => ({ value: o.value, label: o.label }))]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={calls.complete.isPending}
            onClick={() => {
              if (!option) return setError(MOVEMENT_MESSAGES.trackingRequired);
              calls.complete.mutate({ id: m.id, last_saved: m.last_saved, tracking_option: Number(option) }, { onSuccess: onClose });
            }}
          >
            Complete Movement
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Open = { kind: "edit"; movement: MovementRow | null; start?: MovementStart } | { kind: "complete"; movement: MovementRow } | null;

/**
 * What a movement row can do (the /movements page and the job card share
 * it): create and edit in the movement modal, complete with a tracking
 * option, convert a quote movement, delete. Completed movements offer none
 * of these (the server refuses them too).
 */
export function useMovementActions() {
  const calls = useMovementCalls();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const modals: ReactNode =
    open?.kind === "edit" ? (
      <MovementModal movement={open.movement} start={open.start} onClose={close} />
    ) : open?.kind === "complete" ? (
      <CompleteMovementModal movement={open.movement} onClose={close} />
    ) : null;
  return {
    modals,
    create: (start?: MovementStart) => setOpen({ kind: "edit", movement: null, start }),
    edit: (m: MovementRow) => setOpen({ kind: "edit", movement: m }),
    complete: (m: MovementRow) => setOpen({ kind: "complete", movement: m }),
    async convert(m: MovementRow) {
      if (await confirmAction({ title: "Convert Quote Movement", message: `Convert quote movement ${m.id} to a normal movement?`, confirmLabel: "Convert", danger: false }))
        calls.convert.mutate({ id: m.id, last_saved: m.last_saved });
    },
    async remove(m: MovementRow) {
      if (await confirmDelete(`movement ${m.id}`)) calls.remove.mutate(m.id);
    },
  };
}

export type MovementActions = ReturnType<typeof useMovementActions>;

/** The buttons of one row: Edit, Complete, Convert (quotes), Delete; none once completed. */
export function MovementRowButtons({ m, actions }: { m: MovementRow; actions: MovementActions }) {
  if (m.completed) return <Text size="xs" c="dimmed">Completed</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="light" onClick={() => actions.edit(m)}>
        Edit
      </Button>
      {m.movement_status === "QUOTE" ? (
        <Button size="compact-xs" variant="light" color="orange" onClick={() => actions.convert(m)}>
          Convert
        </Button>
      ) : (
        <Button size="compact-xs" variant="light" color="green" onClick={() => actions.complete(m)}>
          Complete
        </Button>
      )}
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => actions.remove(m)}>
        Delete
      </Button>
    </Group>
  );
}
