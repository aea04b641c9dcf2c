import * as z from "zod";
import { NotFoundError } from "../platform/errors.js";
import { int, ref, text } from "../platform/fields.js";
import { defineRecordType } from "../platform/records.js";
import { declareReferences } from "../platform/references.js";
import { removeFileRecord, removeFileRecordsIn } from "../platform/uploads.js";
import { Job } from "./job.js";
import { Quote } from "./quote.js";

/**
 * Images attached to a job card (002 §2 "attached images, with upload";
 * §7 Images): the same presigned uploads as a vehicle's photos
 * (core/platform/uploads.ts, png, jpeg or pdf up to 15 MB), recorded under
 * the job (`job#<id>`, whose counter is the count on "Show Attached
 * Images"). A record type of its own rather than the vehicle image's: a
 * job's images are listed, counted and deleted with the job, and a part
 * enquiry's job may have no vehicle. A quote's images are the same records
 * under `quote#<id>` (its editor's "Show Attached Images", GET
 * images?quote=): uploaded to the quote itself, or those of the defect or
 * enquiry job it was made from, listed under the quote as well when it is
 * converted (W13: an image of both keeps its `job`, and goes with the job).
 *
 * The record and what a job's or a quote's own saves do to its images
 * (count, follow, remove) are here; the uploads and the image calls are
 * images.ts (`JobImages`, these and those): a Lambda that saves a job card
 * without serving its images (parts, quotejobs) carries these alone
 * (docs/performance.md "Bundles").
 */
export const JobImage = defineRecordType({
  type: "jobimage",
  label: "Image",
  fields: z.object({
    job: ref(),
    quote: ref(),
    key: text(300),
    name: text(300),
    content_type: text(100),
    size: int(),
  }),
  lists: (r) => [...(r.job ? [{ list: `job#${r.job}`, sort: "" }] : []), ...(r.quote ? [{ list: `quote#${r.quote}`, sort: "" }] : [])],
  unique: (r) => [{ scope: "key", value: r.key, message: "That upload is already recorded" }],
});
declareReferences(JobImage, () => ({ job: Job, quote: Quote }));

/** A stored image as far as its removal reads it. */
type Stored = { id: number; key?: string | null; job?: number | null };

export const JobImageRecords = {
  /** The count of a job's (or a quote's) images: its list's counter. */
  async count(jobId: number, kind: "job" | "quote" = "job") {
    const list = `${kind}#${jobId}`;
    return (await JobImage.counts([list]))[list];
  },

  /**
   * A defect or enquiry turned into a quote (W13): its images are listed
   * under the quote as well (they stay the job's; the job keeps the report).
   */
  async followToQuote(jobId: number, quoteId: number, actor: string) {
    for (const id of await JobImage.idsIn(`job#${jobId}`)) await JobImage.update(id, { quote: quoteId }, actor, { partial: true, system: true });
  },

  /** A quote being deleted: the images uploaded to it go with their files; those of its defect or enquiry job stay that job's. */
  async removeForQuote(quoteId: number, actor: string) {
    const page = await JobImage.listIn(`quote#${quoteId}`, { page: 1, page_size: 1000 });
    for (const image of page.results as Stored[]) {
      try {
        if (image.job) await JobImage.update(image.id, { quote: null }, actor, { partial: true, system: true });
        else await JobImageRecords.remove(image.id, actor);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
      }
    }
  },

  /** DELETE deleteinternalimage/{id}: the record, then its file. */
  remove: (id: number, actor: string) => removeFileRecord(JobImage, id, actor),

  /** A job being deleted: its images and their files go with it. */
  removeForJob: (jobId: number, actor: string) => removeFileRecordsIn(JobImage, `job#${jobId}`, actor),

};
