import { DateInput, type DateInputProps } from "@mantine/dates";
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { parseUkDate, parseUkDateWhileTyping } from "../format";
import { NOT_A_DATE } from "./fields";

/**
 * The one date input: shows and takes UK dates (DD/MM/YYYY) whatever the
 * browser's own language, with a Monday-first calendar, and hands the
 * screen ISO dates (YYYY-MM-DD), as the API wants them. The browser's
 * native date input follows the browser's locale instead (US order on a
 * browser set to US English), so it is not used.
 *
 * Text that is no date (31/02/2026) is never silently emptied or swapped
 * for the date before it: it stays in the input with NOT_A_DATE under it,
 * and with `keepTyped` (every form field, FieldInput) the form is handed
 * the text itself, so the form's validation refuses the save at the field.
 */
export type DateFieldProps = Omit<DateInputProps, "value" | "onChange" | "valueFormat" | "dateParser"> & {
  /** ISO date or empty (or, with keepTyped, the text typed that is no date). */
  value: string | null | undefined;
  /** ISO date, or "" when cleared (or, with keepTyped, the text typed that is no date). */
  onChange: (iso: string) => void;
  /** Hand the form the typed text that is no date, so its validation refuses it. */
  keepTyped?: boolean;
};

export function DateField({ value, onChange, keepTyped, onBlur, onKeyDown, error, ...rest }: DateFieldProps) {
  const iso = value && parseUkDate(value) === value ? value : null;
  // The text typed that is no date, held with its message until a date (or nothing) replaces it.
  const [bad, setBad] = useState<string | null>(null);
  // The text in the input as typed: a real date (or nothing) is shown as DD/MM/YYYY on leaving; other text stays.
  const [typed, setTyped] = useState("");
  const keepText = typed.trim() !== "" && !parseUkDate(typed);
  const held = bad ?? (value && !iso ? value : null);
  // While text that is no date is held, the calendar keeps the last real date (the input is not reset to it).
  const lastIso = useRef<string | null>(iso);
  if (!held) lastIso.current = iso;
  // A value set from outside (a reset after saving, another field) replaces the held text.
  useEffect(() => {
    if (value !== bad) setBad(null);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new value from outside clears the held text; `bad` itself must not
  // A date with a two-digit year ('1/2/26') is handed over on leaving or Enter, never while typed (parseUkDateWhileTyping).
  const takeShortYear = (text: string) => {
    const date = parseUkDateWhileTyping(text) ? null : parseUkDate(text);
    if (date && date !== iso) {
      setBad(null);
      onChange(date);
    }
  };

  return (
    <DateInput
      placeholder="DD/MM/YYYY"
      clearable
      firstDayOfWeek={1}
      // The calendar opens below the input, never over the messages of the fields above it.
      popoverProps={{ position: "bottom-start", middlewares: { flip: false, shift: true } }}
      {...rest}
      error={error ?? (held ? NOT_A_DATE : undefined)}
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseUkDateWhileTyping(text)}
      fixOnBlur={!keepText}
      onInput={(e: FormEvent<HTMLInputElement>) => setTyped(e.currentTarget.value)}
      value={held ? lastIso.current : iso}
      onChange={(v) => {
        setBad(null);
        onChange(v ?? "");
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const text = e.currentTarget.value.trim();
        takeShortYear(text);
        if (text && !parseUkDate(text)) {
          setBad(text);
          if (keepTyped) onChange(text);
        } else if (!text && held) {
          setBad(null);
          onChange("");
        }
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") takeShortYear(e.currentTarget.value.trim());
        onKeyDown?.(e);
      }}
    />
  );
}
