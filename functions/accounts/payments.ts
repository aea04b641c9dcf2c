import type { Hono } from "hono";
import * as z from "zod";
import { PAYMENT_VIEWS, PAYMENT_TYPES, normalisePaymentType } from "../../core/accounts/payment-definitions.js";
import { Payments } from "../../core/accounts/payments.js";
import { INTERVAL_TYPES } from "../../core/accounts/recurring-payment-definitions.js";
import { RecurringPayments } from "../../core/accounts/recurring-payments.js";
import { isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody } from "../../core/platform/write-body.js";
import { payment } from "../../core/accounts/payment-definitions.js";
import { PAYMENT_SERVER_FIELDS } from "../../core/accounts/payment.js";
import { recurringPayment } from "../../core/accounts/recurring-payment-definitions.js";
import { RECURRING_SERVER_FIELDS } from "../../core/accounts/recurring-payment.js";

/** The idempotency key a create may send in the body instead of the header. */
const paymentCreate = writeBody(payment.schema, { serverSet: PAYMENT_SERVER_FIELDS, extra: { idempotency_key: z.string().max(200).optional() } });
const paymentSave = writeBody(payment.schema, { update: true, serverSet: PAYMENT_SERVER_FIELDS });
const recurringCreate = writeBody(recurringPayment.schema, { serverSet: RECURRING_SERVER_FIELDS });
const recurringSave = writeBody(recurringPayment.schema, { update: true, serverSet: RECURRING_SERVER_FIELDS });
const department = z.preprocess(
  (v) => (v === "" || v === undefined || v === "ALL" ? undefined : v),
  z.coerce.number({ error: "department must be a department id or ALL" }).int().positive().max(999_999_999_999).optional(),
);
const view = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
  z.enum(PAYMENT_VIEWS, { error: "View must be unpaid, paid or all" }).optional(),
);

/** GET payments (A5): view, department, page, and the due-date bounds of Select Filtered (both or none). */
const paymentsQuery = pageQuery.extend({ view, department, start: isoDate(), end: isoDate() }).superRefine((q, ctx) => {
  if (q.start && q.end && q.end < q.start) ctx.addIssue({ code: "custom", path: ["end"], message: "The end date must not be before the start date" });
});

const recurringQuery = pageQuery.extend({
  department,
  payment_type: z.preprocess(normalisePaymentType, z.enum(PAYMENT_TYPES, { error: "Payment type must be BACS, CASH, CARD or DIRECT DEBIT" }).nullable().optional()),
  interval_type: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.enum(INTERVAL_TYPES, { error: "Interval type must be WEEKLY, MONTHLY, YEARLY or FIXED_DURATION" }).optional(),
  ),
});

/** Payments and recurring payments (003 §7; 000 §7 POST payments; docs/data-model.md §8.3). */
export function paymentRoutes(app: Hono<AppEnv>) {
  const tag = "Payments";
  route(app, { method: "get", path: "/payments", summary: "Payments: a view (unpaid by default, paid, all) for a department or all, 25 a page; start and end (both) narrow to payment dates in that range: {count, results}", tag, query: paymentsQuery }, async (_c, { query }) =>
    Payments.list({ ...query, start: query.start ?? null, end: query.end ?? null }),
  );
  route(
    app,
    {
      method: "post",
      path: "/payments",
      summary:
        "Create a payment (one call per bulk row): contact, payment_date and amount required ('Please fill in all fields'); BACS, department 1 and cost centre 4 by default. An `Idempotency-Key` header (or `idempotency_key` in the body) makes a repeat answer with the first payment. A PAID payment naming an invoice needs it approved and must fit what is owed, unless `overpayment: true`",
      tag,
      body: paymentCreate,
    },
    async (c, { body }) => Payments.create(body, actor(c), { key: c.req.header("Idempotency-Key") ?? null }),
  );
  route(app, { method: "get", path: "/payment/:id", summary: "One payment", tag }, async (_c, { id }) => Payments.get(id));
  route(app, { method: "put", path: "/payment/:id", summary: "Save a payment (send last_saved); sending date_paid marks it paid (the contact's balance moves)", tag, body: paymentSave }, async (c, { id, body }) =>
    Payments.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/payment/:id", summary: "Delete a payment (a paid one's balance effect is reversed)", tag }, async (c, { id }) =>
    Payments.remove(id, actor(c)),
  );

  const rtag = "Recurring payments";
  route(app, { method: "get", path: "/recurringpayments", summary: "Recurring payments by contact name: search (contact name), department, payment_type and interval_type filters, 25 a page: {count, results}", tag: rtag, query: recurringQuery }, async (_c, { query }) =>
    RecurringPayments.list({ ...query, payment_type: query.payment_type ?? undefined }),
  );
  route(app, { method: "post", path: "/recurringpayments", summary: "Create a recurring payment (003 §5: required fields, start date not before today, interval days at least 7 for FIXED_DURATION)", tag: rtag, body: recurringCreate }, async (c, { body }) =>
    RecurringPayments.create(body, actor(c)),
  );
  route(app, { method: "get", path: "/recurringpayment/:id", summary: "One recurring payment", tag: rtag }, async (_c, { id }) => RecurringPayments.get(id));
  route(app, { method: "put", path: "/recurringpayment/:id", summary: "Save a recurring payment (send last_saved)", tag: rtag, body: recurringSave }, async (c, { id, body }) =>
    RecurringPayments.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/recurringpayment/:id", summary: "Delete a recurring payment (the payments it raised stay)", tag: rtag }, async (c, { id }) =>
    RecurringPayments.remove(id, actor(c)),
  );
}
