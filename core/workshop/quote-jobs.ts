import { randomUUID } from "node:crypto";
import type { StaffUser } from "../auth/index.js";
import { ConflictError, ValidationError, VisibleError } from "../platform/errors.js";
import { Jobs } from "./jobs.js";
import { QUOTE_MESSAGES, createJobRefusal, idOf } from "./quote-rules.js";
import { storedQuote } from "./quote.js";
import { linesOf, pause, writeItems } from "./quote-links.js";

type Row = Record<string, any>;

/** How long a createquotejob holds its items before another call may take them (a crashed call's hold lapses). */
const HOLD_MS = 60_000;
/** How long a second call for the same items waits for the first to link them. */
const WAIT_MS = 20_000;

const itemKey = (id: number) => `quote-item-${id}`;
const partKey = (id: number) => `quote-part-${id}`;
const held = (i: Row) => typeof i.job_pending === "string" && Date.now() - Date.parse(i.job_pending.split("@")[1] ?? "") < HOLD_MS;



/** The copy of a quote item on the new job card (it keeps the quote's estimate: costs.ts priceJobItems). */
function jobItemOf(quoteId: number, i: Row): Row {
  return {
    key: itemKey(i.id),
    description: i.description ?? null,
    chargeable: !!i.chargeable,
    work_type: i.work_type ?? null,
    estimated_labour_hours: i.estimated_labour_hours ?? null,
    estimated_labour_cost: i.estimated_labour_cost ?? null,
    estimated_customer_labour_cost: i.estimated_customer_labour_cost ?? null,
    cost_override: !!i.cost_override,
    added_after_quote: !!i.added_after_quote,
    quote: quoteId,
    parts: ((i.parts ?? []) as Row[]).map((p) => {
      const { id, part: _link, quote: _q, work: _w, approved: _a, approver: _ap, ...copy } = p;
      return { ...copy, key: partKey(id), quote: quoteId };
    }),
  };
}

/** A job card from quote items (POST createquotejob); a defect or enquiry turned into a quote: quote-conversions.ts. */
export const QuoteJobs = {
  /**
   * POST createquotejob (002 §5 Quote specifics, docs/data-model.md §7.3):
   * a job card from the selected items, each item linked both ways (the
   * quote item's `job` and `work`; the job item's `quote`, its parts' link
   * in the quote part's `part`). The items are first held on the quote
   * (a write on the version read), so a repeated or racing call never
   * makes a second job: it waits for the first and answers its job.
   */
  async createJob(body: Row, user: StaffUser) {
    const refused = createJobRefusal(body);
    if (refused) throw new ValidationError(refused.message, refused.errors);
    const quoteId = idOf(body.quote);
    if (!quoteId) throw new ValidationError("Which quote? Send its id as quote", { quote: "Required" });
    const wanted = [...new Set(((body.items ?? []) as unknown[]).map(idOf).filter((x): x is number => !!x))];
    if (!wanted.length) throw new ValidationError(QUOTE_MESSAGES.createJobNoItems, { items: QUOTE_MESSAGES.createJobNoItems });
    const token = `${randomUUID()}@${new Date().toISOString()}`;

    // 1. Hold the items (or find them made, or held by another call).
    let quote: Row;
    for (let attempt = 0; ; attempt++) {
      quote = await storedQuote(quoteId);
      const items = (quote.estimated_work_items ?? []) as Row[];
      const chosen = wanted.map((id) => items.find((i) => i.id === id));
      if (chosen.some((i) => !i)) throw new ValidationError(QUOTE_MESSAGES.createJobNoItems, { items: QUOTE_MESSAGES.createJobNoItems });
      const jobs = new Set(chosen.map((i) => i!.job).filter(Boolean));
      if (jobs.size === 1 && chosen.every((i) => i!.job)) return { id: [...jobs][0] as number };
      if (jobs.size) throw new ValidationError(QUOTE_MESSAGES.itemsAlreadyOnJob, { items: QUOTE_MESSAGES.itemsAlreadyOnJob });
      if (chosen.some((i) => held(i!))) {
        if (attempt * 250 > WAIT_MS) throw new VisibleError(409, QUOTE_MESSAGES.itemsAlreadyOnJob, { items: QUOTE_MESSAGES.itemsAlreadyOnJob });
        await pause(250);
        continue;
      }
      try {
        await writeItems(quoteId, quote, linesOf(items, (i) => (wanted.includes(i.id) ? { ...i, job_pending: token } : i)), user.email);
        break;
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
        // Another write landed first (a racing call, or a save): read again.
        if (attempt > 40) throw e;
        await pause(100);
      }
    }

    // 2. The job card with copies of the items and their parts.
    const chosen = wanted.map((id) => (quote.estimated_work_items as Row[]).find((i) => i.id === id)!);
    let job: Row;
    try {
      job = await Jobs.createFromQuote(
        {
          vehicle: quote.vehicle,
          customer: quote.customer,
          customer2: quote.customer2 ?? null,
          department: quote.department,
          workshop: idOf(body.workshop),
          book_in_date: body.bookInDate,
          workshop_date: body.startDate,
          quote: quoteId,
          customer_invoice_number: body.customerInvoiceNumber ?? quote.customer_invoice_number ?? null,
          customer2_invoice_number: body.customer2InvoiceNumber ?? quote.customer2_invoice_number ?? null,
          customer_vehicle: !!quote.customer_vehicle,
          parts_markup: quote.parts_markup ?? null,
          job_description: quote.description ?? null,
          status: "IN_PROGRESS",
          work_items: chosen.map((i) => jobItemOf(quoteId, i)),
        },
        { email: user.email, given_name: user.given_name, family_name: user.family_name },
      );
    } catch (e) {
      await releaseHold(quoteId, token, user.email).catch(() => undefined);
      throw e;
    }

    // 3. Link each item to the job item it became, and each part to its job part.
    const works = new Map<string, Row>(((job.work_items ?? []) as Row[]).map((w) => [String(w.key), w]));
    for (let attempt = 0; ; attempt++) {
      const now = await storedQuote(quoteId);
      const items = linesOf<Row>(now.estimated_work_items ?? [], (i) => {
        if (i.job_pending !== token) return i;
        const w = works.get(itemKey(i.id));
        const jobParts = new Map<string, Row>(((w?.parts ?? []) as Row[]).map((p) => [String(p.key), p]));
        return {
          ...i,
          job: job.id,
          work: w?.id ?? null,
          job_pending: null,
          parts: ((i.parts ?? []) as Row[]).map((p) => ({ ...p, part: jobParts.get(partKey(p.id))?.id ?? p.part ?? null })),
        };
      });
      try {
        await writeItems(quoteId, now, items, user.email);
        break;
      } catch (e) {
        if (!(e instanceof ConflictError) || attempt > 40) throw e;
        await pause(100);
      }
    }
    return { id: job.id as number };
  },
};

/** Give back items a failed createquotejob held. */
async function releaseHold(quoteId: number, token: string, actor: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const now = await storedQuote(quoteId);
    if (!((now.estimated_work_items ?? []) as Row[]).some((i) => i.job_pending === token)) return;
    try {
      await writeItems(quoteId, now, linesOf(now.estimated_work_items, (i) => (i.job_pending === token ? { ...i, job_pending: null } : i)), actor);
      return;
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e;
      await pause(100);
    }
  }
}

