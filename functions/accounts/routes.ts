import type { Hono } from "hono";
import { Invoice, Payment, withInvoiceNumber } from "../../core/accounts/index.js";
import type { AppEnv } from "../platform/app.js";
import { crudRoutes } from "../platform/crud.js";

/** Payments and invoices as the vehicle sale raises them (000 §7); the accounts screens come later. */
export function accountsRoutes(app: Hono<AppEnv>) {
  crudRoutes(app, { record: Payment, tag: "Payments", path: "payments" });
  crudRoutes(app, { record: Invoice, tag: "Invoices", path: "invoices", prepareCreate: withInvoiceNumber });
}
