/**
 * The finance agreement as the API answers it, inferred from its
 * definition (issue 23: one definition per field). Pure, types only: the
 * web's agreement types come from here, never a hand-written field list.
 */
import type { ContactBrief, ExtrasOf, RowOf } from "../platform/definition.js";
import type { agreement, agreementExtras } from "./definitions.js";

/** An agreement as answered (a vehicle's `agreements`): its fields, its contacts in brief, its derived figures (`agreementExtras`). */
export type AgreementAnswer = RowOf<typeof agreement, { supplier: ContactBrief | null; sale_customer: ContactBrief | null }> & ExtrasOf<typeof agreementExtras>;
/**
 * An agreement as the vehicle's form holds it (a line of the vehicle, saved
 * with it): a new one has no id yet, and a reference is as answered (in
 * brief) or as picked (its id).
 */
export type AgreementLine = Partial<
  Omit<RowOf<typeof agreement, { supplier: ContactBrief | number | null; sale_customer: ContactBrief | number | null }, { id: number } | number>, "last_saved"> & ExtrasOf<typeof agreementExtras>
>;
