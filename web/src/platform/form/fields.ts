import type { QueryKey } from "@tanstack/react-query";
import type { QueryParams } from "../api";
import type { FieldMeta, InputKind } from "../../../../core/platform/definition";
import { blank, formatDate, formatMoney, formatNumber, parseUkDate } from "../format";
import { parseNumberText } from "./numbers";

/** What a date field says of text that is no date (31/02/2026): at the field, the text kept (issue 24 item 5). */
export const NOT_A_DATE = "Not a real date: enter DD/MM/YYYY";

/** How a field is entered and shown (the kinds a record definition's fields are entered with). */
export type FieldKind = InputKind;

export type SelectOption = { value: string; label: string; apiValue: unknown };

/** Options loaded from the API (makes, tax types, tracking options...). */
export type OptionsSource = {
  queryKey: QueryKey;
  path: string;
  query?: QueryParams;
  toOptions: (data: any) => SelectOption[];
  errorMessage?: string;
};

/**
 * What a form value is while being edited: a numeric field holds a number,
 * '' when empty, or the typed text while it is not a number (NumberField).
 */
export type FormValue = string | number | boolean;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

export type FieldDef = {
  name: string;
  label: string;
  kind: FieldKind;
  /**
   * Message shown when empty: the same wording the server uses. A function
   * when it depends on other values (a fleet number is required of fleet
   * vehicles only); the field is marked required exactly when it answers one.
   */
  required?: string | ((values: FormValues) => string | undefined);
  /** Select options: fixed, or from the API. */
  options?: SelectOption[] | OptionsSource;
  /** Value in an empty add box. */
  addDefault?: FormValue;
  /** Shown in the add box (default true) and in the list (default true). */
  inAdd?: boolean;
  inList?: boolean;
  /** Shown in lists only: never an input, never sent (a tracker's vehicle). */
  readOnly?: boolean;
  /** A read-only row toggles this boolean and saves at once (department Hide). */
  saveImmediately?: boolean;
  /** Extra rule beyond required; return a message to refuse. */
  check?: (value: FormValue, values: FormValues) => string | undefined;
  /**
   * Show `check` as soon as the values fail it, not only on Save (an end
   * date before the start date): the screen then shows no figures built on
   * values that cannot be saved.
   */
  checkAsTyped?: boolean;
  /** Read-only rendering when the plain one will not do. */
  display?: (apiValue: unknown, record: Record<string, unknown>) => string;
  description?: string;
  minWidth?: number;
  decimals?: number;
  /**
   * Numbers: the bounds the server holds the field to, with its message
   * ('Must be an amount from £0 to £10,000,000'); filled from the record's
   * definition by `fieldsFrom`.
   */
  min?: number;
  max?: number;
  boundsMessage?: string;
};

/** Screen-only extras of a defined field: options, defaults, display, width... */
export type FieldOverride = Partial<Omit<FieldDef, "name">>;

/**
 * A screen's fields from a record definition (core/<area>/definitions.ts,
 * docs/decisions.md "One definition per record type"): label, kind,
 * required message and bounds are the server's; `overrides` add what only
 * the screen knows, keyed by field name.
 */
export function fieldsFrom<N extends string>(def: { fields: Array<FieldMeta<N>> }, overrides: Partial<Record<N, FieldOverride>> = {}): FieldDef[] {
  // A field the server sets (`server: true` on its definition) is never an input.
  return def.fields.filter((m) => !m.server).map((m) => {
    const f: FieldDef = { name: m.name, label: m.label, kind: m.input };
    if (m.required) f.required = m.required;
    if (m.boundsMessage !== undefined) Object.assign(f, { min: m.min, max: m.max, boundsMessage: m.boundsMessage });
    if (m.choices) f.options = m.choices.map((c) => ({ value: c, label: c, apiValue: c }));
    return { ...f, ...overrides[m.name] };
  });
}

export const isNumeric = (k: FieldKind) => k === "number" || k === "integer" || k === "money" || k === "percent";

export function emptyValue(f: FieldDef): FormValue {
  return f.kind === "boolean" ? false : "";
}

/** An API value as the input holds it. */
export function toFormValue(f: FieldDef, v: unknown): FormValue {
  if (f.kind === "boolean") return v === true;
  if (v === null || v === undefined) return "";
  if (isNumeric(f.kind)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : "";
  }
  if (f.kind === "select") {
    if (typeof v === "object" && v !== null && "id" in v) return String((v).id);
    return String(v);
  }
  if (f.kind === "date") return String(v).slice(0, 10);
  return String(v);
}

/** An input value as the API takes it: emptied fields are sent as null (001 §5). */
export function toApiValue(f: FieldDef, v: FormValue, options?: SelectOption[]): unknown {
  if (f.kind === "boolean") return v === true;
  if (v === "" || v === null || v === undefined) return null;
  if (isNumeric(f.kind)) {
    // Text that is not a number never reaches the API: validateValues refuses it first.
    const parsed = parseNumberText(v, f.kind, f.decimals);
    return parsed.ok ? parsed.value : null;
  }
  if (f.kind === "select") {
    const opt = options?.find((o) => o.value === String(v));
    if (opt) return opt.apiValue;
    return /^\d+$/.test(String(v)) ? Number(v) : v;
  }
  if (typeof v === "string" && v.trim() === "") return null;
  return v;
}

export function initialValues(fields: FieldDef[], record?: Record<string, unknown> | null, useAddDefaults = false): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (record) out[f.name] = toFormValue(f, record[f.name]);
    else out[f.name] = useAddDefaults && f.addDefault !== undefined ? f.addDefault : emptyValue(f);
  }
  return out;
}


/** The message an empty field gets with these values, if it is required. */
export function requiredMessage(f: FieldDef, values: FormValues): string | undefined {
  return typeof f.required === "function" ? f.required(values) : f.required;
}

/** The field as drawn for these values: its required message resolved, so the marker follows the rule. */
export function fieldAsOf(f: FieldDef, values: FormValues): FieldDef {
  return typeof f.required === "function" ? { ...f, required: f.required(values) } : f;
}

/** The checks shown as the user types (`checkAsTyped`) that these values fail. */
export function liveErrors(fields: FieldDef[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    if (!f.checkAsTyped || !f.check || blank(values[f.name])) continue;
    const message = f.check(values[f.name], values);
    if (message) errors[f.name] = message;
  }
  return errors;
}

/** The browser's copy of the server's rules, with the same messages. */
export function validateValues(fields: FieldDef[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const v = values[f.name];
    const required = requiredMessage(f, values);
    if (required && blank(v)) {
      errors[f.name] = required;
      continue;
    }
    if (f.kind === "url" && !blank(v) && !isWebAddress(String(v))) errors[f.name] = "Enter a full web address (https://...)";
    // Text typed into a date that is no date (31/02/2026) is kept by the date input and refused here, at the field.
    if (f.kind === "date" && !blank(v) && parseUkDate(String(v)) !== String(v).slice(0, 10)) errors[f.name] = NOT_A_DATE;
    if (isNumeric(f.kind) && !blank(v)) {
      const parsed = parseNumberText(v, f.kind, f.decimals);
      if (!parsed.ok) errors[f.name] = parsed.message;
      else if (parsed.value !== null && f.boundsMessage && ((f.min !== undefined && parsed.value < f.min) || (f.max !== undefined && parsed.value > f.max)))
        errors[f.name] = f.boundsMessage;
    }
    const extra = f.check?.(v, values);
    if (extra && !errors[f.name]) errors[f.name] = extra;
  }
  return errors;
}

export function isWebAddress(s: string) {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export function sameValue(a: FormValue | undefined, b: FormValue | undefined) {
  if (blank(a) && blank(b)) return true;
  return String(a) === String(b);
}

/** How a stored value reads in a read-only row. */
export function displayValue(f: FieldDef, v: unknown, record: Record<string, unknown>, options?: SelectOption[]): string {
  if (f.display) return f.display(v, record);
  if (f.kind === "boolean") return v === true ? "Yes" : "No";
  if (v === null || v === undefined || v === "") return "";
  switch (f.kind) {
    case "money":
      return formatMoney(v);
    case "percent":
      return `${formatNumber(v)}%`;
    case "number":
    case "integer":
      return formatNumber(v);
    case "date":
      return formatDate(v);
    case "select": {
      if (typeof v === "object" && v !== null) {
        const o = v as { name?: unknown; id?: unknown };
        if (typeof o.name === "string") return o.name;
      }
      const match = options?.find((opt) => opt.value === toFormValue(f, v));
      return match ? match.label : String(v);
    }
    default:
      return String(v);
  }
}
