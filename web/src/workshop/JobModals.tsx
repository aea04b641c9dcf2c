import { Anchor, Button, Group, Modal, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { MESSAGES } from "../../../core/workshop/rules";
import { CustomerPicker, type ContactOption } from "../contacts/pickers";
import { VehicleSearch, inProgressLink, openItemDescription, type InProgressItem, type PickedVehicle } from "../fleet/picker/VehiclePicker";
import { uploadSignedFile, useUploadConfirm } from "../fleet/shared/uploads";
import { ImageGrid, UploadButton, UploadProgress, useFileUploads } from "../fleet/edit/ImagesSection";
import { api, useApiMutation, useGet, useList, useRemove, useUpdate, type ApiRecord } from "../platform/api";
import { workshopQuery } from "./queries";
import { confirmAction } from "../platform/modal";
import { formatDate } from "../platform/format";
import { toastFailure, toastWarning } from "../platform/toast";
import { nameOf, type Job } from "./jobFormat";

/**
 * The job card's modals (002 §2): open items on approval, approve
 * confirmation, change key, attached images, defect and enquiry to quote,
 * mileage warning and workshop instructions.
 */

/** Open-items warning: the vehicle's other unfinished jobs and quotes, each openable; Continue goes on to approve. */
export function OpenItemsModal({ items, onContinue, onClose }: { items: InProgressItem[]; onContinue: () => void; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="This vehicle has other unfinished jobs and quotes" size="xl" centered>
      <Stack gap="sm">
        <Table aria-label="Open items" withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th>No.</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Workshop date</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => (
              <Table.Tr key={`${i.itemType}-${i.id}`}>
                <Table.Td>{i.itemType === "quote" ? "Quote" : i.is_defect ? "Defect" : "Job"}</Table.Td>
                <Table.Td>{i.id}</Table.Td>
                <Table.Td>{openItemDescription(i)}</Table.Td>
                <Table.Td>{nameOf(i.customer)}</Table.Td>
                <Table.Td>{formatDate(i.workshop_date ?? i.provisional_start_date)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={inProgressLink(i)} target="_blank" size="sm">
                    Open
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onContinue}>Continue</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Approve confirmation (002 §2). */
export function confirmApprove(): Promise<boolean> {
  return confirmAction({ title: "Approve Job", message: "Approve this job for invoicing? It can no longer be edited afterwards.", confirmLabel: "Approve", danger: false });
}

/** Mileage warning (002 §5): the vehicle is approaching its model's mileage limit. */
export function MileageWarning({ mileage, limit, onClose }: { mileage: unknown; limit: unknown; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Vehicle mileage warning" centered>
      <Text size="sm">
        This vehicle is approaching its mileage limit: the job's mileage is {String(mileage)} and the model's limit is {String(limit)}.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}

/** Workshop instructions flagged on completion (002 §4: opens after Ready For Collection). */
export function InstructionsModal({ instructions, onClose }: { instructions: string[]; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Workshop instructions" centered>
      <Stack gap="xs">
        {instructions.map((t, i) => (
          <Text key={i} size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {t}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type KeyRecord = ApiRecord & { key_number: string; board?: string | null; vehicle?: { registration?: string } | null };

/** Change key (002 §4: the vehicle has no key after Ready For Collection): hang a key on it (PUT vehicles/{id}). */
export function ChangeKeyModal({ vehicle, onClose }: { vehicle: { id: number; registration?: string; last_saved?: string | null }; onClose: () => void }) {
  const keys = useList<KeyRecord>("keys", { page_size: 1000 }, { errorMessage: "An error occurred!" });
  const hang = useUpdate("vehicles", { invalidates: ["keys"], errorMessage: "An error occurred!" });
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const free = (keys.data?.results ?? []).filter((k) => !k.vehicle);
  const save = async () => {
    setBusy(true);
    try {
      let current: ApiRecord;
      try {
        current = await api<ApiRecord>("GET", `vehicles/${vehicle.id}`);
      } catch (e) {
        return toastFailure(e, "An error occurred!");
      }
      await hang.mutateAsync({ id: vehicle.id, body: { key: Number(key), last_saved: current.last_saved } });
      onClose();
    } catch {
      /* the query client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Change key" centered>
      <Stack gap="sm">
        <Text size="sm">{vehicle.registration ?? "This vehicle"} has no key. Choose the key it hangs on.</Text>
        <NativeSelect label="Key" value={key} onChange={(e) => setKey(e.currentTarget.value)} data={[{ value: "", label: keys.isLoading ? "Loading..." : "(choose)" }, ...free.map((k) => ({ value: String(k.id), label: `${k.board ? `${k.board} ` : ""}${k.key_number}` }))]} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Skip
          </Button>
          <Button disabled={!key} loading={busy} onClick={() => void save()}>
            Save Key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type JobImage = ApiRecord & { url: string; content_type: string; key: string };

/** What images are attached to: a job card or a quote (the `job` or `quote` of 002 §7's image calls). */
export type ImageOwner = { job: number } | { quote: number };

/** A job's or a quote's attached images with their count (GET images?job= / images?quote=): the modal's list and the button's count share it. */
export function useAttachedImages(owner: ImageOwner | null) {
  return useGet<{ count: number; results: JobImage[] }>(workshopQuery.images(owner ?? {}), { enabled: owner !== null, errorMessage: "There was an error" });
}

/**
 * Attached images (002 §2: the job card's, and the quote editor's Show
 * Attached Images) with upload: the presigned uploads the vehicle screens
 * use (GET jobimageupload), confirmed against the job or quote (POST
 * images); delete through DELETE deleteinternalimage/{id}. A quote made
 * from a defect also lists the defect's images (W13).
 */
export function ImagesModal({ owner, onClose }: { owner: ImageOwner; onClose: () => void }) {
  const images = useAttachedImages(owner);
  const del = useRemove("images", { path: "deleteinternalimage", errorMessage: "There was an error" });
  const send = useImageUpload();
  const { upload, progress } = useFileUploads((file, onProgress) => send(owner, file, onProgress), "images");
  const remove = async (img: JobImage) => {
    if (!(await confirmAction({ title: "Delete", message: "Delete this image? This cannot be undone." }))) return;
    try {
      await del.mutateAsync(img.id);
    } catch {
      /* the query client has shown the server's message */
    }
  };
  return (
    <Modal opened onClose={onClose} title="Attached images" size="xl" centered>
      <Stack gap="sm">
        <UploadButton upload={upload} />
        <UploadProgress progress={progress} />
        <ImageGrid images={images.data?.results} kind={"quote" in owner ? "Quote" : "Job"} testId="job-image" empty="No images attached." onDelete={(img) => void remove(img)} />
      </Stack>
    </Modal>
  );
}

/** One file for a job, a quote or a defect being created: signed by GET jobimageupload, recorded by POST images. */
export function useImageUpload() {
  const confirm = useUploadConfirm("images", "images");
  return (owner: ImageOwner, file: File, onProgress: (pct: number) => void = () => undefined) =>
    uploadSignedFile(
      file,
      onProgress,
      (fileType) => api("GET", "jobimageupload", { query: { ...owner, file_type: fileType } }),
      (key) => confirm({ ...owner, key, name: file.name }),
    );
}

/** Pick a customer (typeahead) and show who is chosen. */
function CustomerChoice({ label, value, onChange }: { label: string; value: ContactOption | null; onChange: (c: ContactOption | null) => void }) {
  const [text, setText] = useState(value?.display_name ?? "");
  return <CustomerPicker label={label} search={text} onSearchChange={setText} onChange={onChange} />;
}

/**
 * Turning a defect or a part enquiry into a quote (002 §4, §5
 * Conversions): a defect needs at least one customer ('A customer is
 * required', POST defectquote); an enquiry a vehicle and customer 1
 * ('Vehicle and Customer 1 are required', POST enquiryquote). Each
 * answers the quote id. The failure texts are the spec's (§8), each as
 * written there.
 */
const TO_QUOTE = {
  defect: { title: "Turn defect into quote", path: "defectquote", needsVehicle: false, failed: "An error occurred!" },
  enquiry: { title: "Turn enquiry into quote", path: "enquiryquote", needsVehicle: true, failed: "An error occured!" },
} as const;

export function QuoteFromJobModal({ job, kind, onClose, onDone }: { job: Job; kind: keyof typeof TO_QUOTE; onClose: () => void; onDone: (quoteId: number) => void }) {
  const how = TO_QUOTE[kind];
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [vehicleText, setVehicleText] = useState("");
  const [customer, setCustomer] = useState<ContactOption | null>(null);
  const [customer2, setCustomer2] = useState<ContactOption | null>(null);
  const [busy, setBusy] = useState(false);
  const convert = useApiMutation<Record<string, unknown>, { id: number }>("POST", how.path, { resource: "quotes", invalidates: ["jobs"], errorMessage: how.failed });
  const go = async () => {
    if (how.needsVehicle ? !vehicle || !customer : !customer && !customer2) return toastWarning(how.needsVehicle ? MESSAGES.enquiryQuote : MESSAGES.defectQuoteCustomer);
    setBusy(true);
    try {
      const chosen = how.needsVehicle ? { vehicle: vehicle!.id, customer: customer!.id } : { customer: customer?.id ?? null };
      const made = await convert.mutateAsync({ ...job, ...chosen, customer2: customer2?.id ?? null });
      onDone(made.id);
    } catch {
      /* the query client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={how.title} centered>
      <Stack gap="sm">
        {how.needsVehicle && <VehicleSearch label="Vehicle" search={vehicleText} onSearchChange={setVehicleText} onSelect={setVehicle} />}
        <CustomerChoice label="Customer" value={customer} onChange={setCustomer} />
        <CustomerChoice label="Customer 2" value={customer2} onChange={setCustomer2} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void go()}>
            Create Quote
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
