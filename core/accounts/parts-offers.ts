import { workshopOffers } from "../workshop/index.js";
import { partsPush } from "./xero-push.js";

/**
 * What accounts offers the workshop for a part approval alone: its Xero
 * purchase-invoice push, written in the holder's unit (core/workshop/offers.ts).
 * The quotes Lambda loads only this (a quote raises no invoice); the other
 * workshop Lambdas load core/accounts/workshop-offers.ts, which includes it.
 */
workshopOffers.offer({ partsPush });
