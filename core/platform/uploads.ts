import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { config } from "./config.js";
import { NotFoundError } from "./errors.js";

/**
 * The upload bucket: presigned POSTs for the browser to upload and links
 * to read objects directly, and the checks, moves and clean-up the server
 * does itself.
 * What may be uploaded where (keys, types, sizes) belongs to the area that
 * owns the upload (vehicle images: core/fleet/images.ts).
 */

/** Presigned links live 15 minutes: long enough for a phone on a weak signal, short enough not to be shared. */
export const URL_SECONDS = 15 * 60;

let client: S3Client | undefined;
function s3(): S3Client {
  if (!client) {
    const endpoint = config.s3Endpoint;
    client = new S3Client({
      region: config.region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      // No checksum parameters in presigned URLs: a browser PUT could not supply them.
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
  }
  return client;
}

/**
 * Uploads land under this prefix and move out of it when confirmed; the
 * bucket's lifecycle rule (stacks/Storage.ts) deletes what is never
 * confirmed after a day, so abandoned uploads do not pile up.
 */
export const PENDING_PREFIX = "pending/";

/**
 * A presigned POST (url + form fields) for one object: its signed policy
 * fixes the key, the content type, inline disposition and a size of 1 byte
 * to `maxBytes`, so S3 refuses any other upload (a presigned PUT signs
 * neither the type nor the size). The browser sends the fields, then the
 * file, as multipart/form-data.
 */
export async function uploadPost(key: string, contentType: string, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), {
    Bucket: config.bucketName,
    Key: key,
    Fields: { "Content-Type": contentType, "Content-Disposition": "inline" },
    Conditions: [
      ["content-length-range", 1, maxBytes],
      ["eq", "$Content-Type", contentType],
      ["eq", "$Content-Disposition", "inline"],
    ],
    Expires: URL_SECONDS,
  });
}

/** Move an object to another key (copy, then delete the original). */
export async function moveObject(from: string, to: string): Promise<void> {
  await s3().send(new CopyObjectCommand({ Bucket: config.bucketName, Key: to, CopySource: `${config.bucketName}/${encodeURI(from)}`, MetadataDirective: "COPY" }));
  await deleteObject(from);
}

/** A link to read one object, shown inline, or saved under `saveAs` (a download such as a report). */
export async function downloadUrl(key: string, saveAs?: string): Promise<string> {
  const disposition = saveAs ? `attachment; filename="${saveAs.replace(/[^A-Za-z0-9._-]/g, "_")}"` : "inline";
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.bucketName, Key: key, ResponseContentDisposition: disposition }), { expiresIn: URL_SECONDS });
}

/** S3 takes parts of at least 5 MiB (but the last) in a multipart upload. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/**
 * An object the server writes in pieces (a report of any size): text is
 * buffered and sent as parts of at least 5 MiB, so memory stays at about a
 * part whatever the object's size; a small object is one PutObject.
 */
export function objectWriter(key: string, contentType: string) {
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let uploadId: string | undefined;
  const parts: Array<{ ETag: string; PartNumber: number }> = [];
  let bytes = 0;

  async function sendPart() {
    if (!uploadId) uploadId = (await s3().send(new CreateMultipartUploadCommand({ Bucket: config.bucketName, Key: key, ContentType: contentType }))).UploadId;
    const body = Buffer.concat(buffered);
    buffered = [];
    bufferedBytes = 0;
    const PartNumber = parts.length + 1;
    const res = await s3().send(new UploadPartCommand({ Bucket: config.bucketName, Key: key, UploadId: uploadId, PartNumber, Body: body }));
    parts.push({ ETag: res.ETag!, PartNumber });
  }

  return {
    key,
    get bytes() {
      return bytes;
    },
    async write(text: string) {
      if (!text) return;
      const chunk = Buffer.from(text, "utf8");
      buffered.push(chunk);
      bufferedBytes += chunk.length;
      bytes += chunk.length;
      if (bufferedBytes >= MIN_PART_BYTES) await sendPart();
    },
    async finish() {
      if (!uploadId) {
        await s3().send(new PutObjectCommand({ Bucket: config.bucketName, Key: key, ContentType: contentType, Body: Buffer.concat(buffered) }));
        return;
      }
      if (bufferedBytes) await sendPart();
      await s3().send(new CompleteMultipartUploadCommand({ Bucket: config.bucketName, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    },
    async abort() {
      if (uploadId) await s3().send(new AbortMultipartUploadCommand({ Bucket: config.bucketName, Key: key, UploadId: uploadId })).catch(() => undefined);
    },
  };
}

/** An uploaded object's content type and size, or null when nothing was uploaded at that key. */
export async function uploadedObject(key: string): Promise<{ contentType: string; size: number } | null> {
  let head;
  try {
    head = await s3().send(new HeadObjectCommand({ Bucket: config.bucketName, Key: key }));
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (e as Error).name === "NotFound") return null;
    throw e;
  }
  return { contentType: (head.ContentType ?? "").split(";")[0].trim().toLowerCase(), size: head.ContentLength ?? 0 };
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: key }));
}

/** A record type whose records each hold one stored file under `key` (a vehicle's, a job's image). */
export type FileRecords = {
  get(id: number): Promise<unknown>;
  remove(id: number, actor: string): Promise<unknown>;
  idsIn(list: string): Promise<number[]>;
};

/** A file's record, then its file: a failed file delete leaves no record pointing at nothing. */
export async function removeFileRecord(type: FileRecords, id: number, actor: string) {
  const stored = (await type.get(id)) as { key?: string | null };
  await type.remove(id, actor);
  if (stored.key) await deleteObject(stored.key);
  return { id };
}

/** Every file record of a list (a vehicle or a job being deleted); one already gone meanwhile is skipped. */
export async function removeFileRecordsIn(type: FileRecords, list: string, actor: string) {
  for (const id of await type.idsIn(list)) {
    try {
      await removeFileRecord(type, id, actor);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
    }
  }
}
