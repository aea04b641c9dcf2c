import type { Hono } from "hono";
import type { AppEnv } from "../platform/app.js";
import { financeAgreementRoutes } from "./agreements.js";
import { diaryRoutes, fixedExpenseRoutes, transactionRoutes } from "./transactions.js";
import { paymentRoutes } from "./payments.js";
import { invoiceRoutes } from "./invoices.js";
import { xeroRoutes } from "./xero.js";

/**
 * The accounts area (003): payments, invoices and credit notes, income and expenses, fixed expenses, the diary, and the
 * dashboard's vehicle sales, as the local server composes it. Its Lambdas serve the groups apart (functions/areas.ts).
 */
export function accountsRoutes(app: Hono<AppEnv>) {
  paymentRoutes(app);
  invoiceRoutes(app);
  transactionRoutes(app);
  fixedExpenseRoutes(app);
  diaryRoutes(app);
  xeroRoutes(app);
  financeAgreementRoutes(app);
}
