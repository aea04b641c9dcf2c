import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { config } from "./config.js";

/**
 * The upload bucket: presigned links for the browser to PUT and GET
 * objects directly, and the checks and clean-up the server does itself.
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

/** A link to PUT one object of the given content type, shown inline when read back. */
export async function uploadUrl(key: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: config.bucketName, Key: key, ContentType: contentType, ContentDisposition: "inline" }),
    { expiresIn: URL_SECONDS },
  );
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
