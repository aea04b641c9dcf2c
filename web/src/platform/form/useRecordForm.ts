import { useCallback, useMemo, useState } from "react";
import { ApiError } from "../api";
import { toApiValue, sameValue, validateValues, type FieldDef, type FormErrors, type FormValue, type FormValues } from "./fields";
import { useOptionsLookup } from "./options";
import { useUnsavedChanges } from "./unsaved";

/**
 * The one form mechanism: values, client-side validation with the server's
 * messages, server field errors shown under their fields, dirty tracking
 * wired to the unsaved-changes guard, and the payload with emptied fields
 * as null.
 */
export function useRecordForm(
  fields: FieldDef[],
  initial: FormValues,
  opts: { validate?: (values: FormValues) => FormErrors; guard?: boolean } = {},
) {
  const [values, setValues] = useState<FormValues>(initial);
  const [baseline, setBaseline] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const lookup = useOptionsLookup();

  const dirty = useMemo(() => fields.some((f) => !sameValue(values[f.name], baseline[f.name])), [fields, values, baseline]);
  useUnsavedChanges(opts.guard !== false && dirty);

  const set = useCallback((name: string, v: FormValue) => {
    setValues((prev) => ({ ...prev, [name]: v }));
    setErrors((prev) => {
      if (!prev[name]) return prev;
      const { [name]: _gone, ...rest } = prev;
      return rest;
    });
  }, []);

  const validate = useCallback(() => {
    const e = { ...validateValues(fields, values), ...(opts.validate?.(values) ?? {}) };
    setErrors(e);
    return Object.keys(e).length === 0;
  }, [fields, values, opts]);

  /** Show a failed save's field errors; the user's edits stay as they are. */
  const applyServerErrors = useCallback((err: unknown) => {
    if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors);
  }, []);

  const reset = useCallback((next?: FormValues) => {
    const v = next ?? baseline;
    setValues(v);
    setBaseline(v);
    setErrors({});
  }, [baseline]);

  const payload = useCallback(() => {
    const out: Record<string, unknown> = {};
    for (const f of fields) out[f.name] = toApiValue(f, values[f.name], lookup(f));
    return out;
  }, [fields, values, lookup]);

  return { values, set, errors, setErrors, validate, applyServerErrors, reset, dirty, payload };
}

export type RecordForm = ReturnType<typeof useRecordForm>;
