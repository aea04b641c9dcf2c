import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { ApiError, downloadFile, useApiMutation } from "../../platform/api";
import { toastFailure } from "../../platform/toast";
import type { CapUploadReport as CapReport } from "../../../../core/fleet/cap";
import { MESSAGES } from "../../../../core/fleet/rules";
import { NO_FILE_SELECTED as NO_FILE } from "../../../../core/platform/errors";

/** 000 §8: the message when a CAP upload fails. */
const CAP_UPLOAD_FAILED = MESSAGES.capUploadFailed;

/**
 * The upload: a 400 shows the server's message (the spec's: 'There was an
 * error uploading the cap data' or 'No File was selected for upload') with
 * the reason the server gives in errors.file after it; anything else is
 * the spec's failure message alone.
 */
function capRefusal(e: unknown): Error {
  if (e instanceof ApiError && e.status === 400) {
    const message = e.message || CAP_UPLOAD_FAILED;
    const detail = e.errors?.file;
    return new ApiError(400, detail && detail !== message ? `${message}: ${detail}` : message, e.errors);
  }
  return e instanceof Error ? e : new Error(String(e));
}

function capForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}

/**
 * CAP valuation upload on the vehicle list (000 §2, §4, §7 POST
 * vehiclescap; format in docs/cap-upload.md): a CSV file input, Upload
 * (disabled, with the spec's warning, until a file is chosen), the
 * template download and the report of what the upload did.
 */
export function CapUpload() {
  const [file, setFile] = useState<File | null>(null);
  // A new key clears the native input after an upload.
  const [inputKey, setInputKey] = useState(0);
  const [report, setReport] = useState<CapReport | null>(null);
  // The list, the count box (Cap 0s) and any open vehicle show the new values.
  // The report is the feedback: no 'Data saved successfully.' toast.
  const upload = useApiMutation<File, CapReport>("POST", "vehiclescap", { resource: "vehicles", send: capForm, reword: capRefusal, errorMessage: CAP_UPLOAD_FAILED, silent: true });
  const done = (r: CapReport) => {
    setReport(r);
    setFile(null);
    setInputKey((k) => k + 1);
  };
  const template = () => downloadFile("vehiclescap/template", "cap-upload-template.csv").catch((e) => toastFailure(e, "There was an error"));

  return (
    <Stack gap={4} data-testid="cap-upload">
      <Text size="xs" fw={500}>
        CAP upload
      </Text>
      <Group gap="xs" wrap="nowrap">
        <input
          key={inputKey}
          type="file"
          accept=".csv,text/csv"
          aria-label="CAP file"
          style={{ fontSize: 12, maxWidth: 220 }}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        <Button size="xs" disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file, { onSuccess: done })}>
          Upload
        </Button>
        <Anchor component="button" type="button" size="xs" onClick={template}>
          Download template
        </Anchor>
      </Group>
      {!file && (
        <Text size="xs" c="orange.8" role="status">
          {NO_FILE}
        </Text>
      )}
      <CapReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}

function CapReportModal({ report, onClose }: { report: CapReport | null; onClose: () => void }) {
  return (
    <Modal opened={!!report} onClose={onClose} title="CAP upload" centered size="lg">
      {report && (
        <Stack gap="sm">
          <Group gap="xs" aria-label="CAP upload counts" role="group">
            <Badge variant="light" size="lg" data-testid="cap-rows">
              Rows: {report.rows}
            </Badge>
            <Badge variant="light" size="lg" data-testid="cap-matched">
              Matched: {report.matched}
            </Badge>
            <Badge variant="light" color="green" size="lg" data-testid="cap-updated">
              Updated: {report.updated}
            </Badge>
            <Badge variant="light" color="gray" size="lg" data-testid="cap-unchanged">
              Unchanged: {report.unchanged}
            </Badge>
            <Badge variant="light" color={report.rejected.length ? "red" : "gray"} size="lg" data-testid="cap-rejected">
              Rejected: {report.rejected.length}
            </Badge>
          </Group>
          {report.rejected.length ? (
            <div style={{ maxHeight: 360, overflow: "auto" }}>
              <Table striped aria-label="Rejected rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Registration</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rejected.map((r) => (
                    <Table.Tr key={r.row}>
                      <Table.Td>{r.row}</Table.Td>
                      <Table.Td>{r.registration}</Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          ) : (
            <Text size="sm">Every row was applied.</Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
