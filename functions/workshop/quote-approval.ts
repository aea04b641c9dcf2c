import type { Context, Hono } from "hono";
import * as z from "zod";
import { countRequest } from "../../core/platform/rate-limit.js";
import { APPROVAL_MESSAGES, DECISIONS, PUBLIC_REQUESTS_PER_MINUTE } from "../../core/workshop/quote-approval-rules.js";
import { QuoteApprovals } from "../../core/workshop/quote-approval.js";
import type { AppEnv } from "../platform/app.js";
import { clientAddress } from "../platform/client.js";
import { route } from "../platform/registry.js";

const tag = "Quote approval";

/** The customer's answer: each item (numbered as the view numbers them) approved or declined, and their typed name. */
const answerBody = z.object({
  items: z
    .array(z.object({ id: z.number().int().min(1).max(100), decision: z.enum(DECISIONS, { error: "Each item must be approved or declined" }) }))
    .max(100, "At most 100 items"),
  name: z.string().max(200, "At most 200 characters").default(""),
});
const mailBody = z.object({ token: z.string().max(100) });

/** Where the customer's page is served: the staff page's own origin (the SPA calls the API on it). */
const originOf = (c: Context<AppEnv>) => {
  const o = c.req.header("origin");
  return o && /^https?:\/\/[^/\s]+$/.test(o) ? o : new URL(c.req.url).origin;
};

/** One request of the caller's address counted (429 past the minute's limit), before anything is read. */
const limited = (c: Context<AppEnv>) => countRequest("quote-approval", clientAddress(c), PUBLIC_REQUESTS_PER_MINUTE, APPROVAL_MESSAGES.tooMany);

/**
 * The customer's approval link (docs/quote-approval.md): staff send and
 * revoke it (and e-mail it where mail is set up); the two public calls
 * (no sign-in, app.ts lets exactly these paths through) show the quote
 * and take the answer.
 */
export function quoteApprovalRoutes(app: Hono<AppEnv>) {
  route(app, { method: "post", path: "/quotes/approvallink/:id", summary: "Send for approval: a new link for the customer (the previous one revoked); answers the token, once, and the e-mail to paste", tag }, async (c, { id }) =>
    QuoteApprovals.send(id, c.get("user"), originOf(c)),
  );
  route(app, { method: "delete", path: "/quotes/approvallink/:id", summary: "Revoke the quote's open approval link", tag }, async (c, { id }) => QuoteApprovals.revoke(id, c.get("user")));
  route(app, { method: "post", path: "/quotes/approvalmail/:id", status: 200, summary: "E-mail the link to the customer (SES; only where MAIL_FROM is set)", tag, body: mailBody }, async (c, { id, body }) =>
    QuoteApprovals.mail(id, (body as z.infer<typeof mailBody>).token, originOf(c)),
  );
  route(app, { method: "get", path: "/public/quote-approval/:token", summary: "Public (the link's token is the key): the quote as the customer sees it; 404 unknown, 410 expired or revoked, 409 used; rate-limited", tag, public: true }, async (c) => {
    await limited(c);
    return QuoteApprovals.view(c.req.param("token") ?? "");
  });
  route(
    app,
    { method: "post", path: "/public/quote-approval/:token", status: 200, summary: "Public: the customer's answer, item by item, with their name; once (409 when used); rate-limited", tag, public: true, body: answerBody },
    async (c, { body }) => {
      await limited(c);
      return QuoteApprovals.answer(c.req.param("token") ?? "", body as z.infer<typeof answerBody>, { ip: clientAddress(c), userAgent: c.req.header("user-agent") ?? "" });
    },
  );
}
