import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";

/**
 * The one confirm dialog: resolves true when the user confirms.
 * Used for deletes and any other step that cannot be undone.
 */
export function confirmAction(opts: { title: string; message: ReactNode; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (v: boolean) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    modals.openConfirmModal({
      title: opts.title,
      centered: true,
      children: typeof opts.message === "string" ? <Text size="sm">{opts.message}</Text> : opts.message,
      labels: { confirm: opts.confirmLabel ?? "Delete", cancel: "Cancel" },
      confirmProps: { color: opts.danger === false ? undefined : "red" },
      onConfirm: () => done(true),
      onCancel: () => done(false),
      onClose: () => done(false),
    });
  });
}

export function confirmDelete(what: string): Promise<boolean> {
  return confirmAction({ title: "Delete", message: `Delete ${what}? This cannot be undone.`, confirmLabel: "Delete" });
}

/** A modal's closing row: Cancel, then the one action it exists for (busy while it runs). */
export function ModalActions({ onCancel, onSubmit, label, busy, disabled }: { onCancel: () => void; onSubmit: () => void; label: string; busy?: boolean; disabled?: boolean }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onSubmit} loading={busy} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
