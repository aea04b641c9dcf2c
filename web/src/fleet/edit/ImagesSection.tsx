import { Anchor, Button, Fieldset, FileButton, Group, Image, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { keys, useApiGet, useRemove, type ApiRecord } from "../../platform/api";
import { confirmDelete } from "../../platform/modal";
import { toastError, toastSuccess } from "../../platform/toast";
import { UPLOAD_MESSAGES, UPLOAD_TYPES, useVehicleFileUpload } from "../shared/uploads";

type VehicleImage = ApiRecord & { url: string; content_type: string; key: string };

/**
 * Upload several files, each with its own progress; only png, jpeg and pdf
 * (000 §5). `send` uploads one file (a vehicle's, a job's); the list under
 * `queryKey` is read again afterwards. The one upload mechanism of the
 * vehicle screens, the phone upload page and the job card.
 */
export function useFileUploads(send: (file: File, onProgress: (pct: number) => void) => Promise<unknown>, queryKey: string) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<Record<string, number>>({});
  const upload = async (files: File[]) => {
    for (const file of files) {
      if (!UPLOAD_TYPES[file.type]) {
        toastError(UPLOAD_MESSAGES.notSupported);
        continue;
      }
      setProgress((p) => ({ ...p, [file.name]: 0 }));
      try {
        await send(file, (pct) => setProgress((p) => ({ ...p, [file.name]: pct })));
        setProgress((p) => ({ ...p, [file.name]: 100 }));
        toastSuccess(UPLOAD_MESSAGES.uploaded);
      } catch (e) {
        toastError(e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.failed);
        setProgress((p) => {
          const { [file.name]: _gone, ...rest } = p;
          return rest;
        });
      }
    }
    await qc.invalidateQueries({ queryKey: keys.all(queryKey) });
  };
  return { upload, progress };
}

export function useVehicleUploads(vehicle: { id: number; registration?: string | null }) {
  const send = useVehicleFileUpload();
  return useFileUploads((file, onProgress) => send(vehicle, file, onProgress), "vehicleimages");
}

/** Upload images (png, jpeg or pdf, several at once): the one upload button of the vehicle screens and the job card. */
export function UploadButton({ upload }: { upload: (files: File[]) => Promise<void> }) {
  return (
    <FileButton onChange={(files) => void upload(files)} accept="image/png,image/jpeg,application/pdf" multiple>
      {(props) => (
        <Button size="xs" variant="light" {...props}>
          Upload images
        </Button>
      )}
    </FileButton>
  );
}

export function UploadProgress({ progress }: { progress: Record<string, number> }) {
  return (
    <Stack gap={4}>
      {Object.entries(progress).map(([name, pct]) => (
        <div key={name}>
          <Text size="xs">
            {name}: {pct}%
          </Text>
          <Progress value={pct} aria-label={`Upload of ${name}`} />
        </div>
      ))}
    </Stack>
  );
}

/** The vehicle's images and documents, shown through presigned GET URLs. */
export function ImagesSection({ vehicle }: { vehicle: ApiRecord }) {
  const images = useApiGet<{ results: VehicleImage[] }>("vehicleimages", { vehicle: vehicle.id }, { errorMessage: "There was an error" });
  const remove = useRemove("vehicleimages", { errorMessage: "There was an error" });
  const { upload, progress } = useVehicleUploads({ id: vehicle.id, registration: vehicle.registration as string });
  return (
    <Fieldset legend="Images" variant="filled" p="sm">
      <Group mb="xs">
        <UploadButton upload={upload} />
      </Group>
      <UploadProgress progress={progress} />
      <ImageGrid
        images={images.data?.results}
        kind="Vehicle"
        testId="vehicle-image"
        empty="No images yet."
        onDelete={async (img) => {
          if (await confirmDelete("this image")) remove.mutate(img.id);
        }}
      />
    </Fieldset>
  );
}

type UploadedImage = ApiRecord & { url: string; content_type: string };

/** The thumbnails of uploaded images (a PDF as a link), each with Delete: the vehicle's and a job card's. */
export function ImageGrid<T extends UploadedImage>({ images, kind, testId, empty, onDelete }: { images: T[] | undefined; kind: string; testId: string; empty: string; onDelete: (img: T) => void }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs" mt="xs" aria-label={`${kind} images`}>
        {(images ?? []).map((img) => (
          <Stack key={img.id} gap={2} data-testid={testId}>
            {img.content_type === "application/pdf" ? (
              <Anchor href={img.url} target="_blank" size="sm">
                PDF document
              </Anchor>
            ) : (
              <Anchor href={img.url} target="_blank">
                <Image src={img.url} alt={`${kind} image ${img.id}`} h={90} fit="cover" radius="sm" />
              </Anchor>
            )}
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDelete(img)}>
              Delete
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      {images && images.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </>
  );
}
