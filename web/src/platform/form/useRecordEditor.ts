import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { ApiError, useCreate, useRemove, useUpdate, type ApiRecord } from "../api";
import { confirmDelete } from "../modal";
import { toastWarning } from "../toast";
import { initialValues, isNumeric, validateValues, type FieldDef, type FormErrors, type FormValues } from "./fields";
import { useChildRows } from "./useChildRows";
import { useRecordForm, type RecordForm } from "./useRecordForm";

export type RecordEditorOptions = {
  /** Query-key resource and the PUT/DELETE path (`<resource>/{id}`). */
  resource: string;
  /** POST path when it is not the resource (e.g. createvehicle). */
  createPath?: string;
  /** PUT/DELETE path (`<itemPath>/{id}`) when it is not the resource (e.g. worklookup/update). */
  itemPath?: string;
  /** The edit route a new record moves to: `${editRoute}/${id}` (001 §4). */
  editRoute: string;
  /** Where a deleted record sends the user. */
  afterDelete: string;
  fields: FieldDef[];
  /** The saved record, or null for a new one (with `defaults` as its values). */
  record: ApiRecord | null;
  defaults?: Record<string, unknown>;
  /** Field checks on the form's values. */
  validate?: (values: FormValues) => FormErrors;
  /**
   * The server's own rules run on the body about to be sent (shared from
   * core/, so the same messages): a failure shows as the screen's warning.
   */
  checkBody?: (body: Record<string, unknown>) => { message: string; errors: FormErrors } | null;
  /** Fields the form does not hold as inputs (nested objects), added to the payload. */
  extra?: () => Record<string, unknown>;
  /**
   * The record's child collections (its lines: core/platform/lines.ts),
   * held as rows beside the fields (`editor.lines`): saved in the same
   * body, guarded and reset with the fields.
   */
  lines?: string[];
  /**
   * The lines' number fields (by collection): a value typed in a line that
   * is not a number yet ("-", "24,50") refuses the save before anything is
   * sent, as the form's own number fields do.
   */
  lineFields?: Record<string, FieldDef[]>;
  /** What a delete confirmation names ("this contact"). */
  what: string;
  /** A delete confirmation of the screen's own wording (the vehicle's 'Are you sure?'). */
  confirmDelete?: () => Promise<boolean>;
  /** The spec's "before sending" normalisations, applied to the whole body. */
  transform?: (body: Record<string, unknown>) => Record<string, unknown>;
  errorMessage?: string;
  /** The delete's own failure message when the spec gives one (002 §8 'There was an error deleting that part order'). */
  deleteErrorMessage?: string;
  invalidates?: string[];
  /**
   * A save refused as stale (409: the record was edited elsewhere): the
   * server's message is shown by the query client; the screen may then
   * fetch the latest copy (the job card reloads, 002 §5 freshness).
   */
  onConflict?: () => void;
  /**
   * A check run inside the save, before anything is validated or sent
   * (the job card's freshness read, 002 §5), given the last_saved the save
   * will send: false stops the save. It runs under the same one-save-at-a-time
   * lock, so a second click cannot overtake the first.
   */
  beforeSave?: (lastSaved: string | null) => Promise<boolean>;
};

/** A save refused before sending (a rule of the server run on the screen): its message and the fields it marks. */
export type Refusal = { message: string; errors: FormErrors };

/**
 * The save cycle of every form, written once (the editor below runs on it;
 * a modal or a create-only page that is no record editor runs its own sends
 * through it): one save at a time (a second click while one is in flight
 * does nothing), the warning cleared, the form's checks and the screen's
 * rule run before anything is sent (a refusal shows its message as the
 * warning and marks its fields), then the send; the server's 400 shows its
 * message as the warning and marks its fields, a 409 (edited elsewhere)
 * calls `onConflict`. The query client has already shown the toast.
 * A screen whose inputs are not a RecordForm (a table's rows) hands its own
 * `refuse` (where field errors go) and `validate`.
 */
export function useSaveCycle(form: Pick<RecordForm, "refuse" | "validate">, o: { onConflict?: () => void; toastRefusals?: boolean } = {}) {
  const [warning, setWarning] = useState<string | null>(null);
  const inFlight = useRef(false);
  const refuse = (r: Refusal) => {
    setWarning(r.message);
    if (o.toastRefusals) toastWarning(r.message);
    form.refuse(r.errors);
  };
  const run = async <T>(
    send: () => Promise<T>,
    checks: {
      /** Run first, under the same lock (the job card's freshness read): false stops the save. */
      before?: () => Promise<boolean>;
      /** The form's own field checks (required, numbers, dates). */
      validate?: boolean;
      /** The screen's rule on what is about to be sent (or a look-up: the part already exists). */
      refusal?: () => Refusal | null | undefined | Promise<Refusal | null | undefined>;
    } = {},
  ): Promise<T | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    try {
      if (checks.before && !(await checks.before())) return null;
      setWarning(null);
      if (checks.validate && !form.validate()) return null;
      const refused = await checks.refusal?.();
      if (refused) {
        refuse(refused);
        return null;
      }
      return await send();
    } catch (err) {
      // A refusal (400) shows its message at the top of the form, as the screen's own checks do;
      // its fields are marked and the first brought into view (the warning when it names none).
      if (err instanceof ApiError && err.status === 400) {
        setWarning(err.message);
        form.refuse(err.errors);
      }
      if (err instanceof ApiError && err.status === 409) o.onConflict?.();
      return null;
    } finally {
      inFlight.current = false;
    }
  };
  return { warning, setWarning, refuse, run, busy: () => inFlight.current };
}

export type SaveCycle = ReturnType<typeof useSaveCycle>;

/** For a save cycle with no fields to mark (a bulk edit of rows): refusals show as the warning only. */
export const NO_FORM: Pick<RecordForm, "refuse" | "validate"> = { refuse: () => undefined, validate: () => true };

/**
 * The one edit-screen mechanism, on top of useRecordForm and useSaveCycle: a new record is
 * created and the screen moves to its edit route; a saved one is saved
 * with its last_saved (a stale copy gets the server's 409 message and the
 * user's edits stay); delete asks first, then leaves the screen.
 */
export function useRecordEditor(o: RecordEditorOptions) {
  const navigate = useNavigate();
  const start = initialValues(o.fields, o.record ?? (o.defaults) ?? null);
  const form = useRecordForm(o.fields, start, { validate: o.validate });
  const [lineNames] = useState(() => o.lines ?? []);
  const lines = useChildRows(lineNames, o.record);
  const create = useCreate<ApiRecord>(o.resource, { path: o.createPath, errorMessage: o.errorMessage, invalidates: o.invalidates });
  const update = useUpdate<ApiRecord>(o.resource, { path: o.itemPath, errorMessage: o.errorMessage, invalidates: o.invalidates });
  const remove = useRemove(o.resource, { path: o.itemPath, errorMessage: o.deleteErrorMessage ?? o.errorMessage, invalidates: o.invalidates });

  // A fresh copy from the server (after a save) becomes the new baseline.
  useEffect(() => {
    if (!o.record) return;
    form.reset(initialValues(o.fields, o.record));
    lines.reset(o.record);
  }, [o.record?.last_saved]); // eslint-disable-line react-hooks/exhaustive-deps -- the baseline moves only when the server answers a new copy (its last_saved), not on each render's new form and fields objects

  const cycle = useSaveCycle(form, { onConflict: o.onConflict });
  const { warning, setWarning } = cycle;
  // Leave only once the form is clean, so the unsaved-changes guard lets the screen go.
  const [leaveTo, setLeaveTo] = useState<{ to: string; replace: boolean } | null>(null);
  useEffect(() => {
    if (!leaveTo || form.dirty || lines.dirty) return;
    // A tick later: the guard hears that this form is clean before the navigation asks it.
    const t = setTimeout(() => void navigate(leaveTo.to, { replace: leaveTo.replace }), 0);
    return () => clearTimeout(t);
  }, [leaveTo, form.dirty, lines.dirty, navigate]);

  const body = () => {
    const b = { ...(o.extra?.() ?? {}), ...(lineNames.length ? lines.payload() : {}), ...form.payload() };
    return o.transform ? o.transform(b) : b;
  };

  /** The first line value typed that is not a number (`lineFields`), keyed `<collection>.<i>.<field>`. */
  const lineNumberRefusal = (): { message: string; errors: FormErrors } | null => {
    const errors: FormErrors = {};
    let message: string | null = null;
    for (const [name, defs] of Object.entries(o.lineFields ?? {})) {
      const numeric = defs.filter((f) => isNumeric(f.kind)).map((f) => ({ ...f, required: undefined, check: undefined }));
      lines.get(name).forEach((row, i) => {
        for (const [field, error] of Object.entries(validateValues(numeric, row as FormValues))) {
          errors[`${name}.${i}.${field}`] = error;
          message ??= `${numeric.find((f) => f.name === field)?.label ?? field}${row.name ? ` of ${row.name}` : ""}: ${error}`;
        }
      });
    }
    return message ? { message, errors } : null;
  };

  // The last_saved of this editor's own last save: a click that comes after the answer but before
  // the screen's copy is fetched again sends it, not the copy's older one (which the server refuses as stale).
  const ownSave = useRef<{ id: number; last_saved: string | null } | null>(null);
  const lastSaved = (): string | null => {
    if (!o.record) return null;
    const own = ownSave.current;
    if (own && own.id === o.record.id && own.last_saved && (!o.record.last_saved || Date.parse(own.last_saved) > Date.parse(o.record.last_saved))) return own.last_saved;
    return o.record.last_saved;
  };

  const send = async (): Promise<ApiRecord> => {
    if (o.record) {
      const saved = await update.mutateAsync({ id: o.record.id, body: { ...body(), last_saved: lastSaved() } });
      ownSave.current = { id: saved.id, last_saved: saved.last_saved };
      form.reset(initialValues(o.fields, saved));
      lines.reset(saved);
      return saved;
    }
    const made = await create.mutateAsync(body());
    form.reset(initialValues(o.fields, made));
    lines.reset(made);
    setLeaveTo({ to: `${o.editRoute}/${made.id}`, replace: true });
    return made;
  };

  // One save at a time (issue 24 item 4): a second click on Save, or the delayed automatic save,
  // while a save is in flight does nothing; the first one's answer stands (useSaveCycle).
  const save = async (e?: FormEvent): Promise<ApiRecord | null> => {
    e?.preventDefault();
    const before = o.beforeSave;
    return cycle.run(send, {
      before: before && (() => before(lastSaved())),
      validate: true,
      // A refusal (here or the server's 400) marks its fields and brings the first into view (useRecordForm).
      refusal: () => lineNumberRefusal() ?? o.checkBody?.(body()),
    });
  };

  const del = async () => {
    if (!o.record) return;
    if (!(await (o.confirmDelete ? o.confirmDelete() : confirmDelete(o.what)))) return;
    try {
      await remove.mutateAsync(o.record.id);
      form.reset();
      lines.reset(o.record);
      setLeaveTo({ to: o.afterDelete, replace: false });
    } catch {
      /* the query client has shown the server's message */
    }
  };

  return { form, lines, save, del, warning, setWarning, body, lastSaved, saving: create.isPending || update.isPending, deleting: remove.isPending };
}

export type RecordEditor = ReturnType<typeof useRecordEditor>;
