/**
 * Whether a value is blank: null, undefined, or text that is empty or only
 * spaces. The one test of "nothing entered" on the server (a field left
 * empty, a required one missing); pure, so rules modules and screens share it.
 */
export const blank = (v: unknown): boolean => v === null || v === undefined || (typeof v === "string" && v.trim() === "");
