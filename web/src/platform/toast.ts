import { ApiError } from "./api";

/** 003 §8: notifications stay 10000 ms. */
export const TOAST_MS = 10_000;
export const SAVED_MESSAGE = "Data saved successfully.";
export const GENERIC_ERROR = "There was an error";

/**
 * The notices on screen (issue 24 item 3): drawn by NoticeBar in a bar of
 * its own at the foot of the window, a region no control sits in (the page
 * ends above it), so a notice never covers a button or a field. A notice
 * closes after its time whether or not the pointer rests on it (a hovered
 * toast that paused for good sat on the job card's next action).
 */
export type Notice = { id: string; title: string; message: string; color: string; closable: boolean };
let notices: Notice[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function emit() {
  for (const l of listeners) l();
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentNotices(): Notice[] {
  return notices;
}

/** Show a notice: `autoClose` ms, or false to stay until hidden (the unsaved-data warning). */
export function showNotice(n: Omit<Notice, "id" | "closable"> & { autoClose: number | false; closable?: boolean }): string {
  const id = `notice-${++nextId}`;
  notices = [{ id, title: n.title, message: n.message, color: n.color, closable: n.closable ?? true }, ...notices];
  if (n.autoClose !== false) timers.set(id, setTimeout(() => hideNotice(id), n.autoClose));
  emit();
  return id;
}

export function hideNotice(id: string) {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  if (!notices.some((n) => n.id === id)) return;
  notices = notices.filter((n) => n.id !== id);
  for (const [slot, shown] of showing) if (shown === id) showing.delete(slot);
  emit();
}

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
  if (previous) hideNotice(previous);
  const id = showNotice({ ...toast, autoClose: TOAST_MS });
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

/**
 * Take back the error toasts a form's refusal raised once the form is
 * right again (issue 24 item 3: old warnings stayed stacked after the field
 * was fixed): the field shows its own problem; the toast goes with it.
 */
export function hideErrorToasts() {
  for (const [slot, id] of [...showing]) if (slot.startsWith("error:") || slot.startsWith("warning:")) hideNotice(id);
}
