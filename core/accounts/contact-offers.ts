import { contactOffers } from "../contacts/index.js";
import { contactPush } from "./xero-push.js";

/**
 * What accounts offers the contacts (core/contacts/offers.ts,
 * core/platform/offers.ts): a contact save writes its Xero customer or
 * supplier push item in its own unit. Loaded by the contacts' routes
 * (functions/contacts/routes.ts); tests/stacks/bundles.test.ts checks every
 * Lambda carrying the contacts' service carries this too.
 */
contactOffers.offer({ savePush: contactPush });
