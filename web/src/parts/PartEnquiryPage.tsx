import { Button, Group, Paper, SimpleGrid, Stack } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { PART_ORDER_MESSAGES, partEnquiryRules } from "../../../core/workshop/partorder-rules";
import { useCreate, type ApiRecord } from "../platform/api";
import { FormWarning, FieldInput, initialValues, useRecordForm, useSaveCycle, type FieldDef } from "../platform/form";
import { Page } from "../platform/page";

/** The part enquiry form's fields (002 §2 Part enquiry form); the description is required (002 §5). */
const FIELDS: FieldDef[] = [
  { name: "description", label: "Description", kind: "textarea", required: PART_ORDER_MESSAGES.enquiryDescription },
  { name: "registration", label: "Registration", kind: "text" },
  { name: "make", label: "Make", kind: "text" },
  { name: "model", label: "Model", kind: "text" },
];

/** /partenquiry (002 §2): a new part enquiry (a part order and its job, W12); after creation the part order opens. */
export function PartEnquiryPage() {
  const navigate = useNavigate();
  const form = useRecordForm(FIELDS, initialValues(FIELDS, null, true));
  const create = useCreate<ApiRecord>("partorder", { path: "createpartenquiry", errorMessage: "An error occurred!", invalidates: ["jobs", "jobstatuscount"] });
  const { warning, run } = useSaveCycle(form, { toastRefusals: true });
  const [madeId, setMadeId] = useState<number | null>(null);
  // Leave once the form is clean, so the unsaved-changes guard lets the page go.
  useEffect(() => {
    if (madeId === null || form.dirty) return;
    const t = setTimeout(() => void navigate(`/editpartorder/${madeId}`), 0);
    return () => clearTimeout(t);
  }, [madeId, form.dirty, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = form.payload();
    await run(
      async () => {
        const made = await create.mutateAsync(body);
        form.reset(form.values);
        setMadeId(made.id);
      },
      // 002 §5: the server's rule, run before sending ('Description are required').
      { refusal: () => partEnquiryRules(body) },
    );
  };

  return (
    <Page title="New Part Enquiry">
      <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Part enquiry">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <FormWarning warning={warning} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {FIELDS.map((f) => (
                <FieldInput key={f.name} field={f} value={form.values[f.name]} onChange={(v) => form.set(f.name, v)} error={form.errors[f.name]} />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create Part Enquiry
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Page>
  );
}
