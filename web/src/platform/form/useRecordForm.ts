import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../api";
import { liveErrors, toApiValue, sameValue, validateValues, type FieldDef, type FormErrors, type FormValue, type FormValues } from "./fields";
import { useOptionsLookup } from "./options";
import { useUnsavedChanges } from "./unsaved";

/**
 * Bring the first refused field into view and put the cursor in it: Save
 * sits at the bottom of long forms, so a refusal must not leave the user
 * looking at an unchanged screen. The first input marked invalid (in page
 * order) wins; with none (an error of a row the form does not draw as an
 * input) the form's warning is shown instead.
 */
function revealFirstError(root: HTMLElement | null) {
  const scope = root ?? document.querySelector("main") ?? document.body;
  const target = scope.querySelector<HTMLElement>('[aria-invalid="true"]') ?? scope.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  target.scrollIntoView({ block: "center" });
  if (typeof target.focus === "function") target.focus({ preventScroll: true });
}

/**
 * The one form mechanism: values, client-side validation with the server's
 * messages, server field errors shown under their fields (the first brought
 * into view and focused), checks shown as typed where a field asks for it,
 * dirty tracking wired to the unsaved-changes guard, and the payload with
 * emptied fields as null.
 */
export function useRecordForm(
  fields: FieldDef[],
  initial: FormValues,
  opts: { validate?: (values: FormValues) => FormErrors; guard?: boolean } = {},
) {
  const [values, setValues] = useState<FormValues>(initial);
  const [baseline, setBaseline] = useState<FormValues>(initial);
  const [shown, setShown] = useState<FormErrors>({});
  const lookup = useOptionsLookup();
  /** The screen's <form> (optional): where the first error is looked for; the page's main area otherwise. */
  const formRef = useRef<HTMLFormElement>(null);
  // Counts refusals; each one brings its first error into view once drawn.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const frame = requestAnimationFrame(() => revealFirstError(formRef.current));
    return () => cancelAnimationFrame(frame);
  }, [refusals]);

  const dirty = useMemo(() => fields.some((f) => !sameValue(values[f.name], baseline[f.name])), [fields, values, baseline]);
  useUnsavedChanges(opts.guard !== false && dirty);

  // Checks shown as typed are worked out from the values each time, so they clear as soon as the values pass.
  const live = useMemo(() => liveErrors(fields, values), [fields, values]);
  const errors = useMemo(() => ({ ...shown, ...live }), [shown, live]);
  const liveNames = useMemo(() => new Set(fields.filter((f) => f.checkAsTyped).map((f) => f.name)), [fields]);

  const set = useCallback(
    (name: string, v: FormValue) => {
      setValues((prev) => ({ ...prev, [name]: v }));
      setShown((prev) => {
        // A change answers the field's own error, and any as-typed check (it depends on other fields too).
        const gone = Object.keys(prev).filter((k) => k === name || liveNames.has(k));
        if (gone.length === 0) return prev;
        const rest = { ...prev };
        for (const k of gone) delete rest[k];
        return rest;
      });
    },
    [liveNames],
  );

  /** Show these errors under their fields and bring the first into view. */
  const refuse = useCallback((e: FormErrors) => {
    setShown(e);
    setRefusals((n) => n + 1);
  }, []);

  const validate = useCallback(() => {
    const e = { ...validateValues(fields, values), ...(opts.validate?.(values) ?? {}) };
    if (Object.keys(e).length === 0) {
      setShown({});
      return true;
    }
    refuse(e);
    return false;
  }, [fields, values, opts, refuse]);

  /** Show a failed save's field errors; the user's edits stay as they are. */
  const applyServerErrors = useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && Object.keys(err.errors).length) refuse(err.errors);
    },
    [refuse],
  );

  const reset = useCallback(
    (next?: FormValues) => {
      const v = next ?? baseline;
      setValues(v);
      setBaseline(v);
      setShown({});
    },
    [baseline],
  );

  const payload = useCallback(() => {
    const out: Record<string, unknown> = {};
    for (const f of fields) out[f.name] = toApiValue(f, values[f.name], lookup(f));
    return out;
  }, [fields, values, lookup]);

  return { values, set, errors, setErrors: setShown, refuse, validate, applyServerErrors, reset, dirty, payload, formRef };
}

export type RecordForm = ReturnType<typeof useRecordForm>;
