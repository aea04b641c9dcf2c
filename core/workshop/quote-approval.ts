import { createHash, randomBytes } from "node:crypto";
import * as z from "zod";
import type { StaffUser } from "../auth/index.js";
import { Contact } from "../contacts/index.js";
import { ConflictError, NotFoundError, ValidationError, VisibleError } from "../platform/errors.js";
import { mailConfigured, sendMail } from "../platform/mail.js";
import { defineRecordType, writeTogether } from "../platform/records.js";
import {
  APPROVAL_MESSAGES,
  BUSINESS_NAME,
  DECISIONS,
  LINK_STATES,
  TOKEN_BYTES,
  TOKEN_PATTERN,
  approvalEmail,
  closedMessage,
  customerDecisionOf,
  effectiveState,
  expiryOf,
  quoteSheetTotals,
  type ApprovalLinkOnQuote,
  type CustomerAnswer,
  type Decision,
  type LinkState,
} from "./quote-approval-rules.js";
import { QuoteLines } from "./quote.js";
import { presentQuotes, storedQuote } from "./quotes.js";

/**
 * The customer's approval link (issue 26, docs/quote-approval.md). The
 * token is 32 random bytes (base64url) shown once to staff; what is kept
 * is its SHA-256, claimed as the link's unique value, so a token is found
 * by one GetItem on its hash and link ids cannot be walked. The quote
 * holds its latest link (`approval_link`), the authority on whether the
 * link is open: every write of the quote but the Send closes it in that
 * write (quote-approval-rules.ts `linkAfterWrite`).
 */
export const QuoteApprovalLink = defineRecordType({
  type: "quote_approval_link",
  label: "Approval link",
  fields: z.object({
    token_hash: z.string().length(64),
    quote: z.number().int().positive(),
    expires_at: z.string().max(40),
    state: z.enum(LINK_STATES),
  }),
  unique: (r) => [{ scope: "token", value: r.token_hash, message: "This link is taken" }],
});

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const newToken = () => randomBytes(TOKEN_BYTES).toString("base64url");

type Stored = Awaited<ReturnType<typeof storedQuote>>;
type Item = { id: number; estimated_customer_labour_cost?: number | null; description?: string | null; estimated_labour_hours?: number | null; parts?: Array<{ name?: string | null; part_number?: string | null; estimated_customer_cost?: number | null }> | null };

const linkOf = (q: Stored) => (q.approval_link ?? null) as ApprovalLinkOnQuote | null;
const itemsOf = (q: Stored) => ((q.estimated_work_items ?? []) as Item[]).filter((i) => i && typeof i === "object");
const lastSavedOnly = (q: Stored) => {
  const { estimated_work_items: _e, comments_list: _c, ...row } = q;
  return row;
};

/** The link a token names, and its quote (404 when the token names none). */
async function linkByToken(token: string) {
  if (!TOKEN_PATTERN.test(token)) throw new VisibleError(404, APPROVAL_MESSAGES.unknown, { state: "unknown" });
  const held = await QuoteApprovalLink.claimedBy("token", [hashToken(token)]);
  const id = [...held.values()][0];
  const [link] = id ? await QuoteApprovalLink.getMany([id]) : [];
  if (!link) throw new VisibleError(404, APPROVAL_MESSAGES.unknown, { state: "unknown" });
  const quote = await storedQuote(link.quote);
  return { link, quote, state: effectiveState(link.id, linkOf(quote), new Date()) };
}

/** A closed link's answer: 409 when used (a reused or raced link), 410 when expired or revoked. */
function closed(state: Exclude<LinkState, "open">): VisibleError {
  return new VisibleError(state === "used" ? 409 : 410, closedMessage(state), { state });
}

/** The link record's own state brought in line, in the quote's write (never its authority). */
const alsoLink = (id: number | undefined, state: LinkState, actor: string) =>
  id ? writeTogether(async () => [await QuoteApprovalLink.planUpdate(id, { state }, actor, { partial: true, system: true })]) : undefined;

async function contactEmail(q: Stored): Promise<string | null> {
  if (!q.customer) return null;
  const [c] = (await Contact.getMany([Number(q.customer)])) as Array<{ email?: string | null; company_email?: string | null; display_name?: string | null }>;
  return (c?.email || c?.company_email || "").trim() || null;
}

async function customerName(q: Stored): Promise<string> {
  return String(q.customer_name ?? "");
}

export const QuoteApprovals = {
  /**
   * POST quotes/approvallink/{id}: a new link for the quote (its previous
   * one revoked in the same write). Answers the token (shown once), its
   * expiry, the e-mail to paste and whether mail is set up.
   */
  async send(quoteId: number, user: StaffUser, origin: string) {
    const q = await storedQuote(quoteId);
    if (!itemsOf(q).length) throw new ValidationError(APPROVAL_MESSAGES.noItems, { estimated_work_items: APPROVAL_MESSAGES.noItems });
    const now = new Date();
    const token = newToken();
    const expires_at = expiryOf(now);
    const link = await QuoteApprovalLink.create({ token_hash: hashToken(token), quote: quoteId, expires_at, state: "open" }, user.email);
    const previous = linkOf(q);
    try {
      await QuoteLines.update(
        quoteId,
        { approval_link: { id: link.id, state: "sending", sent_at: now.toISOString(), sent_by: user.email, expires_at, revoked_because: null } },
        user.email,
        { partial: true, system: true, current: lastSavedOnly(q), also: previous && previous.state === "open" ? alsoLink(previous.id, "revoked", user.email) : undefined },
      );
    } catch (e) {
      // The quote was saved meanwhile: this link never became its link (it names another, or none): closed for good.
      await QuoteApprovalLink.update(link.id, { state: "revoked" }, user.email, { partial: true, system: true }).catch(() => undefined);
      throw e;
    }
    return { token, expires_at, ...(await this.mailOf(q, token, expires_at, origin)) };
  },

  async mailOf(q: Stored, token: string, expiresAt: string, origin: string) {
    const url = `${origin}/approve/${token}`;
    const reg = String(q.registration ?? "");
    const email = approvalEmail({ businessName: BUSINESS_NAME, registration: reg, customerName: await customerName(q), url, expiresAt });
    return { url, email, mail: { configured: mailConfigured(), to: await contactEmail(q) } };
  },

  /** DELETE quotes/approvallink/{id}: staff revoke the quote's open link. */
  async revoke(quoteId: number, user: StaffUser) {
    const q = await storedQuote(quoteId);
    const link = linkOf(q);
    if (!link || effectiveState(link.id, link, new Date()) !== "open") return { revoked: false };
    await QuoteLines.update(quoteId, { approval_link: { ...link, state: "revoked", revoked_because: "Revoked by staff" } }, user.email, {
      partial: true,
      system: true,
      current: lastSavedOnly(q),
      also: alsoLink(link.id, "revoked", user.email),
    });
    return { revoked: true };
  },

  /** POST quotes/approvalmail/{id}: the link's e-mail sent to the customer through SES (only where mail is set up). */
  async mail(quoteId: number, token: string, origin: string) {
    if (!mailConfigured()) throw new ValidationError(APPROVAL_MESSAGES.mailOff);
    const { link, quote, state } = await linkByToken(token);
    if (link.quote !== quoteId) throw new NotFoundError("Approval link");
    if (state !== "open") throw closed(state);
    const { email, mail } = await this.mailOf(quote, token, link.expires_at, origin);
    if (!mail.to) throw new ValidationError(APPROVAL_MESSAGES.noEmail, { email: APPROVAL_MESSAGES.noEmail });
    await sendMail({ to: mail.to, subject: email.subject, text: email.text });
    return { sent_to: mail.to };
  },

  /**
   * GET public/quote-approval/{token}: the quote as the customer sees it:
   * the business, the vehicle, each item (numbered 1.., no record ids)
   * with its parts and charge, and the totals of the printed quote.
   */
  async view(token: string) {
    const { link, quote, state } = await linkByToken(token);
    if (state !== "open") throw closed(state);
    const [shown] = await presentQuotes([quote]);
    const vehicle = (shown?.vehicle ?? null) as { registration?: string; make?: { name?: string } | null; model?: { name?: string } | null } | null;
    const items = itemsOf(quote);
    const totals = quoteSheetTotals(items);
    return {
      business: BUSINESS_NAME,
      vehicle: { registration: vehicle?.registration ?? null, make: vehicle?.make?.name ?? null, model: vehicle?.model?.name ?? null },
      description: quote.description ?? null,
      expires_at: link.expires_at,
      items: items.map((i, n) => ({
        id: n + 1,
        description: i.description ?? null,
        labour_hours: i.estimated_labour_hours ?? null,
        labour: quoteSheetTotals([{ estimated_customer_labour_cost: i.estimated_customer_labour_cost }]).total,
        parts: (i.parts ?? []).map((p) => ({ name: p.name ?? null, part_number: p.part_number ?? null, price: quoteSheetTotals([{ parts: [p] }]).total })),
        price: quoteSheetTotals([i]).total,
      })),
      totals: { labour: totals.labour, parts: totals.parts, total: totals.total, vat: totals.vat, total_inc_vat: totals.totalIncVat },
    };
  },

  /**
   * POST public/quote-approval/{token}: the customer's answer, item by
   * item, with their typed name, written in one transaction on the quote
   * as read (its version, so a link used or closed meanwhile cancels it:
   * 409) with the link record and the quote's history (audit) entry.
   */
  async answer(token: string, body: { name: string; items: Array<{ id: number; decision: Decision }> }, from: { ip: string; userAgent: string }) {
    const { link, quote, state } = await linkByToken(token);
    if (state !== "open") throw closed(state);
    const items = itemsOf(quote);
    const name = body.name.trim();
    const errors: Record<string, string> = {};
    if (!name) errors.name = APPROVAL_MESSAGES.name;
    const byIndex = new Map(body.items.map((i) => [i.id, i.decision]));
    if (body.items.some((i) => i.id < 1 || i.id > items.length)) errors.items = APPROVAL_MESSAGES.unknownItem;
    else if (byIndex.size !== items.length || body.items.length !== items.length) errors.items = APPROVAL_MESSAGES.decisions;
    if (Object.keys(errors).length) throw new ValidationError(Object.values(errors)[0], errors);
    const decisions = items.map((_, n) => byIndex.get(n + 1) as Decision);
    const answer: CustomerAnswer = {
      name,
      at: new Date().toISOString(),
      ip: from.ip.slice(0, 100),
      user_agent: from.userAgent.slice(0, 1000),
      link: link.id,
      items: items.map((i, n) => ({ item: i.id, description: i.description ?? null, decision: decisions[n] })),
    };
    const actor = `customer (approval link): ${name}`.slice(0, 300);
    const onQuote = linkOf(quote)!;
    try {
      await QuoteLines.update(
        link.quote,
        { approval_link: { ...onQuote, state: "used" }, customer_answer: answer, customer_decision: customerDecisionOf(decisions) },
        actor,
        { partial: true, system: true, current: lastSavedOnly(quote), also: alsoLink(link.id, "used", actor) },
      );
    } catch (e) {
      // Answered, revoked or changed meanwhile (the write is on the version read): nothing written.
      if (e instanceof ConflictError) throw closed("used");
      throw e;
    }
    return { answered: true, decision: customerDecisionOf(decisions) };
  },
};

export { DECISIONS };
