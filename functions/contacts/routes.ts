import type { Hono } from "hono";
import { z } from "zod";
import { Contact } from "../../core/contacts/index.js";
import { pageQuery } from "../../core/platform/paging.js";
import type { AppEnv } from "../platform/app.js";
import { crudRoutes } from "../platform/crud.js";
import { route } from "../platform/registry.js";

const tag = "Contacts";
const flag = z.preprocess((v) => v === "true" || v === "1" || v === "YES" || v === "True" || v === true, z.boolean()).optional();

const contactQuery = z.object({
  contact_type: z.enum(["CC", "SP", "ALL"]).optional(),
  partial_view: flag,
  show_deactive: flag,
  job_tab: flag,
  searchFresh: z.string().optional(),
});

type Q = z.infer<typeof contactQuery>;

function contactFilter(q: Q) {
  return (a: any, op: any) =>
    [
      q.contact_type && q.contact_type !== "ALL" ? op.eq(a.contact_type, q.contact_type) : "",
      q.partial_view ? op.eq(a.partial_contact, true) : "",
      q.show_deactive ? "" : op.ne(a.deactivated, true),
      q.job_tab !== undefined ? (q.job_tab ? op.eq(a.job_tab, true) : op.ne(a.job_tab, true)) : "",
    ]
      .filter(Boolean)
      .join(" AND ");
}

/**
 * Contacts calls (003 §7). The foundation serves what the settings screens
 * need (the supplier search and the job-tab flag); the contacts issue
 * brings the full screens, rules and a search index sized for 50,000.
 */
export function contactsRoutes(app: Hono<AppEnv>) {
  crudRoutes(app, { record: Contact, tag, path: "contacts", listQuery: contactQuery, listFilter: contactFilter });
  const typeahead = (path: string, contact_type: "CC" | "SP") =>
    route(app, { method: "get", path: `/${path}`, summary: `${contact_type === "SP" ? "Supplier" : "Customer"} search (from 2 characters)`, tag, query: pageQuery }, async (_c, { query }) => {
      if (!query.search || query.search.length < 2) return { count: 0, results: [] };
      return Contact.list({ ...query, where: contactFilter({ contact_type }) });
    });
  typeahead("suppliers", "SP");
  typeahead("suppliersearch", "SP");
  typeahead("customersearch", "CC");
}
