import type { StaffUser } from "../auth/index.js";
import { todayInLondon } from "../platform/dates.js";
import { ConflictError, ValidationError } from "../platform/errors.js";
import { Job, JobLines } from "./job.js";
import { JobImageRecords } from "./image-records.js";
import { enquiryMoved } from "./partorder.js";
import { QuoteLines } from "./quote.js";
import { defectQuoteRefusal, enquiryQuoteRefusal, idOf } from "./quote-rules.js";
import { Quotes } from "./quotes.js";

// A defect or a part enquiry turned into a quote (W13), apart from the job card made from quote items (quote-jobs.ts),
// which carries the job-card service: the quotes' Lambda carries these, not it (docs/performance.md "Bundles").

type Row = Record<string, unknown>;
/** The defect or enquiry job as a conversion reads it. */
type JobRow = Row & { id: number; part_order?: number | null; quote?: number | null };

export const QuoteConversions = {
  /**
   * POST defectquote (002 §4, §5 Conversions): a defect becomes a quote
   * with the customers chosen ('A customer is required'); the defect stays,
   * linked to the quote (CONVERTED, W13). Answers the quote id.
   */
  async fromDefect(body: Row, user: StaffUser) {
    const refused = defectQuoteRefusal({ customer: idOf(body.customer), customer2: idOf(body.customer2) });
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const job = await jobToConvert(body, "is_defect");
    const customer = idOf(body.customer) ?? idOf(body.customer2);
    return convert(job, user, {
      vehicle: job.vehicle,
      customer,
      customer2: idOf(body.customer) ? idOf(body.customer2) : null,
      description: job.defect_description ?? job.job_description ?? null,
    });
  },

  /**
   * POST enquiryquote (002 §4, §5 Conversions): an enquiry becomes a quote
   * with its vehicle and customers ('Vehicle and Customer 1 are required').
   */
  async fromEnquiry(body: Row, user: StaffUser) {
    const refused = enquiryQuoteRefusal({ vehicle: idOf(body.vehicle), customer: idOf(body.customer) });
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const job = await jobToConvert(body, "is_enquiry");
    const made = await convert(job, user, {
      vehicle: idOf(body.vehicle),
      customer: idOf(body.customer),
      customer2: idOf(body.customer2),
      description: job.enquiry_description ?? job.job_description ?? null,
      enquiry_description: job.enquiry_description ?? null,
    });
    // Its part order becomes a QUOTE (W12).
    if (job.part_order) await enquiryMoved(job.part_order, "QUOTE", user.email);
    return made;
  },
};

/** The defect or enquiry job a conversion names (its `id`), still unconverted. */
async function jobToConvert(body: Row, flag: "is_defect" | "is_enquiry"): Promise<JobRow> {
  const id = idOf(body.id) ?? idOf(body.job);
  if (!id) throw new ValidationError("Which job? Send its id", { id: "Required" });
  const job = (await Job.stored(id)) as JobRow;
  if (!job[flag]) throw new ValidationError(flag === "is_defect" ? "This job is not a defect" : "This job is not a part enquiry", { id: "Wrong kind of job" });
  if (job.quote) throw new ValidationError(`This job has already been turned into quote ${job.quote}`, { id: "Already converted" });
  return job;
}

/** Make the quote from a defect or enquiry, then link the job to it (CONVERTED). */
async function convert(job: JobRow, user: StaffUser, fields: Row) {
  const quote = await Quotes.create(
    {
      ...fields,
      department: job.department,
      quote_type: "NONE",
      provisional_start_date: todayInLondon(),
      job_description: job.job_description ?? null,
      customer_vehicle: !!job.customer_vehicle,
      estimated_work_items: [],
      comments_list: [],
    },
    user,
    { source_job: job.id },
  );
  // The defect or enquiry stays, linked to its quote (jstate CONVERTED: out of the jobs views, W13),
  // on the version of the job read: of two conversions at once, one links its quote, the other's goes.
  try {
    await JobLines.update(job.id, { quote: quote.id }, user.email, { partial: true, system: true, current: job });
  } catch (e) {
    if (!(e instanceof ConflictError)) throw e;
    await QuoteLines.remove(quote.id, user.email);
    const [now] = (await Job.getMany([job.id])) as JobRow[];
    if (now?.quote) return { id: now.quote };
    throw e;
  }
  // The defect's (or enquiry's) images follow it into the quote (W13): the quote's Show Attached Images lists them.
  await JobImageRecords.followToQuote(job.id, quote.id, user.email);
  return { id: quote.id as number };
}
