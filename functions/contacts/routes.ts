import type { Hono } from "hono";
import "../../core/accounts/contact-offers.js"; // a contact save's Xero push item (core/contacts/offers.ts)
import * as z from "zod";
import {
  ACCOUNT_CODE_FILLS,
  Contact,
  PAYMENT_TERMS_STARTS,
  PHONE_TYPES,
  READ_ONLY_FIELDS,
  SEARCH_MIN_CHARS,
  accountBalance,
  createContact,
  listContacts,
  newContactDefaults,
  saveContact,
  searchContacts,
} from "../../core/contacts/all.js";
import { balancesOf, withBalance } from "../../core/accounts/balances.js";
import { pageQuery } from "../../core/platform/paging.js";
import { actor, type AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

const tag = "Contacts";

/** A tick box in a query: YES/true/1 on, NO/false/0/empty off; anything else is a 400. */
const flag = z
  .preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const s = v.trim().toLowerCase();
      if (["yes", "true", "1"].includes(s)) return true;
      if (["no", "false", "0", ""].includes(s)) return false;
      return v;
    },
    z.boolean({ error: "Must be YES/true or NO/false" }),
  )
  .optional();

const contactType = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
  z.enum(["CC", "SP", "ALL"], { error: "contact_type must be CC, SP or ALL" }).optional(),
);

const listQuery = pageQuery.extend({
  contact_type: contactType,
  partial_view: flag,
  show_deactive: flag,
  job_tab: flag,
  // The list screen's search-as-you-type freshness marker: accepted, not a filter.
  searchFresh: z.string().max(100).optional(),
});

const body = Contact.fields.partial().passthrough();

/**
 * Contacts calls (003 §7, 001 §7 job-tab workshops): the list and its
 * filters, the typeaheads, the account balance table and the standard
 * record calls. Each list is one indexed list (see core/contacts/rules.ts).
 */
export function contactsRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/contacts", summary: "Contacts list: contact_type CC/SP/ALL, partial_view, show_deactive, job_tab, search (display name prefix, 2+ characters); sorted by display name", tag, query: listQuery }, async (_c, { query }) =>
    listContacts(query),
  );
  // Before contacts/:id, so "defaults" is not read as an id.
  route(app, { method: "get", path: "/contacts/defaults", summary: "A new contact's values (003 §3) and the edit page's fixed options", tag, query: z.object({ contact_type: z.enum(["CC", "SP"]).optional() }) }, async (_c, { query }) => ({
    contact: newContactDefaults(query.contact_type ?? "CC"),
    account_code_fills: ACCOUNT_CODE_FILLS,
    phone_types: PHONE_TYPES,
    supplier_payment_terms_starts: PAYMENT_TERMS_STARTS,
    read_only_fields: READ_ONLY_FIELDS,
    search_min_chars: SEARCH_MIN_CHARS,
  }));
  route(app, { method: "get", path: "/contacts/:id", summary: "Get one contact with its outstanding balance, credit usages and overdue_payment (kept by invoices, credits and payments)", tag }, async (_c, { id }) =>
    withBalance((await Contact.get(id)) as { id: number }),
  );
  route(app, { method: "post", path: "/contacts", summary: "Create a contact (201); the rules of 003 §5 apply", tag, body }, async (c, { body }) => createContact(body, actor(c)));
  route(app, { method: "put", path: "/contacts/:id", summary: "Save a contact (send last_saved; 409 when stale; display name locked)", tag, body }, async (c, { id, body }) =>
    saveContact(id, body, actor(c)),
  );
  route(app, { method: "delete", path: "/contacts/:id", summary: "Delete a contact", tag }, async (c, { id }) => Contact.remove(id, actor(c)));

  const typeahead = (path: string, type: "CC" | "SP", who: string) =>
    route(app, { method: "get", path: `/${path}`, summary: `${who} typeahead: active ${who.toLowerCase()}s whose display name starts with search (2+ characters)`, tag, query: pageQuery.extend({ searchFresh: z.string().max(100).optional() }) }, async (_c, { query }) =>
      searchContacts(type, query),
    );
  typeahead("suppliers", "SP", "Supplier");
  typeahead("suppliersearch", "SP", "Supplier");
  typeahead("customersearch", "CC", "Customer");

  route(app, { method: "get", path: "/accountbalance", summary: "Customer Account Balance: active customers by display name with credit limit and outstanding balance", tag, query: pageQuery }, async (_c, { query }) =>
    withBalances(await accountBalance(query)),
  );
}

/** The account balance page's balances: opening balance + the money records' facets, one BatchGet for the page (A3). */
async function withBalances(page: { count: number; results: Array<Record<string, any>> }) {
  const balances = await balancesOf(page.results as Array<{ id: number }>);
  return { count: page.count, results: page.results.map((r) => ({ ...r, ...balances.get(r.id) })) };
}
