import { Text, TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { formatNumberText, parseNumberText, type NumberKind } from "./numbers";

type Props = Omit<TextInputProps, "value" | "onChange" | "type"> & {
  kind: NumberKind;
  /** The form's value: a number, "" when empty, or the typed text while it is not a number. */
  value: number | string | null | undefined;
  onChange: (v: number | string) => void;
  decimals?: number;
};

/**
 * The one number input of the product (money, rates, percentages, counts).
 * It keeps the text exactly as typed while it has focus and hands the form
 * the parsed number, or the text itself while that is not (yet) a number so
 * the form's validation names the problem; on leaving the field a money
 * amount is shown as "24,500.00". A plain text input underneath: no
 * keystroke is rewritten (a number-format widget turned a typed thousands
 * comma into a decimal point).
 */
export function NumberField({ kind, value, onChange, decimals, onBlur, onFocus, ...rest }: Props) {
  const [text, setText] = useState(() => formatNumberText(value, kind));
  const focused = useRef(false);
  const [typing, setTyping] = useState(false);

  // Follow changes made elsewhere (a reset after saving, a generated value),
  // never while the person is typing in this field.
  useEffect(() => {
    if (!focused.current) setText(formatNumberText(value, kind));
  }, [value, kind]);

  const parsed = parseNumberText(text, kind, decimals);
  // The field says what is wrong with its text even where the form keeps only numbers.
  // Shown once the person leaves the field: "-" is only half-typed while they are in it.
  const error = rest.error ?? (parsed.ok || typing ? undefined : parsed.message);

  return (
    <TextInput
      {...rest}
      error={error}
      inputMode={kind === "integer" ? "numeric" : "decimal"}
      autoComplete="off"
      value={text}
      onFocus={(e) => {
        focused.current = true;
        setTyping(true);
        onFocus?.(e);
      }}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setText(t);
        const p = parseNumberText(t, kind, decimals);
        onChange(p.ok ? (p.value ?? "") : t);
      }}
      onBlur={(e) => {
        focused.current = false;
        setTyping(false);
        if (parsed.ok && parsed.value !== null) setText(formatNumberText(parsed.value, kind));
        onBlur?.(e);
      }}
      leftSection={kind === "money" ? <Text size="xs">£</Text> : rest.leftSection}
      rightSection={kind === "percent" ? <Text size="xs">%</Text> : rest.rightSection}
    />
  );
}
