import { contactOffers } from "./offers.js";
import type { Page } from "../platform/paging.js";
import { Contact } from "./contact.js";
import { READ_ONLY_FIELDS, assertDisplayNameKept, listFor, searchTooShort, type ContactListQuery, type ContactType } from "./rules.js";

/**
 * Contacts use cases: the list views, typeaheads and the account balance
 * table (each one indexed list, one Query, its own count), and create /
 * save with the rules no record type can express alone (read-only credit
 * usage, the display-name lock).
 */

export type ListQuery = ContactListQuery & { page: number; page_size: number; search?: string };

const nothing = (): Page<Record<string, unknown>> => ({ count: 0, results: [] });

/** GET contacts: the list the filters select, sorted by display name; search is a display-name prefix from 2 characters. */
export async function listContacts(q: ListQuery) {
  const list = listFor(q);
  if (!list || searchTooShort(q.search)) return nothing();
  return Contact.listIn(list, { page: q.page, page_size: q.page_size, search: q.search?.trim() || undefined });
}

/** Customer / supplier typeaheads: active contacts of one type whose display name starts with the search (2+ characters). */
export async function searchContacts(type: ContactType, q: { page: number; page_size: number; search?: string }) {
  const term = q.search?.trim() ?? "";
  if (term.length < 2) return nothing();
  return Contact.listIn(`type#${type}#active`, { page: q.page, page_size: q.page_size, search: term });
}

/**
 * Customer Account Balance: customers not deactivated, by display name,
 * with the columns of the table. The balance is the recorded one until
 * invoices and payments maintain it.
 */
export async function accountBalance(q: { page: number; page_size: number; search?: string }) {
  if (searchTooShort(q.search)) return nothing();
  const page = await Contact.listIn("type#CC#active", { page: q.page, page_size: q.page_size, search: q.search?.trim() || undefined });
  return {
    count: page.count,
    results: page.results.map((c: any) => ({
      id: c.id,
      display_name: c.display_name,
      company_phone: c.company_phone,
      credit_limit: c.credit_limit,
      opening_balance: c.opening_balance ?? null,
      outstanding_balance: c.outstanding_balance,
      partial_contact: c.partial_contact,
    })),
  };
}

/** Read-only fields a client may send back but never sets. */
function withoutReadOnly(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const f of READ_ONLY_FIELDS) delete out[f];
  return out;
}

export async function createContact(body: unknown, actor: string) {
  // The Xero customer or supplier push is queued in the contact's own transaction (docs/xero.md).
  return Contact.create(withoutReadOnly(body), actor, { extra: contactOffers.need("savePush")(actor) });
}

/**
 * Save a contact: the display name is locked once saved (a save that
 * changes it is refused), read-only fields keep their stored values, and
 * a stale last_saved is a 409 (the mechanism's freshness check).
 */
export async function saveContact(id: number, body: unknown, actor: string) {
  const stored = (await Contact.get(id)) as { display_name: string | null };
  if (body && typeof body === "object" && !Array.isArray(body)) assertDisplayNameKept(stored.display_name, (body as Record<string, unknown>).display_name);
  return Contact.update(id, withoutReadOnly(body), actor, { extra: contactOffers.need("savePush")(actor) });
}
