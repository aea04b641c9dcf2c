import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useRef } from "react";
import { Link, useParams } from "react-router-dom";
import { useOne, type ApiRecord } from "../../platform/api";
import { Loading } from "../../platform/Loading";
import { Page } from "../../platform/page";
import { UploadProgress, useVehicleUploads } from "../edit/ImagesSection";

function Uploader({ vehicle }: { vehicle: ApiRecord }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, progress } = useVehicleUploads({ id: vehicle.id, registration: vehicle.registration as string });
  return (
    <Stack gap="md" maw={480}>
      <Text size="lg" fw={600}>
        {String(vehicle.registration ?? "")}
      </Text>
      {/* The camera opens straight away on a phone; several photos can be chosen from the gallery. */}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,application/pdf"
        capture="environment"
        multiple
        aria-label="Photos"
        style={{ display: "none" }}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = "";
          void upload(files);
        }}
      />
      <Button size="xl" fullWidth onClick={() => input.current?.click()}>
        Take or choose photos
      </Button>
      <UploadProgress progress={progress} />
      <Anchor component={Link} to={`/editvehicle/${vehicle.id}`}>
        Back to the vehicle
      </Anchor>
    </Stack>
  );
}

/** /vehicleupload/{id}: photos from a phone in the yard, straight to the vehicle's images. */
export function PhoneUploadPage() {
  const { vehicle } = useParams();
  const q = useOne<ApiRecord>("vehicles", vehicle ?? null, { errorMessage: "There was an error" });
  return <Page title="Upload photos">{q.isLoading ? <Loading /> : q.data ? <Uploader vehicle={q.data} /> : <Text c="red">No vehicle selected</Text>}</Page>;
}
