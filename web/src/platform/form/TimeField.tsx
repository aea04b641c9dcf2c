import { TextInput, type TextInputProps } from "@mantine/core";
import { typedTime } from "../../../../core/platform/dates";

type Props = Omit<TextInputProps, "value" | "onChange"> & { value: string; onChange: (v: string) => void };

/**
 * A time of day typed as staff type it: 24-hour, "1030", "10.30" or "9:30"
 * read as HH:MM on leaving the field. Not the browser's time input, which
 * follows the browser's language (AM/PM) and in some takes no typed keys;
 * the same reason DateField is not the browser's date input.
 */
export function TimeField({ value, onChange, onBlur, ...rest }: Props) {
  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      placeholder="HH:MM"
      maxLength={5}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        const t = typedTime(e.currentTarget.value);
        if (t !== null && t !== e.currentTarget.value) onChange(t);
        onBlur?.(e);
      }}
    />
  );
}
