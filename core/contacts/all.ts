/** The whole contacts area, for its own routes (functions/contacts): the index's record, rules and slot, with the contact book's list, search and save services, which other areas never call. */
export * from "./index.js";
export * from "./service.js";
