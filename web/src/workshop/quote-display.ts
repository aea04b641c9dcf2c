import type { CardColour, RowColour } from "../../../core/workshop/quote-rules";

/**
 * How the quote screens draw the colours the quote rules decide
 * (core/workshop/quote-rules.ts cardColour, rowColour): the rules say
 * which, these say how on screen (002 §2: list rows green / red / orange,
 * work item card borders green / amber / red).
 */

export const QUOTE_ROW_COLOURS: Record<Exclude<RowColour, null>, string> = {
  green: "var(--mantine-color-green-1)",
  red: "var(--mantine-color-red-1)",
  orange: "var(--mantine-color-orange-1)",
};

export const CARD_BORDER_COLOURS: Record<Exclude<CardColour, null>, string> = {
  green: "var(--mantine-color-green-6)",
  amber: "var(--mantine-color-yellow-6)",
  red: "var(--mantine-color-red-6)",
};

/** A contact, make or model as the API answers it (an object with a name) or a plain value. */
export function nameOf(x: unknown, field = "display_name"): string {
  if (x === null || x === undefined) return "";
  if (typeof x === "object") {
    const o = x as Record<string, unknown>;
    return String(o[field] ?? o.display_name ?? o.name ?? "");
  }
  return String(x);
}

/** Job status with underscores shown as spaces (002 §2 work item card). */
export const statusText = (s: unknown) => (s ? String(s).replace(/_/g, " ") : "");
