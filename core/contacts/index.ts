/** Contacts area (003): the record type, its rules and its use cases. */
export * from "./rules.js";
export * from "./contact.js";
export * from "./offers.js";
