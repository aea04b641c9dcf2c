import { Button, FileButton, Group, List, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { job as jobDef } from "../../../core/workshop/definitions";
import { MESSAGES, defectRules } from "../../../core/workshop/rules";
import { VehicleSearch, type PickedVehicle } from "../fleet/picker/VehiclePicker";
import { LookupRegistrationButton } from "../fleet/shared/registration";
import { UPLOAD_MESSAGES, UPLOAD_TYPES } from "../fleet/shared/uploads";
import { useCreate, type ApiRecord } from "../platform/api";
import { FormWarning, FieldInput, fieldsFrom, initialValues, recordOptions, useRecordForm, useSaveCycle, type FieldDef } from "../platform/form";
import { Page } from "../platform/page";
import { toastError } from "../platform/toast";
import { useImageUpload } from "./JobModals";

const choice = (v: string) => ({ value: v, label: v.replace(/_/g, " "), apiValue: v });

/** The defect's fields (002 §2 Defect creation page), labels from the job's definition. */
const FIELDS: FieldDef[] = fieldsFrom(jobDef, {
  department: { options: recordOptions("departments", (r) => r.name, { page_size: 1000 }, "An error occurred!") },
  defect_status: { options: ["DRIVEABLE", "NOT_DRIVEABLE"].map(choice), addDefault: "DRIVEABLE" },
  vehicle: {},
}).filter((f) => ["vehicle", "department", "defect_description", "defect_status", "location_of_van", "defect_driver_name", "defect_driver_number", "mileage"].includes(f.name));
const SHOWN = FIELDS.filter((f) => f.name !== "vehicle");
// Mileage is typed as text so the server's own message names a wrong value (002 §5: mileage numeric).
// The fields defectRules requires carry the marker, with the rule's own messages (issue 24 item 6).
const REQUIRED_ON_DEFECT: Record<string, string> = { department: MESSAGES.defectRequired, defect_description: MESSAGES.defectDescription };
const INPUTS = SHOWN.map((f) => (f.name === "mileage" ? { ...f, kind: "text" as const } : REQUIRED_ON_DEFECT[f.name] ? { ...f, required: REQUIRED_ON_DEFECT[f.name] } : f));

/** /defect (002 §2): report a defect; after creation the job card opens. /defect/{id} opens that defect's job card. */
export function DefectPage() {
  const { job } = useParams();
  if (job) return <Navigate to={`/editjob/${job}`} replace />;
  return <NewDefect />;
}

function NewDefect() {
  const navigate = useNavigate();
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [search, setSearch] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const uploadImageFile = useImageUpload();
  const [uploading, setUploading] = useState(false);
  const form = useRecordForm(INPUTS, initialValues(INPUTS, null, true));
  const create = useCreate<ApiRecord>("jobs", { path: "createdefect", errorMessage: "An error occurred!", invalidates: ["jobstatuscount"] });
  const { warning, run } = useSaveCycle(form, { toastRefusals: true });
  const [madeId, setMadeId] = useState<number | null>(null);

  // Leave once the form is clean, so the unsaved-changes guard lets the page go.
  useEffect(() => {
    if (madeId === null || form.dirty) return;
    // A tick later: the guard hears that this form is clean before the navigation asks it.
    const t = setTimeout(() => void navigate(`/editjob/${madeId}`), 0);
    return () => clearTimeout(t);
  }, [madeId, form.dirty, navigate]);

  const body = () => ({ ...form.payload(), vehicle: vehicle?.id ?? null });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // 002 §5: the server's defect rules, run before sending ('Vehicle and Department are required fields').
    await run(async () => {
      const made = await create.mutateAsync(body());
      if (files.length) {
        setUploading(true);
        for (const f of files) {
          try {
            await uploadImageFile({ job: made.id }, f);
          } catch (err) {
            toastError(err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.failed);
          }
        }
        setUploading(false);
      }
      form.reset(form.values);
      setMadeId(made.id);
    }, { refusal: () => defectRules(body()) });
  };

  return (
    <Page title="New Defect">
      <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Defect">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <FormWarning warning={warning} />
            <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="sm">
              <div>
                <VehicleSearch label="Vehicle" required search={search} onSearchChange={setSearch} onSelect={setVehicle} />
                {!vehicle && <LookupRegistrationButton registration={search} />}
                {form.errors.vehicle && (
                  <Text size="xs" c="red">
                    {form.errors.vehicle}
                  </Text>
                )}
                {vehicle && (
                  <Text size="xs" mt={4} aria-label="Chosen vehicle">
                    Chosen: <strong>{vehicle.registration}</strong>
                  </Text>
                )}
              </div>
              {INPUTS.map((f) => (
                <FieldInput key={f.name} field={f} value={form.values[f.name]} onChange={(v) => form.set(f.name, v)} error={form.errors[f.name]} />
              ))}
            </SimpleGrid>
            <Group gap="xs" align="center">
              <FileButton onChange={(picked) => setFiles((prev) => [...prev, ...picked.filter((p) => UPLOAD_TYPES[p.type] || (toastError(UPLOAD_MESSAGES.notSupported), false))])} accept="image/png,image/jpeg,application/pdf" multiple>
                {(props) => (
                  <Button variant="light" size="xs" {...props}>
                    Attach files
                  </Button>
                )}
              </FileButton>
              {files.length > 0 && (
                <List size="xs" aria-label="Attachments">
                  {files.map((f) => (
                    <List.Item key={f.name}>{f.name}</List.Item>
                  ))}
                </List>
              )}
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending || uploading}>
                Create Defect
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Page>
  );
}
