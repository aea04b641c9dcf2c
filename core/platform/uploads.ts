import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { config } from "./config.js";

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

/** A link to read one object, shown inline. */
export async function downloadUrl(key: string): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.bucketName, Key: key, ResponseContentDisposition: "inline" }), { expiresIn: URL_SECONDS });
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
