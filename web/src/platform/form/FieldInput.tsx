import { Checkbox, NativeSelect, TextInput, Textarea } from "@mantine/core";
import { DateField } from "./DateField";
import { NumberField } from "./NumberField";
import { TimeField } from "./TimeField";
import type { FieldDef, FormValue } from "./fields";
import { growing } from "./growing";
import { useFieldOptions } from "./options";

type Props = {
  field: FieldDef;
  value: FormValue;
  onChange: (v: FormValue) => void;
  error?: string;
  /** In a table row the label is not shown but still names the input. */
  inline?: boolean;
  disabled?: boolean;
  /** The required marker when a rule of the screen (not the field's own `required`) requires it. */
  marked?: boolean;
};

/** One input per field kind; numeric kinds share the one number input (001 §5). */
export function FieldInput({ field: f, value, onChange, error, inline, disabled, marked }: Props) {
  const { options, loading } = useFieldOptions(f);
  const common = {
    label: inline ? undefined : f.label,
    "aria-label": inline ? f.label : undefined,
    error,
    disabled,
    size: inline ? "xs" : "sm",
    withAsterisk: !inline && (!!f.required || !!marked),
    description: inline ? undefined : f.description,
    style: f.minWidth ? { minWidth: f.minWidth } : undefined,
  } as const;

  switch (f.kind) {
    case "boolean":
      return (
        <Checkbox
          label={inline ? undefined : f.label}
          aria-label={inline ? f.label : undefined}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
          disabled={disabled}
          size={inline ? "xs" : "sm"}
          mt={inline ? 0 : 26}
        />
      );
    case "number":
    case "integer":
    case "money":
    case "percent":
      return (
        <NumberField
          {...common}
          kind={f.kind}
          decimals={f.decimals}
          value={typeof value === "boolean" ? "" : value}
          onChange={(v) => onChange(v)}
        />
      );
    case "date":
      return <DateField {...common} keepTyped value={typeof value === "string" ? value : ""} onChange={onChange} />;
    case "time":
      return <TimeField {...common} value={String(value ?? "")} onChange={onChange} />;
    case "url":
      return <TextInput {...common} type="url" inputMode="url" placeholder="https://" value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "textarea":
      return <Textarea {...common} {...growing(6)} value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value)} />;
    case "select":
      return (
        <NativeSelect
          {...common}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[{ value: "", label: loading ? "Loading..." : "(none)" }, ...(options ?? []).map((o) => ({ value: o.value, label: o.label }))]}
        />
      );
    default:
      return <TextInput {...common} value={String(value ?? "")} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
