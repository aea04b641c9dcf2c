import { api } from "../../platform/api";

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

type SignedUrl = { file_type: string; content_type: string; content_disposition: string; key: string; url: string };

/** PUT with progress (fetch has no upload progress): the browser sends the file straight to S3. */
function putWithProgress(url: string, file: File, contentType: string, disposition: string, onProgress: (pct: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.setRequestHeader("Content-Disposition", disposition);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(UPLOAD_MESSAGES.signedUrlFailed)));
    xhr.onerror = () => reject(new Error(UPLOAD_MESSAGES.signedUrlFailed));
    xhr.send(file);
  });
}

/**
 * One vehicle file: a signed URL from the API (GET uploadimage), the PUT
 * to S3, then the confirmation that records it (POST vehicleimages).
 */
export async function uploadVehicleFile(vehicle: { id: number; registration?: string | null }, file: File, onProgress: (pct: number) => void) {
  const fileType = UPLOAD_TYPES[file.type];
  if (!fileType) throw new Error(UPLOAD_MESSAGES.notSupported);
  const signed = await api<{ results: SignedUrl[] }>("GET", "uploadimage", { query: { id: vehicle.id, reg: vehicle.registration ?? "", type: "vehicle", file_type: fileType } });
  const target = signed.results[0];
  if (!target?.url) throw new Error(UPLOAD_MESSAGES.noUrl);
  await putWithProgress(target.url, file, target.content_type, target.content_disposition, onProgress);
  return api("POST", "vehicleimages", { body: { vehicle: vehicle.id, key: target.key } });
}
