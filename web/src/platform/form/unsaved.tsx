import { Button, Group, Modal, Text } from "@mantine/core";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { useBlocker } from "react-router-dom";
import { hideNotice, showNotice } from "../toast";
import { isInPageChange } from "../url";

type Registry = { set: (id: string, dirty: boolean) => void };
const DirtyContext = createContext<Registry | null>(null);

export const UNSAVED_MESSAGE = "You have unsaved changes. Leave without saving them?";

/**
 * One guard for the whole app (a router allows one blocker): forms report
 * whether they hold unsaved edits; while any does, in-app navigation asks
 * first and closing or reloading the tab raises the browser's warning.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirtyIds, setDirtyIds] = useState<ReadonlySet<string>>(new Set());
  const set = useCallback((id: string, dirty: boolean) => {
    setDirtyIds((prev) => {
      if (prev.has(id) === dirty) return prev;
      const next = new Set(prev);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const anyDirty = dirtyIds.size > 0;

  // A list's own search, filter or page landing (a debounced search may land after a
  // modal form was opened) keeps the screen and its forms: only leaving it asks.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyDirty &&
      (currentLocation.pathname !== nextLocation.pathname || (currentLocation.search !== nextLocation.search && !isInPageChange(nextLocation.state))),
  );

  useEffect(() => {
    if (!anyDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [anyDirty]);

  const registry = useMemo(() => ({ set }), [set]);
  return (
    <DirtyContext.Provider value={registry}>
      {children}
      <Modal opened={blocker.state === "blocked"} onClose={() => blocker.reset?.()} title="Unsaved changes" centered>
        <Text size="sm">{UNSAVED_MESSAGE}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button
            color="red"
            onClick={() => {
              setDirtyIds(new Set());
              blocker.proceed?.();
            }}
          >
            Leave without saving
          </Button>
        </Group>
      </Modal>
    </DirtyContext.Provider>
  );
}

/** Report a form's unsaved state to the guard. */
export function useUnsavedChanges(dirty: boolean) {
  const registry = useContext(DirtyContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, dirty);
  }, [registry, id, dirty]);
  useEffect(() => () => registry?.set(id, false), [registry, id]);
}

/** 002 §4 Unsaved changes: the persistent warning's title. */
export const NOT_YET_SAVED = "Warning: Data not yet saved!";

/**
 * The workshop screens' persistent unsaved-data warning (002 §4, §9: it
 * never closes on its own): shown while `dirty`, gone once a save succeeds
 * (or the edits are undone), on top of the navigation guard above.
 */
export function useUnsavedNotice(dirty: boolean, message = "Save to keep your changes.") {
  useEffect(() => {
    if (!dirty) return;
    const id = showNotice({ title: NOT_YET_SAVED, message, color: "orange", autoClose: false, closable: false });
    return () => {
      hideNotice(id);
    };
  }, [dirty, message]);
}
