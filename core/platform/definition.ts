import * as z from "zod";
import { ValidationError } from "./errors.js";
import { boundsOf, bool, isoDate, numberField, ref, requiredText, text, type NumberType } from "./fields.js";
import type { BlankOf } from "./answers.js";

// What a definition's records answer and hold (RowOf, FormOf, BlankOf, Brief, answerExtras) lives in answers.ts, re-exported here.
export { answerExtras, type BlankOf, type Brief, type ContactBrief, type ExtrasOf, type FormOf, type NamedBrief, type RowOf, type SpecsOf } from "./answers.js";

/**
 * One definition per record type (docs/decisions.md "One definition per
 * record type"): each field is declared once, with its label, kind,
 * required message and bounds. From it come the zod schema the server
 * parses with (built with the shared field types of fields.ts, so the
 * bounds and messages are theirs) and the field list the screens draw and
 * check before sending (web/src/platform/form/fields.ts `fieldsFrom`).
 *
 * Pure (zod only): the SPA imports the definitions as they are.
 */

/** How a field is entered on a screen (the SPA's FieldDef kinds). */
export type InputKind = "text" | "textarea" | "number" | "integer" | "money" | "percent" | "boolean" | "date" | "time" | "select" | "url";

const URL_MESSAGE = "Enter a full web address (https://...)";

/**
 * A field's locks (docs/contributing.md "A field's flags"): each flag says
 * when the server refuses a change to the field and the screen draws it
 * read-only. The definition lists each flag's fields (`def.lockedMoney`,
 * `def.lockedInMovement`...), in declaration order; no hand list beside it.
 */
export type LockFlags = {
  /**
   * Locked once the record itself is approved: a work item approved for
   * invoicing, a part approved (core/workshop/rules.ts `lockRules`), a
   * rental approved (its off-hire details, core/hire/rules.ts `offHireLockResult`).
   */
  lockedWhenApproved?: true;
  /**
   * Money a line's parent locks (a job approved, a part order completed):
   * no route changes it then (core/workshop/rules.ts `approvedJobMoneyRules`,
   * part-rules.ts `lockedPartMoney`).
   */
  lockedMoney?: true;
  /** Locked while a work item belongs to a movement (002 §4, core/workshop/rules.ts `lockRules`). */
  lockedInMovement?: true;
  /** Locked while an inspection is booked in, until approved (000 §4, core/fleet/rules.ts `checkInspectionLock`). */
  lockedWhenBooked?: true;
};
export const LOCK_FLAGS = ["lockedWhenApproved", "lockedMoney", "lockedInMovement", "lockedWhenBooked"] as const satisfies ReadonlyArray<keyof LockFlags>;

type Common = LockFlags & {
  label: string;
  /** The message when it is missing: the server refuses with it and the screen marks the field required. */
  required?: string;
  /**
   * Set by the server (a state, an approval, a name it derives): a save may
   * send it back, it is never taken from one, and no screen draws it as an
   * input. The definition's `serverFields` lists them; no hand list beside it.
   */
  server?: true;
  /**
   * The value a blank record starts the field with (`blank()`: a new work
   * item, part, quote or payment row); without one a flag starts false and
   * every other field null.
   */
  default?: string | number | boolean;
};

/** The kinds a field may be declared with. */
export type FieldSpec = Common &
  (
    | { kind: "text" | "textarea"; max?: number }
    | { kind: "url"; max?: number }
    | { kind: NumberType; signed?: boolean; max?: number }
    | { kind: "date" }
    /** A time of day, stored HH:MM (24-hour); typed as staff type it ('930', '10.30'): the screens' TimeField. The record's rules check it with TIME_OF_DAY. */
    | { kind: "time" }
    | { kind: "boolean" }
    /** The id of another record, picked from a list. */
    | { kind: "ref" }
    /**
     * One of a fixed list of values. `upperCase`: the values are upper case
     * and taken in any case, spaces trimmed ('confirmed' is CONFIRMED; '' is none).
     */
    | { kind: "choice"; options: readonly [string, ...string[]]; message: string; upperCase?: boolean }
    /** A value with a shape of its own (a snapshot of another record), picked from a list. */
    | { kind: "object"; schema: z.ZodType }
  );

export type Specs = Record<string, FieldSpec>;

/** The zod type each kind of field is parsed with. */
type SchemaOf<F extends FieldSpec> = F extends { kind: "object"; schema: infer S }
  ? S
  : F extends { kind: "text" | "textarea" | "time" }
    ? F extends { required: string }
      ? ReturnType<typeof requiredText>
      : ReturnType<typeof text>
    : F extends { kind: "url" }
      ? z.ZodType<string | null | undefined>
      : F extends { kind: NumberType }
        ? ReturnType<typeof numberField>
        : F extends { kind: "date" }
          ? ReturnType<typeof isoDate>
          : F extends { kind: "boolean" }
            ? ReturnType<typeof bool>
            : F extends { kind: "ref" }
              ? ReturnType<typeof ref>
              : F extends { kind: "choice"; options: infer O extends readonly [string, ...string[]] }
                ? z.ZodOptional<z.ZodNullable<z.ZodEnum<{ [K in O[number]]: K }>>>
                : never;

/** What a screen needs to know of a field, taken from its definition. */
export type FieldMeta<N extends string = string> = {
  name: N;
  label: string;
  kind: FieldSpec["kind"];
  /** How it is entered. */
  input: InputKind;
  required?: string;
  /** Numbers: the bounds the server holds them to, and its message. */
  min?: number;
  max?: number;
  boundsMessage?: string;
  /** Text: the longest the server stores. */
  maxLength?: number;
  /** Choices: the values allowed. */
  choices?: readonly string[];
  /** Set by the server only (FieldSpec `server`): never an input. */
  server?: true;
} & LockFlags;

/** The names of a definition's server-set fields (those declared with `server: true`). */
export type ServerFieldName<S extends Specs> = { [K in keyof S]: S[K] extends { server: true } ? K : never }[keyof S] & string;

/** The names of the fields a client may send (every field not set by the server). */
export type ClientFieldName<S extends Specs> = Exclude<Extract<keyof S, string>, ServerFieldName<S>>;

export type Definition<S extends Specs> = {
  /** Each lock flag's fields (LockFlags: `lockedWhenApproved: true`...), in declaration order. */
  readonly [L in keyof LockFlags]-?: ReadonlyArray<Extract<keyof S, string>>;
} & {
  /** The zod object the record type parses with (`defineRecordType({ fields: def.schema })`). */
  schema: z.ZodObject<{ [K in keyof S]: SchemaOf<S[K]> }>;
  /** Every field, in declaration order, for the screens. */
  fields: Array<FieldMeta<Extract<keyof S, string>>>;
  /** The fields the server sets (`server: true`), in declaration order: taken from no save. */
  serverFields: ReadonlyArray<ServerFieldName<S>>;
  /** The fields a client may send (every other), in declaration order: what a screen may draw as an input. */
  clientFields: ReadonlyArray<ClientFieldName<S>>;
  /**
   * A blank record as a screen starts a new one: every field a client may
   * send (`clientFields`, no other), at its declared `default`, else false
   * for a flag and null for the rest. A screen adds only what is its own
   * (a new line's key) or what it knows (a default it looked up).
   */
  blank(): BlankOf<S>;
  /** A body without the server's fields (a save that sends them back loses them here, never stores them). */
  withoutServerFields<R extends Record<string, unknown>>(body: R): R;
  /**
   * Refuses a record (as stored after a save) missing a required field,
   * with that field's message. Text fields are refused by the schema
   * already; this covers numbers, dates and choices, whose schema types
   * allow null so a partial save can leave them out.
   */
  checkRequired(record: Record<string, unknown>): void;
  /**
   * A record (or line) as answered: every declared field present, an unset
   * one null, an unset flag false, so a client reads the same keys whatever
   * was ever saved (docs/workshop.md "Lines answer every field").
   */
  answered<R extends Record<string, unknown>>(record: R): R;
};

const INPUT: Record<FieldSpec["kind"], InputKind> = {
  text: "text",
  textarea: "textarea",
  url: "url",
  number: "number",
  integer: "integer",
  money: "money",
  mileage: "integer",
  percent: "percent",
  markup: "percent",
  date: "date",
  time: "time",
  boolean: "boolean",
  ref: "select",
  choice: "select",
  object: "select",
};

function schemaOf(f: FieldSpec): z.ZodType {
  switch (f.kind) {
    case "text":
    case "textarea":
      return f.required ? requiredText(f.required, f.max) : text(f.max);
    case "url": {
      const url = z.url({ error: f.required ?? URL_MESSAGE, protocol: /^https?$/ }).max(f.max ?? 2000);
      return f.required ? url : z.preprocess((v) => (v === "" ? null : v), url.nullable().optional());
    }
    case "date":
      return isoDate();
    case "time":
      return f.required ? requiredText(f.required, 5) : text(5);
    case "boolean":
      return bool();
    case "ref":
      return ref();
    case "choice": {
      const choice = z.enum(f.options as [string, ...string[]], { error: f.message }).nullable().optional();
      return f.upperCase ? z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() || null : v), choice) : choice;
    }
    case "object":
      return f.schema;
    default:
      return numberField(f.kind, { signed: f.signed, max: f.max });
  }
}

function metaOf(name: string, f: FieldSpec): FieldMeta {
  const meta: FieldMeta = { name, label: f.label, kind: f.kind, input: INPUT[f.kind] };
  if (f.required) meta.required = f.required;
  if (f.server) meta.server = true;
  for (const l of LOCK_FLAGS) if (f[l]) meta[l] = true;
  switch (f.kind) {
    case "text":
    case "textarea":
      meta.maxLength = f.max ?? 500;
      break;
    case "url":
      meta.maxLength = f.max ?? 2000;
      break;
    case "time":
      meta.maxLength = 5;
      break;
    case "choice":
      meta.choices = f.options;
      break;
    case "date":
    case "boolean":
    case "ref":
    case "object":
      break;
    default: {
      const b = boundsOf(f.kind, { signed: f.signed, max: f.max });
      meta.min = b.min;
      meta.max = b.max;
      meta.boundsMessage = b.message;
    }
  }
  return meta;
}

/** Declare a record type's fields once: the schema and the screens' field list both come from here. */
export function defineFields<const S extends Specs>(specs: S): Definition<S> {
  const shape: Record<string, z.ZodType> = {};
  const fields: FieldMeta[] = [];
  for (const [name, f] of Object.entries(specs)) {
    shape[name] = schemaOf(f);
    fields.push(metaOf(name, f));
  }
  const server = fields.filter((f) => f.server).map((f) => f.name);
  const serverSet = new Set(server);
  return {
    schema: z.object(shape) as Definition<S>["schema"],
    fields: fields as Definition<S>["fields"],
    serverFields: server as Array<ServerFieldName<S>>,
    clientFields: fields.filter((f) => !f.server).map((f) => f.name) as Array<ClientFieldName<S>>,
    ...(Object.fromEntries(LOCK_FLAGS.map((l) => [l, fields.filter((f) => f[l]).map((f) => f.name)])) as Record<keyof LockFlags, Array<Extract<keyof S, string>>>),
    blank() {
      const out: Record<string, unknown> = {};
      for (const [name, f] of Object.entries(specs)) if (!f.server) out[name] = f.default !== undefined ? f.default : f.kind === "boolean" ? false : null;
      return out as BlankOf<S>;
    },
    withoutServerFields(body) {
      return Object.fromEntries(Object.entries(body).filter(([k]) => !serverSet.has(k))) as typeof body;
    },
    checkRequired(record) {
      for (const f of fields) {
        const v = record[f.name];
        if (f.required && (v === null || v === undefined || v === "")) throw new ValidationError(f.required, { [f.name]: f.required });
      }
    },
    answered(record) {
      const out: Record<string, unknown> = { ...record };
      for (const f of fields) if (out[f.name] === undefined || (out[f.name] === null && f.kind === "boolean")) out[f.name] = f.kind === "boolean" ? false : null;
      return out as typeof record;
    },
  };
}
