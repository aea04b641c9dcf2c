import { notifications } from "@mantine/notifications";
import { ApiError } from "./api";

/** 003 §8: notifications stay 10000 ms. */
export const TOAST_MS = 10_000;
export const SAVED_MESSAGE = "Data saved successfully.";
export const GENERIC_ERROR = "There was an error";

/** The toast on screen for each slot: a new toast in the same slot replaces it. */
const showing = new Map<string, string>();

/**
 * One toast per slot at a time (four saves in a row leave one 'Success', not
 * four stacked up): successes share one slot; errors and warnings one slot
 * per message, so two different failures both stay readable. The newcomer
 * gets its own full 10 seconds.
 */
function show(slot: string, toast: { title: string; message: string; color: string }) {
  const previous = showing.get(slot);
  if (previous) notifications.hide(previous);
  const id = notifications.show({
    ...toast,
    autoClose: TOAST_MS,
    withBorder: true,
    onClose: () => {
      if (showing.get(slot) === id) showing.delete(slot);
    },
  });
  showing.set(slot, id);
}

export function toastError(message: string, title = "Error") {
  show(`error:${title}:${message}`, { title, message, color: "red" });
}

export function toastSuccess(message = SAVED_MESSAGE) {
  show("success", { title: "Success", message, color: "green" });
}

export function toastWarning(message: string, title = "Warning!") {
  show(`warning:${title}:${message}`, { title, message, color: "yellow" });
}

/**
 * What a failed call says: a 400/409 (and a 401/403) carries the server's
 * wording, which is the spec's; anything else shows the screen's own spec
 * message, or 'There was an error' where the spec has none.
 */
export function errorText(err: unknown, screenMessage?: string): string {
  if (err instanceof ApiError && [400, 401, 403, 409].includes(err.status) && err.message) return err.message;
  return screenMessage ?? GENERIC_ERROR;
}

let lastAuthToast = 0;
/** Raised for every failed call (queries and mutations alike). */
export function toastFailure(err: unknown, screenMessage?: string) {
  if (err instanceof ApiError && err.status === 401) {
    // Several calls may fail together when a session ends: one toast.
    if (Date.now() - lastAuthToast < 2000) return;
    lastAuthToast = Date.now();
  }
  toastError(errorText(err, screenMessage));
}
