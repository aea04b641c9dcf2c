import { notifications } from "@mantine/notifications";
import { ApiError } from "./api";

/** 003 §8: notifications stay 10000 ms. */
export const TOAST_MS = 10_000;
export const SAVED_MESSAGE = "Data saved successfully.";
export const GENERIC_ERROR = "There was an error";

export function toastError(message: string, title = "Error") {
  notifications.show({ title, message, color: "red", autoClose: TOAST_MS, withBorder: true });
}

export function toastSuccess(message = SAVED_MESSAGE) {
  notifications.show({ title: "Success", message, color: "green", autoClose: TOAST_MS, withBorder: true });
}

export function toastWarning(message: string, title = "Warning!") {
  notifications.show({ title, message, color: "yellow", autoClose: TOAST_MS, withBorder: true });
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
