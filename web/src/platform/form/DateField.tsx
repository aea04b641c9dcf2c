import { DateInput, type DateInputProps } from "@mantine/dates";
import { parseUkDate } from "../format";

/**
 * The one date input: shows and takes UK dates (DD/MM/YYYY) whatever the
 * browser's own language, with a Monday-first calendar, and hands the
 * screen ISO dates (YYYY-MM-DD), as the API wants them. The browser's
 * native date input follows the browser's locale instead (US order on a
 * browser set to US English), so it is not used.
 */
export type DateFieldProps = Omit<DateInputProps, "value" | "onChange" | "valueFormat" | "dateParser"> & {
  /** ISO date or empty. */
  value: string | null | undefined;
  /** ISO date, or "" when cleared. */
  onChange: (iso: string) => void;
};

export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  return (
    <DateInput
      placeholder="DD/MM/YYYY"
      clearable
      firstDayOfWeek={1}
      {...rest}
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseUkDate(text)}
      value={value && parseUkDate(value) === value ? value : null}
      onChange={(v) => onChange(v ?? "")}
    />
  );
}
