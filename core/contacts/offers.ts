import { offers } from "../platform/offers.js";
import type { WriteExtra } from "../platform/records.js";

/**
 * What accounts offers the contacts (core/platform/offers.ts; accounts
 * depends on contacts, never the other way): a contact save writes its
 * Xero customer or supplier push item in its own unit
 * (core/accounts/xero-push.ts `contactPush`).
 */
export type ContactOffers = { savePush: (actor: string) => WriteExtra };

export const contactOffers = offers<ContactOffers>("contactOffers");
