import * as z from "zod";
import { pounds, sum, withVat, type Amount } from "../platform/money.js";

/**
 * The customer's approval of a quote from a link (issue 26,
 * docs/quote-approval.md): pure rules shared by the server and the SPA.
 * The link's token is never stored: only its SHA-256 (quote-approval.ts).
 */

/** How long a link is open, in days (issue 26: default 7). */
export const APPROVAL_LINK_DAYS = 7;
/** Random bytes of a token (base64url: 43 characters). */
export const TOKEN_BYTES = 32;
/** A token as the public path takes it: exactly 43 base64url characters, nothing else reaches a handler. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Public requests one address may make a minute, over the two public calls (in-app limit; API Gateway throttles the route as well). */
export const PUBLIC_REQUESTS_PER_MINUTE = 30;

export const LINK_STATES = ["open", "used", "revoked", "expired"] as const;
export type LinkState = (typeof LINK_STATES)[number];
/** "sending": only in the Send write itself, which the quote's validate turns into "open" (see `linkAfterWrite`). */
export const STORED_LINK_STATES = ["sending", ...LINK_STATES] as const;

export const DECISIONS = ["approved", "declined"] as const;
export type Decision = (typeof DECISIONS)[number];

/** The marker the quote and the quotes list show once the customer answered. */
export const CUSTOMER_DECISIONS = ["APPROVED", "PART APPROVED", "DECLINED"] as const;
export type CustomerDecision = (typeof CUSTOMER_DECISIONS)[number];
export const CUSTOMER_DECISION_LABELS: Record<CustomerDecision, string> = {
  APPROVED: "Customer approved",
  "PART APPROVED": "Customer part approved",
  DECLINED: "Customer declined",
};

export const APPROVAL_MESSAGES = {
  name: "Please enter your name",
  decisions: "Please approve or decline every item",
  unknownItem: "An item of this answer is not on the quote",
  expired: "This link has expired",
  used: "This link has already been used",
  revoked: "This link is no longer valid",
  unknown: "This link is not valid",
  tooMany: "Too many requests: please wait a minute and try again.",
  noItems: "This quote has no work items to approve",
  noEmail: "The customer has no e-mail address",
  mailOff: "E-mail is not set up",
} as const;

/** What the quote holds of its latest link (the authority on whether it is open: docs/quote-approval.md). */
export const approvalLinkSchema = z
  .strictObject({
    id: z.number().int().positive(),
    state: z.enum(STORED_LINK_STATES),
    sent_at: z.string().max(40),
    sent_by: z.string().max(320),
    expires_at: z.string().max(40),
    revoked_because: z.string().max(100).nullable().optional(),
  })
  .nullable()
  .optional();
export type ApprovalLinkOnQuote = NonNullable<z.infer<typeof approvalLinkSchema>>;

/** The customer's answer as recorded on the quote: who, when, from where, item by item. */
export const customerAnswerSchema = z
  .strictObject({
    name: z.string().max(200),
    at: z.string().max(40),
    ip: z.string().max(100),
    user_agent: z.string().max(1000),
    link: z.number().int().positive(),
    items: z
      .array(z.strictObject({ item: z.number().int().positive(), description: z.string().max(2000).nullable(), decision: z.enum(DECISIONS) }))
      .max(100),
  })
  .nullable()
  .optional();
export type CustomerAnswer = NonNullable<z.infer<typeof customerAnswerSchema>>;

/**
 * The invariant of the link (docs/quote-approval.md): a link is open only
 * while its quote is unchanged since it was sent. Every write of a quote
 * passes here (the quote's `validate`, inside the write itself): the Send
 * write's "sending" becomes "open"; an "open" link on any other write (a
 * staff save, a Parts Expenses approval, a job card made from it) becomes
 * "revoked" in that same write. Answers, revokes and sends state theirs.
 */
export function linkAfterWrite(link: ApprovalLinkOnQuote | null | undefined): ApprovalLinkOnQuote | null {
  if (!link) return null;
  if (link.state === "sending") return { ...link, state: "open" };
  if (link.state === "open") return { ...link, state: "revoked", revoked_because: "The quote changed after it was sent" };
  return link;
}

/** When a link sent at `now` expires. */
export function expiryOf(now: Date, days = APPROVAL_LINK_DAYS): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/**
 * A link's state as the customer meets it: the quote's record of its
 * latest link decides (a link the quote no longer names was replaced:
 * revoked); an open one past its expiry is expired.
 */
export function effectiveState(linkId: number, onQuote: ApprovalLinkOnQuote | null | undefined, now: Date): LinkState {
  if (!onQuote || onQuote.id !== linkId) return "revoked";
  if (onQuote.state === "used") return "used";
  if (onQuote.state === "revoked") return "revoked";
  if (onQuote.state === "expired") return "expired";
  if (onQuote.state !== "open") return "revoked";
  return Date.parse(onQuote.expires_at) <= now.getTime() ? "expired" : "open";
}

/** The message of a link that is not open (the public page shows it). */
export function closedMessage(state: Exclude<LinkState, "open"> | "unknown"): string {
  return APPROVAL_MESSAGES[state];
}

/** The quote's marker from the customer's decisions. */
export function customerDecisionOf(decisions: Decision[]): CustomerDecision {
  const approved = decisions.filter((d) => d === "approved").length;
  return approved === decisions.length ? "APPROVED" : approved === 0 ? "DECLINED" : "PART APPROVED";
}

/** The business the customer deals with (the printed quote's wordmark). */
export const BUSINESS_NAME = "Rentals Direct";

/** What the totals read of an item: its labour charge and its parts' charges. */
export type PricedItem = { estimated_customer_labour_cost?: Amount; parts?: ReadonlyArray<{ estimated_customer_cost?: Amount }> | null };

/**
 * Totals of the quote sheet (002 §2 Quote print): labour and parts
 * charges, their total, and the total with VAT at 20%. The one formula:
 * the printed quote and the customer's approval page both use it.
 */
export function quoteSheetTotals(items: readonly PricedItem[]) {
  const labour = sum(...items.map((i) => i.estimated_customer_labour_cost));
  const parts = sum(...items.flatMap((i) => i.parts ?? []).map((p) => p.estimated_customer_cost));
  const total = labour.plus(parts);
  const totalIncVat = withVat(total);
  return { labour: pounds(labour), parts: pounds(parts), total: pounds(total), vat: pounds(sum(totalIncVat).minus(total)), totalIncVat };
}

/** The e-mail the staff dialog offers to paste (or sends, where mail is set up). */
export function approvalEmail(p: { businessName: string; registration: string; customerName: string; url: string; expiresAt: string }) {
  const d = new Date(p.expiresAt);
  const until = d.toLocaleDateString("en-GB", { timeZone: "Europe/London", day: "2-digit", month: "2-digit", year: "numeric" });
  return {
    subject: `Your quote for ${p.registration || "your vehicle"} from ${p.businessName}`,
    text: [
      `Dear ${p.customerName || "customer"},`,
      "",
      `Please find your quote for ${p.registration || "your vehicle"} at the link below. You can approve or decline each item of work there.`,
      "",
      p.url,
      "",
      `The link can be used once and is open until ${until}.`,
      "",
      `Kind regards,`,
      p.businessName,
    ].join("\n"),
  };
}
