import type { Context, Hono } from "hono";
import * as z from "zod";
import { DiaryEntry, Diary } from "../../core/accounts/diary.js";
import { FixedExpense, FixedExpenses } from "../../core/accounts/fixedexpense.js";
import { TRANSACTION_MESSAGES, TRANSACTION_TYPES } from "../../core/accounts/transaction-definitions.js";
import { FIGURES_TYPES, FIGURES_TYPE_MESSAGE, Transactions, type Staff } from "../../core/accounts/transactions.js";
import { dateRange, departmentQuery, isoDate } from "../../core/platform/fields.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";
import { writeBody, writeList } from "../../core/platform/write-body.js";
import { ref } from "../../core/platform/fields.js";
import { diaryEntry } from "../../core/accounts/diary-definitions.js";
import { transaction, TRANSACTION_SERVER_FIELDS } from "../../core/accounts/transaction-definitions.js";

/**
 * Income and expenses, fixed expenses and the diary (003 §7;
 * docs/data-model.md §8.3): thin routes over core/accounts.
 */

const transactionCreate = writeBody(transaction.schema, { serverSet: TRANSACTION_SERVER_FIELDS });
const transactionSave = writeBody(transaction.schema, { update: true, serverSet: TRANSACTION_SERVER_FIELDS });
const diaryCreate = writeBody(diaryEntry.schema);
const diarySave = writeBody(diaryEntry.schema, { update: true });
const id = z.preprocess((v) => (v === "" || v === "ALL" ? undefined : v), z.coerce.number({ error: "Must be an id" }).int().positive().max(999_999_999_999).optional());
const flag = z.preprocess((v) => (v === "" || v === undefined ? undefined : v === "true" || v === true), z.boolean().optional());
const type = z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v), z.enum(TRANSACTION_TYPES, { error: TRANSACTION_MESSAGES.typeChoice }).optional());
const staff = (c: Context<AppEnv>): Staff => {
  const u = c.get("user");
  return { email: u.email, given_name: u.given_name, family_name: u.family_name };
};

const listQuery = dateRange(
  pageQuery.extend({
    type,
    view: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["week", "all"], { error: "View must be week or all" }).optional()),
    cost_centre: id,
    approved: flag,
    hiderecurring: flag,
    repeating: flag,
    department: id,
    start_date: isoDate(),
    finish_date: isoDate(),
    inv: z.string().max(50).optional(),
    searchFresh: z.string().optional(),
  }),
  "start_date",
  "finish_date",
);
/** `type`: IN or OUT (one side), or the dashboard's timeframe weekly or monthly (001 §7). */
const figuresType = z.preprocess(
  (v) => (typeof v !== "string" ? v : ["weekly", "monthly"].includes(v.trim().toLowerCase()) ? v.trim().toLowerCase() : v.trim().toUpperCase() || undefined),
  z.enum(FIGURES_TYPES, { error: FIGURES_TYPE_MESSAGE }).optional(),
);
const figuresQuery = dateRange(z.object({ start: isoDate(), end: isoDate(), type: figuresType, date: isoDate(), department: departmentQuery() }), "start", "end");

const fixedQuery = pageQuery.extend({ department: id });
const diaryQuery = dateRange(pageQuery.extend({ completed: flag, start_date: isoDate(), end_date: isoDate() }), "start_date", "end_date");

export function transactionRoutes(app: Hono<AppEnv>) {
  const tag = "Transactions";
  route(
    app,
    {
      method: "get",
      path: "/transactions/figures",
      summary: "Income and expenses per cost centre (categories: id, name, in, out) and total_in, total_out over start..end (this month by default), for a department or all (empty or ALL); type IN or OUT one side, weekly or monthly the dashboard's timeframe (the week or month of date, else start)",
      tag,
      query: figuresQuery,
    },
    async (_c, { query }) => Transactions.figures(query),
  );
  route(
    app,
    {
      method: "get",
      path: "/transactions",
      summary: "Transactions of a type (IN income, OUT expenses; both without a type), newest first: cost_centre, approved, hiderecurring, department, view=week with start_date/finish_date, search; inv= one invoice number's; repeating=true the repeating transactions",
      tag,
      query: listQuery,
    },
    async (_c, { query }) => Transactions.list({ ...query, page: query.searchFresh ? 1 : query.page }),
  );
  route(app, { method: "post", path: "/transactions", summary: "Add a transaction (003 §5: description and amount, and a date unless repeating; vat 20% of the amount by default)", tag, body: transactionCreate }, async (c, { body }) =>
    Transactions.create(body, actor(c)),
  );
  route(app, { method: "get", path: "/transactions/update/:id", summary: "One transaction", tag }, async (_c, { id }) => Transactions.get(id));
  route(app, { method: "put", path: "/transactions/update/:id", summary: "Save a transaction (send last_saved; refused once approved)", tag, body: transactionSave }, async (c, { id, body }) =>
    Transactions.save(id, body, actor(c)),
  );
  route(
    app,
    {
      method: "put",
      path: "/transactions/update",
      summary: "Approve a list of transactions [{id, last_saved, ...edited fields}]: all are checked first (nominal code, full contact, invoice date and number); a refusal approves none",
      tag,
      body: writeList(writeBody(transaction.schema, { update: true, serverSet: TRANSACTION_SERVER_FIELDS, extra: { id: ref() } }), { anyBody: true }),
    },
    async (c, { body }) => Transactions.approveList(body, staff(c)),
  );
  route(app, { method: "delete", path: "/transactions/:id", summary: "Delete a transaction (refused once approved)", tag }, async (c, { id }) => Transactions.remove(id, actor(c)));
}

export function fixedExpenseRoutes(app: Hono<AppEnv>) {
  const tag = "Fixed expenses";
  route(app, { method: "get", path: "/fixedexpense", summary: "Fixed expenses by name, 25 a page, for a department or all", tag, query: fixedQuery }, async (_c, { query }) => FixedExpenses.list(query));
  route(app, { method: "get", path: "/fixedexpense/:id", summary: "One fixed expense", tag }, async (_c, { id }) => FixedExpense.get(id));
  route(app, { method: "post", path: "/fixedexpense", summary: "Add a fixed expense", tag, body: FixedExpense.fields.partial().passthrough() }, async (c, { body }) => FixedExpenses.create(body, actor(c)));
  route(app, { method: "put", path: "/fixedexpense/:id", summary: "Save a fixed expense (send last_saved; fields left out keep their values)", tag, body: FixedExpense.fields.partial().passthrough() }, async (c, { id, body }) =>
    FixedExpenses.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/fixedexpense/:id", summary: "Delete a fixed expense", tag }, async (c, { id }) => FixedExpense.remove(id, actor(c)));
}

export function diaryRoutes(app: Hono<AppEnv>) {
  const tag = "Diary";
  route(
    app,
    {
      method: "get",
      path: "/diaryentries",
      summary: "Diary entries: all newest first, or those touching start_date..end_date (a week or a day); completed ones only with completed=true",
      tag,
      query: diaryQuery,
    },
    async (_c, { query }) => Diary.list(query),
  );
  route(app, { method: "post", path: "/diaryentries", summary: "Add a diary entry (task_for, time, start_date, end_date optional, comments)", tag, body: diaryCreate }, async (c, { body }) => Diary.create(body, actor(c)));
  route(app, { method: "get", path: "/diaryentry/:id", summary: "One diary entry", tag }, async (_c, { id }) => DiaryEntry.get(id));
  route(app, { method: "put", path: "/diaryentry/:id", summary: "Save a diary entry or mark it completed ({completed: true, last_saved})", tag, body: diarySave }, async (c, { id, body }) =>
    Diary.save(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/diaryentry/:id", summary: "Delete a diary entry", tag }, async (c, { id }) => Diary.remove(id, actor(c)));
}
