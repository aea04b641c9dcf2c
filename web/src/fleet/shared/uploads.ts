import { ApiError, api, useApiMutation } from "../../platform/api";

/** 000 §5 / §8: png, jpeg or pdf only. */
export const UPLOAD_TYPES: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg", "application/pdf": "pdf" };
export const UPLOAD_MESSAGES = {
  notSupported: "Not supported file format",
  failed: "Image did not successfully upload",
  signedUrlFailed: "Failed to upload the file to the signed URL",
  noUrl: "Upload url could not be found",
  noVehicle: "No vehicle selected",
  uploaded: "Image uploaded successfully",
} as const;

/** GET uploadimage's answer per file: a presigned POST (the signed policy fixes type, size and key). */
type SignedUpload = { file_type: string; content_type: string; key: string; method: "POST"; url: string; fields: Record<string, string>; max_bytes: number };

export const TOO_LARGE = "The file is larger than 15 MB";

/**
 * The presigned POST with progress (fetch has no upload progress): the signed
 * fields, then the file, as a form, straight to S3. S3 refuses anything the
 * policy does not allow (another type, over 15 MB, another key).
 */
function postWithProgress(target: SignedUpload, file: File, onProgress: (pct: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append("file", file); // last: S3 ignores fields after the file
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    // A dropped connection (or S3 busy) may be tried again; a refusal of the signed policy may not.
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(xhr.status >= 500 ? new DroppedUpload() : new Error(UPLOAD_MESSAGES.signedUrlFailed)));
    xhr.onerror = () => reject(new DroppedUpload());
    xhr.onabort = () => reject(new DroppedUpload());
    xhr.send(form);
  });
}

/** The connection dropped (or the store was busy) while a file was sent: worth another try. */
export class DroppedUpload extends Error {
  constructor() {
    super(UPLOAD_MESSAGES.signedUrlFailed);
    this.name = "DroppedUpload";
  }
}

/** Whether a failed step of an upload may be tried again: a dropped connection, the API unreachable or busy. */
const retriable = (e: unknown) => e instanceof DroppedUpload || (e instanceof ApiError && (e.status === 0 || e.status >= 500));

/** Options of one upload: `attempts` (1 by default) tries on a dropped connection, `onRetry` told before each further try. */
export type UploadTries = { attempts?: number; waitMs?: number; onRetry?: (attempt: number) => void };

async function withTries<T>(step: () => Promise<T>, tries: UploadTries, attempt = 1): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (!retriable(e) || attempt >= (tries.attempts ?? 1)) throw e;
    tries.onRetry?.(attempt + 1);
    await new Promise((r) => setTimeout(r, (tries.waitMs ?? 1000) * attempt));
    return withTries(step, tries, attempt + 1);
  }
}

/**
 * One file through a signed upload: `sign` asks the API for the presigned
 * POST of this file type, the file goes to S3 with its progress, then
 * `confirm` has the API check and record it. A file over the limit is
 * refused before it is sent. The one upload path of vehicles and job cards.
 */
export async function uploadSignedFile(
  file: File,
  onProgress: (pct: number) => void,
  sign: (fileType: string) => Promise<{ results: SignedUpload[] }>,
  confirm: (key: string) => Promise<unknown>,
  tries: UploadTries = {},
) {
  const fileType = UPLOAD_TYPES[file.type];
  if (!fileType) throw new Error(UPLOAD_MESSAGES.notSupported);
  // With more than one attempt, `sign` must name the object by an idempotency key of the file
  // (the job images' upload_id): each try is signed afresh for the same key, so a retry
  // overwrites the object the dropped try may have left, and the confirm records it once.
  const key = await withTries(async () => {
    const target = (await sign(fileType)).results[0];
    if (!target?.url) throw new Error(UPLOAD_MESSAGES.noUrl);
    if (file.size > target.max_bytes) throw new Error(TOO_LARGE);
    onProgress(0);
    await postWithProgress(target, file, onProgress);
    return target.key;
  }, tries);
  return withTries(() => confirm(key), tries);
}

/**
 * The confirming POST of an upload (`path`), a mutation that refreshes
 * `resource`: quiet, as the upload tells its own outcome (UPLOAD_MESSAGES).
 */
export function useUploadConfirm(path: string, resource: string) {
  const confirm = useApiMutation<Record<string, unknown>>("POST", path, { resource, quiet: true });
  return (body: Record<string, unknown>) => confirm.mutateAsync(body);
}

/** One vehicle file: signed by GET uploadimage, recorded by POST vehicleimages. */
export function useVehicleFileUpload() {
  const confirm = useUploadConfirm("vehicleimages", "vehicleimages");
  return (vehicle: { id: number; registration?: string | null }, file: File, onProgress: (pct: number) => void) =>
    uploadSignedFile(
      file,
      onProgress,
      (fileType) => api("GET", "uploadimage", { query: { id: vehicle.id, reg: vehicle.registration ?? "", type: "vehicle", file_type: fileType } }),
      (key) => confirm({ vehicle: vehicle.id, key }),
    );
}
