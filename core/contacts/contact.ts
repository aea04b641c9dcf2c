import * as z from "zod";
import { pounds } from "../platform/money.js";
import { defineRecordType } from "../platform/records.js";
import { checkContact, contactLists, newContactDefaults } from "./rules.js";
import { contact } from "./definitions.js";
import { declareReferences } from "../platform/references.js";
import { CostCentre } from "../settings/index.js";

/**
 * Contacts (003 §3): customers (CC) and suppliers (SP). Every field of the
 * edit page is stored, as declared once in definitions.ts; the rules of
 * 003 §5 and each field's own rule run on every create and save (see
 * rules.ts), and each contact sits in a few indexed lists sorted by
 * display name, so every list view is one Query with its own count.
 */

/** Money fields are stored to the penny. */
const MONEY_FIELDS = contact.fields.filter((f) => f.kind === "money").map((f) => f.name);

export type ContactFields = z.infer<typeof contact.schema>;

export const Contact = defineRecordType({
  type: "contact",
  label: "Contact",
  fields: contact.schema,
  searchOf: (r) => (r.display_name ?? "").toLowerCase(),
  defaults: () => newContactDefaults("CC"),
  validate: (r) => {
    checkContact(r);
    for (const f of MONEY_FIELDS) if (typeof r[f] === "number") (r as Record<string, unknown>)[f] = pounds(r[f]);
  },
  lists: (r) => contactLists(r),
  // Lists of tens of thousands: a deep page starts at its name prefix.
  listPositions: true,
});

declareReferences(Contact, () => ({ "cost_centre_list.*": CostCentre }));
