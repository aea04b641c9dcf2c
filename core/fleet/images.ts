import { randomUUID } from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { z } from "zod";
import { config } from "../platform/config.js";
import { NotFoundError, ValidationError } from "../platform/errors.js";
import { int, ref, text } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { MAX_UPLOAD_BYTES, MESSAGES, contentTypeOfKey, uploadType } from "./rules.js";
import { Vehicle } from "./vehicle.js";
import { declareReferences } from "../platform/references.js";

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
 * An uploaded vehicle image or document, recorded once the product has
 * checked the object itself (content type and size), because a presigned
 * PUT cannot limit either.
 */
export const VehicleImage = defineRecordType({
  type: "vehicleimage",
  label: "Image",
  fields: z.object({
    vehicle: ref(),
    key: text(300),
    content_type: text(100),
    size: int(),
    category: text(50),
  }),
  lists: (r) => [{ list: `vehicle#${r.vehicle}`, sort: "" }],
  unique: (r) => [{ scope: "key", value: r.key, message: "That upload is already recorded" }],
});

const blank = (v: unknown) => v === null || v === undefined || v === "";

async function vehicleOf(id: unknown) {
  if (blank(id)) throw new ValidationError(MESSAGES.noVehicle, { vehicle: MESSAGES.noVehicle });
  const n = Number(typeof id === "object" ? (id as { id?: unknown }).id : id);
  if (!Number.isInteger(n) || n <= 0) throw new ValidationError(MESSAGES.noVehicle, { vehicle: MESSAGES.noVehicle });
  const [v] = await Vehicle.getMany([n]);
  if (!v) throw new NotFoundError("Vehicle");
  return v;
}

async function withUrl(rows: Array<Record<string, any>>) {
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      url: await getSignedUrl(s3(), new GetObjectCommand({ Bucket: config.bucketName, Key: r.key, ResponseContentDisposition: "inline" }), { expiresIn: URL_SECONDS }),
    })),
  );
}

export const Images = {
  /**
   * Signed upload URLs (000 §7 uploadimage), one per file type asked for:
   * png, jpeg or pdf only. The object key is `vehicles/<id>/<uuid>.<ext>`;
   * the signature covers the content type, so S3 refuses a PUT of another
   * type (s3rver does not check: the confirmation below does).
   */
  async uploadUrls(q: { id?: unknown; file_type?: string | string[]; type?: string }) {
    const vehicle = await vehicleOf(q.id);
    const asked = (Array.isArray(q.file_type) ? q.file_type : [q.file_type ?? ""]).flatMap((f) => f.split(",")).map((f) => f.trim()).filter(Boolean);
    if (!asked.length) throw new ValidationError(MESSAGES.notSupported, { file_type: MESSAGES.notSupported });
    const types = asked.map(uploadType);
    const results = await Promise.all(
      types.map(async (t, i) => {
        const key = `vehicles/${vehicle.id}/${randomUUID()}.${t.ext}`;
        const url = await getSignedUrl(
          s3(),
          new PutObjectCommand({ Bucket: config.bucketName, Key: key, ContentType: t.contentType, ContentDisposition: "inline" }),
          { expiresIn: URL_SECONDS },
        );
        return { file_type: asked[i], content_type: t.contentType, content_disposition: "inline", key, url, max_bytes: MAX_UPLOAD_BYTES, expires_in: URL_SECONDS };
      }),
    );
    return { count: results.length, results };
  },

  /**
   * Confirm an upload: the object must exist under the vehicle's prefix,
   * be png, jpeg or pdf (matching its key) and at most 15 MB; otherwise it
   * is deleted and refused.
   */
  async confirm(body: { vehicle?: unknown; key?: unknown; category?: unknown }, actor: string) {
    const vehicle = await vehicleOf(body.vehicle);
    const key = typeof body.key === "string" ? body.key : "";
    if (!key.startsWith(`vehicles/${vehicle.id}/`) || key.includes(".."))
      throw new ValidationError("That upload does not belong to this vehicle", { key: "That upload does not belong to this vehicle" });
    let head;
    try {
      head = await s3().send(new HeadObjectCommand({ Bucket: config.bucketName, Key: key }));
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (e as Error).name === "NotFound") throw new ValidationError("Image did not successfully upload", { key: "No file was uploaded" });
      throw e;
    }
    const contentType = (head.ContentType ?? "").split(";")[0].trim().toLowerCase();
    const size = head.ContentLength ?? 0;
    const expected = contentTypeOfKey(key);
    if (!expected || contentType !== expected) {
      await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: key }));
      throw new ValidationError(MESSAGES.notSupported, { key: MESSAGES.notSupported });
    }
    if (size > MAX_UPLOAD_BYTES) {
      await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: key }));
      throw new ValidationError("The file is larger than 15 MB", { key: "The file is larger than 15 MB" });
    }
    const saved = await VehicleImage.create(
      { vehicle: vehicle.id, key, content_type: contentType, size, category: typeof body.category === "string" ? body.category : null },
      actor,
    );
    return (await withUrl([saved as Record<string, any>]))[0];
  },

  async ofVehicle(vehicleId: unknown) {
    const vehicle = await vehicleOf(vehicleId);
    const page = await VehicleImage.listIn(`vehicle#${vehicle.id}`, { page: 1, page_size: 1000 });
    return { count: page.count, results: await withUrl(page.results as Array<Record<string, any>>) };
  },

  async get(id: number) {
    return (await withUrl([(await VehicleImage.get(id)) as Record<string, any>]))[0];
  },

  async remove(id: number, actor: string) {
    const image = (await VehicleImage.get(id)) as Record<string, any>;
    await VehicleImage.remove(id, actor);
    if (image.key) await s3().send(new DeleteObjectCommand({ Bucket: config.bucketName, Key: image.key }));
    return { id };
  },

  /** A vehicle being deleted: its images and their files go with it. */
  async removeForVehicle(vehicleId: number, actor: string) {
    for (const id of await VehicleImage.idsIn(`vehicle#${vehicleId}`)) {
      try {
        await this.remove(id, actor);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    }
  },
};

declareReferences(VehicleImage, () => ({ vehicle: Vehicle }));
