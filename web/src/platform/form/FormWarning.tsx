import { Alert } from "@mantine/core";

/** A form's warning (useSaveCycle / useRecordEditor `warning`): the refusal's message above the fields, or nothing. */
export function FormWarning({ warning }: { warning: string | null | undefined }) {
  if (!warning) return null;
  return (
    <Alert color="yellow" title="Warning!" role="alert">
      {warning}
    </Alert>
  );
}
