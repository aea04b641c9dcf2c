import { workshopOffers } from "../workshop/index.js";
import { Invoices, raiseOrderInvoice } from "./invoices.js";
import "./parts-offers.js"; // a part approval's Xero push

/**
 * What accounts offers the workshop (core/workshop/offers.ts,
 * core/platform/offers.ts): a part approval's Xero purchase-invoice push,
 * and the invoices a completed part order or chargeable movement raises,
 * each in the workshop save's own unit. Loaded by the workshop's routes
 * (functions/workshop/routes.ts); tests/stacks/bundles.test.ts checks every
 * Lambda carrying those workshop services carries this too.
 */
workshopOffers.offer({ raiseOrderInvoice, planInvoice: (fields, actor) => Invoices.planRaise(fields, actor) });
