import { randomUUID } from "node:crypto";
import * as z from "zod";
import { NotFoundError, ValidationError } from "../platform/errors.js";
import { int, ref, text } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { PENDING_PREFIX, URL_SECONDS, deleteObject, downloadUrl, removeFileRecord, removeFileRecordsIn, moveObject, uploadPost, uploadedObject } from "../platform/uploads.js";
import { MAX_UPLOAD_BYTES, MESSAGES, contentTypeOfKey, uploadType } from "./rules.js";
import { Vehicle } from "./vehicle.js";
import { declareReferences } from "../platform/references.js";
import { blank } from "../platform/blank.js";

/**
 * An uploaded vehicle image or document, recorded once the product has
 * checked the object itself (content type and size). The presigned POST
 * already makes S3 refuse another type or a larger file; the check on
 * confirmation holds where the store does not enforce POST policies (s3rver).
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
      url: await downloadUrl(r.key),
    })),
  );
}

export const Images = {
  /**
   * Signed uploads (000 §7 uploadimage), one per file type asked for: png,
   * jpeg or pdf only. Each is a presigned POST (url + form fields) whose
   * signed policy fixes the object key (`pending/vehicles/<id>/<uuid>.<ext>`),
   * the content type and inline disposition, and a size of 1 byte to 15 MB:
   * S3 refuses any other upload. (A presigned PUT signs neither the type nor
   * the size.) The browser sends the fields, then the file, as multipart/form-data.
   */
  async uploadUrls(q: { id?: unknown; file_type?: string | string[]; type?: string }) {
    const vehicle = await vehicleOf(q.id);
    const asked = (Array.isArray(q.file_type) ? q.file_type : [q.file_type ?? ""]).flatMap((f) => f.split(",")).map((f) => f.trim()).filter(Boolean);
    if (!asked.length) throw new ValidationError(MESSAGES.notSupported, { file_type: MESSAGES.notSupported });
    const types = asked.map(uploadType);
    const results = await Promise.all(
      types.map(async (t, i) => {
        const key = `${PENDING_PREFIX}vehicles/${vehicle.id}/${randomUUID()}.${t.ext}`;
        const { url, fields } = await uploadPost(key, t.contentType, MAX_UPLOAD_BYTES);
        return { file_type: asked[i], content_type: t.contentType, content_disposition: "inline", key, method: "POST", url, fields, max_bytes: MAX_UPLOAD_BYTES, expires_in: URL_SECONDS };
      }),
    );
    return { count: results.length, results };
  },

  /**
   * Confirm an upload: the object must exist under the vehicle's pending
   * folder, be png, jpeg or pdf (matching its key) and at most 15 MB;
   * otherwise it is deleted and refused. A good one moves to
   * `vehicles/<id>/` and is recorded there.
   */
  async confirm(body: { vehicle?: unknown; key?: unknown; category?: unknown }, actor: string) {
    const vehicle = await vehicleOf(body.vehicle);
    const pending = typeof body.key === "string" ? body.key : "";
    if (!pending.startsWith(`${PENDING_PREFIX}vehicles/${vehicle.id}/`) || pending.includes(".."))
      throw new ValidationError("That upload does not belong to this vehicle", { key: "That upload does not belong to this vehicle" });
    const uploaded = await uploadedObject(pending);
    if (!uploaded) throw new ValidationError("Image did not successfully upload", { key: "No file was uploaded" });
    const { contentType, size } = uploaded;
    const expected = contentTypeOfKey(pending);
    if (!expected || contentType !== expected) {
      await deleteObject(pending);
      throw new ValidationError(MESSAGES.notSupported, { key: MESSAGES.notSupported });
    }
    if (size > MAX_UPLOAD_BYTES) {
      await deleteObject(pending);
      throw new ValidationError("The file is larger than 15 MB", { key: "The file is larger than 15 MB" });
    }
    const key = pending.slice(PENDING_PREFIX.length);
    // Recorded first: the key's unique claim refuses a second confirmation before anything moves.
    const saved = await VehicleImage.create(
      { vehicle: vehicle.id, key, content_type: contentType, size, category: typeof body.category === "string" ? body.category : null },
      actor,
    );
    try {
      await moveObject(pending, key);
    } catch (e) {
      await VehicleImage.remove((saved as { id: number }).id, actor); // no record of a file that did not move
      throw e;
    }
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

  /** The record, then its file. */
  remove: (id: number, actor: string) => removeFileRecord(VehicleImage, id, actor),

  /** A vehicle being deleted: its images and their files go with it. */
  removeForVehicle: (vehicleId: number, actor: string) => removeFileRecordsIn(VehicleImage, `vehicle#${vehicleId}`, actor),

};

declareReferences(VehicleImage, () => ({ vehicle: Vehicle }));
