// What a definition's records answer and a screen holds of them, typed from the definition: RowOf, FormOf, BlankOf, Brief, answerExtras (issue 23).
import type * as z from "zod";
import type { ClientFieldName, Definition, FieldSpec, Specs } from "./definition.js";
import type { NumberType } from "./fields.js";

/**
 * A field's value in a blank record, as a form then holds it: its declared
 * default's type (never null), else its answered value (a reference as
 * `RefAs`: null in the blank itself, an id in a form that picks one).
 */
type BlankValue<F extends FieldSpec, RefAs> = F extends { default: infer V }
  ? V extends boolean
    ? boolean
    : V extends number
      ? number
      : F extends { kind: "choice"; options: infer O extends readonly string[] }
        ? O[number]
        : string
  : AnsweredValue<F, RefAs>;
/** A blank record of a definition (`blank()`): the fields a client may send, each at its default; `RefAs` how a form holds a reference it picks. */
export type BlankOf<S extends Specs, RefAs = never> = { [K in ClientFieldName<S>]: BlankValue<S[K], RefAs> };

/** The specs a definition was declared with. */
export type SpecsOf<D> = D extends Definition<infer S> ? S : never;

/** A field's value as a record answers it: refs as the object the answer carries (`Ref`), choices as their values, unset as null. */
type AnsweredValue<F extends FieldSpec, Ref> = F extends { kind: "object"; schema: infer T extends z.ZodType }
  ? z.output<T> | null
  : F extends { kind: "text" | "textarea" | "url" | "date" }
    ? string | null
    : F extends { kind: NumberType }
      ? number | null
      : F extends { kind: "boolean" }
        ? boolean
        : F extends { kind: "ref" }
          ? Ref | null
          : F extends { kind: "choice"; options: infer O extends readonly string[] }
            ? O[number] | null
            : never;

/**
 * A record as the API answers it, inferred from its definition (the web's
 * row and form types: no hand-written field list beside the definition):
 * every declared field, with `id` and `last_saved`. A ref is answered as the
 * referenced record's brief (`{ id, ...}`; `RefAs`: as its id, where the
 * answer says so); `Refs` says, where a screen reads more of a field, what
 * the answer carries for it.
 */
export type RowOf<D, Refs extends Partial<Record<string, unknown>> = Record<never, never>, RefAs = { id: number }> = { id: number; last_saved: string | null } & {
  [K in keyof SpecsOf<D> & string]: K extends keyof Refs ? Refs[K] : AnsweredValue<SpecsOf<D>[K], RefAs>;
};

/** What a screen's form holds of a record: the fields a client may send (no server-set one), each as the row answers it. */
export type FormOf<D, Refs extends Partial<Record<string, unknown>> = Record<never, never>> = Pick<RowOf<D, Refs>, ClientFieldName<SpecsOf<D>>>;
/**
 * A referenced record as an answer carries it (`brief`): its id and the
 * fields the answer names, any of them possibly unset. The answer's
 * extension beside a definition (`RowOf`'s `Refs`) is written with it.
 */
export type Brief<T extends Record<string, unknown> = Record<never, never>> = { id: number } & { [K in keyof T]?: T[K] | null };
/** The brief of a record known by its name (make, model, department, fitter...). */
export type NamedBrief = Brief<{ name: string }>;
/** The brief of a contact. */
export type ContactBrief = Brief<{ display_name: string }>;

/** The value kinds an answer-only extra may hold. */
type ExtraKind = "text" | "number" | "boolean" | "date" | "object";
type ExtraValue<K extends ExtraKind> = K extends "text" | "date" ? string | null : K extends "number" ? number | null : K extends "boolean" ? boolean : unknown;
/** What an answer carries besides a definition's fields, typed from its declaration (`answerExtras`). */
export type ExtrasOf<E> = E extends { kinds: infer K extends Record<string, ExtraKind> } ? { [N in keyof K]?: ExtraValue<K[N]> } : never;

/**
 * What a record's answer carries besides its definition's fields (list
 * figures, colours, the blank record's defaults...), declared once beside
 * the definition: `names` is the list a save drops (sent back, never
 * stored), `ExtrasOf<typeof extras>` the type the web reads them as.
 */
export function answerExtras<const K extends Record<string, ExtraKind>>(kinds: K): { kinds: K; names: ReadonlyArray<keyof K & string> } {
  return { kinds, names: Object.keys(kinds) };
}
