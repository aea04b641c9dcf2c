import "./secrets.js";
import { handle } from "hono/aws-lambda";
import { diaryRoutes, fixedExpenseRoutes, transactionRoutes } from "../accounts/transactions.js";
import { createApi } from "../platform/app.js";

/**
 * The Lambda of transactions, fixed expenses and the diary (functions/areas.ts): the same app the local server
 * runs, with these routes only, so its bundle stays small (docs/performance.md "Bundles").
 */
export const handler = handle(createApi([transactionRoutes, fixedExpenseRoutes, diaryRoutes]));
