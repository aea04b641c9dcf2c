import { Fieldset, SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { SectionErrorBoundary } from "../ErrorBoundary";
import { FieldInput } from "./FieldInput";
import { fieldAsOf, type FieldDef } from "./fields";
import type { RecordForm } from "./useRecordForm";

/**
 * A titled group of fields laid out in a responsive grid. A section that
 * fails to draw (a derived figure that cannot be worked out) says so in its
 * place; the form's values live above it, so nothing typed is lost.
 */
export function FormSection({
  legend,
  fields,
  form,
  cols = 4,
  locked,
  marked,
  children,
}: {
  legend?: string;
  fields: FieldDef[];
  form: RecordForm;
  cols?: number;
  /** Fields shown read-only (an approved record's locked fields): the server refuses a change to them. */
  locked?: readonly string[];
  /** Fields a rule of the screen requires (drawn with the required marker). */
  marked?: ReadonlySet<string>;
  children?: ReactNode;
}) {
  return (
    <Fieldset legend={legend} variant="filled" p="sm">
      <SectionErrorBoundary name={legend}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(cols, 3), lg: cols }} spacing="sm" verticalSpacing="xs">
          {fields.map((f) => (
            <FieldInput
              key={f.name}
              field={fieldAsOf(f, form.values)}
              value={form.values[f.name]}
              onChange={(v) => form.set(f.name, v)}
              error={form.errors[f.name]}
              disabled={locked?.includes(f.name)}
              marked={marked?.has(f.name)}
            />
          ))}
        </SimpleGrid>
        {children}
      </SectionErrorBoundary>
    </Fieldset>
  );
}
