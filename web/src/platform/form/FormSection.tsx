import { Fieldset, SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { FieldInput } from "./FieldInput";
import type { FieldDef } from "./fields";
import type { RecordForm } from "./useRecordForm";

/** A titled group of fields laid out in a responsive grid. */
export function FormSection({ legend, fields, form, cols = 4, children }: { legend?: string; fields: FieldDef[]; form: RecordForm; cols?: number; children?: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(cols, 3), lg: cols }} spacing="sm" verticalSpacing="xs">
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} value={form.values[f.name]} onChange={(v) => form.set(f.name, v)} error={form.errors[f.name]} />
        ))}
      </SimpleGrid>
      {children}
    </Fieldset>
  );
}
