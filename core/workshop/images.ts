import { randomUUID } from "node:crypto";
import { NotFoundError, ValidationError } from "../platform/errors.js";
import { PENDING_PREFIX, URL_SECONDS, deleteObject, downloadUrl, moveObject, uploadPost, uploadedObject } from "../platform/uploads.js";
import { MAX_UPLOAD_BYTES, MESSAGES as FLEET_MESSAGES, contentTypeOfKey, uploadType } from "../fleet/rules.js";
import { Job } from "./job.js";
import { Quote } from "./quote.js";
import { JobImage, JobImageRecords } from "./image-records.js";

export { JobImage };

/** A stored image as the calls answer it. */
type Rec = { id: number; key: string; job?: number | null; quote?: number | null } & Record<string, unknown>;

/** What images are attached to: a job card or a quote (one of `job`, `quote` in the call). */
type Owner = { kind: "job" | "quote"; id: number };
const OWNERS = { job: { record: Job, folder: "jobs", label: "Job" }, quote: { record: Quote, folder: "quotes", label: "Quote" } } as const;
const listOf = (o: Owner) => `${o.kind}#${o.id}`;
const notYours = (o: Owner) => `That upload does not belong to this ${o.kind}`;

/**
 * A client's idempotency key for one photo (the fitter's phone, docs/fitter-phone.md):
 * a UUID it makes once per photo and sends with every try. It names the
 * object (`pending/jobs/<job>/<upload_id>.<ext>`), so a retried upload
 * overwrites the same object, and the record is claimed by that key once.
 */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UPLOAD_ID_MESSAGE = "upload_id must be a UUID";
function uploadIdOf(v: unknown): string | null {
  if (v === undefined || v === null || v === "") return null;
  const s = String(v).trim().toLowerCase();
  if (!UPLOAD_ID.test(s)) throw new ValidationError(UPLOAD_ID_MESSAGE, { upload_id: UPLOAD_ID_MESSAGE });
  return s;
}

async function withUrl<T extends { key?: unknown }>(rows: T[]) {
  return Promise.all(rows.map(async (r) => ({ ...r, url: await downloadUrl(String(r.key)) })));
}

/** The job or quote a call names (`job` or `quote`), which must exist. */
async function ownerOf(q: { job?: unknown; quote?: unknown }): Promise<Owner> {
  const kind = q.quote !== undefined && q.quote !== null && q.quote !== "" ? "quote" : "job";
  const n = Number(q[kind]);
  if (!Number.isInteger(n) || n <= 0) throw new ValidationError("No job selected", { job: "No job selected" });
  const [row] = await OWNERS[kind].record.getMany([n]);
  if (!row) throw new NotFoundError(OWNERS[kind].label);
  return { kind, id: n };
}

export const JobImages = {
  // The record's own: count, follow to a quote, remove one, a job's or a quote's (image-records.ts).
  ...JobImageRecords,

  /**
   * Presigned uploads for a job's or a quote's images, one per file type asked for (png, jpeg, pdf).
   * With `upload_id` (a UUID the client made for one photo) the key is named by it: asking again
   * with the same id signs the same key, so a retry overwrites rather than adds.
   */
  async uploadUrls(q: { job?: unknown; quote?: unknown; file_type?: string | string[]; upload_id?: unknown }) {
    const owner = await ownerOf(q);
    const uploadId = uploadIdOf(q.upload_id);
    const asked = (Array.isArray(q.file_type) ? q.file_type : [q.file_type ?? ""]).flatMap((f) => f.split(",")).map((f) => f.trim()).filter(Boolean);
    if (!asked.length) throw new ValidationError(FLEET_MESSAGES.notSupported, { file_type: FLEET_MESSAGES.notSupported });
    const results = await Promise.all(
      asked.map(async (f) => {
        const t = uploadType(f);
        const key = `${PENDING_PREFIX}${OWNERS[owner.kind].folder}/${owner.id}/${uploadId ?? randomUUID()}.${t.ext}`;
        const { url, fields } = await uploadPost(key, t.contentType, MAX_UPLOAD_BYTES);
        return { file_type: f, content_type: t.contentType, key, method: "POST", url, fields, max_bytes: MAX_UPLOAD_BYTES, expires_in: URL_SECONDS };
      }),
    );
    return { count: results.length, results };
  },

  /**
   * Record an upload once the object is checked (type and size), moved out of pending.
   * Idempotent per key: an upload already recorded (a retried confirm whose first answer was
   * lost, or two at once) answers the image recorded, never a second one.
   */
  async confirm(body: { job?: unknown; quote?: unknown; key?: unknown; name?: unknown }, actor: string) {
    const owner = await ownerOf(body);
    const pending = typeof body.key === "string" ? body.key : "";
    if (!pending.startsWith(`${PENDING_PREFIX}${OWNERS[owner.kind].folder}/${owner.id}/`) || pending.includes("..")) throw new ValidationError(notYours(owner), { key: notYours(owner) });
    const recorded = await this.recordedAt(pending.slice(PENDING_PREFIX.length), owner);
    if (recorded) return recorded;
    const uploaded = await uploadedObject(pending);
    if (!uploaded) {
      // Moved out of pending meanwhile by a confirm of the same upload: its image.
      const meanwhile = await this.recordedAt(pending.slice(PENDING_PREFIX.length), owner);
      if (meanwhile) return meanwhile;
      throw new ValidationError("Image did not successfully upload", { key: "No file was uploaded" });
    }
    const expected = contentTypeOfKey(pending);
    if (!expected || uploaded.contentType !== expected || uploaded.size > MAX_UPLOAD_BYTES) {
      await deleteObject(pending);
      throw new ValidationError(FLEET_MESSAGES.notSupported, { key: FLEET_MESSAGES.notSupported });
    }
    const key = pending.slice(PENDING_PREFIX.length);
    let saved: Rec;
    try {
      saved = (await JobImage.create(
        { [owner.kind]: owner.id, key, name: typeof body.name === "string" ? body.name.slice(0, 300) : null, content_type: uploaded.contentType, size: uploaded.size },
        actor,
      )) as Rec;
    } catch (e) {
      // Two confirms of one upload at once: the loser answers the winner's image.
      const won = e instanceof ValidationError ? await this.recordedAt(key, owner) : null;
      if (won) return won;
      throw e;
    }
    try {
      await moveObject(pending, key);
    } catch (e) {
      await JobImage.remove(saved.id, actor);
      throw e;
    }
    return (await withUrl([saved]))[0];
  },

  /** The image recorded at a key (the engine's unique claim on `key`), when it is this owner's; null when none is. */
  async recordedAt(key: string, owner: Owner): Promise<Rec | null> {
    const id = (await JobImage.claimedBy("key", [key])).get(key);
    if (id === undefined) return null;
    const [row] = (await JobImage.getMany([id])) as Rec[];
    if (!row || row[owner.kind] !== owner.id) return null;
    return (await withUrl([row]))[0];
  },

  /** GET images?job= or images?quote=: the images with their count. */
  async list(q: { job?: unknown; quote?: unknown }) {
    const owner = await ownerOf(q);
    const page = await JobImage.listIn(listOf(owner), { page: 1, page_size: 1000 });
    return { count: page.count, results: await withUrl(page.results as Array<Record<string, any>>) };
  },

  /** GET images?job=: a job's images with their count. */
  async ofJob(jobId: unknown) {
    return this.list({ job: jobId });
  },

  /**
   * POST deleteimage?blob_name=&blob_prefix={registration}-{jobId}: the
   * image of that job whose stored name or file name is blob_name.
   */
  async removeByName(blobName: string, blobPrefix: string, actor: string) {
    const jobId = Number(/-(\d+)$/.exec(blobPrefix)?.[1]);
    if (!Number.isInteger(jobId) || jobId <= 0) throw new ValidationError("blob_prefix must end with the job id", { blob_prefix: "Must end with -{job id}" });
    const page = await JobImage.listIn(`job#${jobId}`, { page: 1, page_size: 1000 });
    const hit = (page.results as Array<Record<string, any>>).find((r) => r.name === blobName || r.key === blobName || String(r.key ?? "").endsWith(`/${blobName}`));
    if (!hit) throw new NotFoundError("Image");
    return this.remove(hit.id, actor);
  },
};
