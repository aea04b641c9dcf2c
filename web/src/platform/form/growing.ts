import type { TextareaProps } from "@mantine/core";

/**
 * Chromium 123+ sizes a textarea to its text in CSS (`field-sizing: content`):
 * no script measures it. Mantine's `autosize` (react-textarea-autosize) reads
 * each textarea's computed style and a hidden copy's height on every draw, a
 * forced layout per textarea: most of a job card's first paint after React
 * itself (docs/performance.md "The job card"). Elsewhere `autosize` stays.
 */
export const CSS_GROWS = typeof CSS !== "undefined" && typeof CSS.supports === "function" && CSS.supports("field-sizing", "content");

/** The props of a Mantine Textarea that grows with its text from one row to `maxRows` (no limit when not given), in CSS where the browser can. */
export function growing(maxRows?: number, minRows = 1): Pick<TextareaProps, "autosize" | "minRows" | "maxRows" | "styles"> {
  if (!CSS_GROWS) return { autosize: true, minRows, maxRows };
  const padding = "2 * var(--input-padding-y, 0rem) + 2px"; // its padding and 1px borders (box-sizing: border-box)
  return {
    styles: {
      input: {
        fieldSizing: "content",
        minHeight: `calc(${minRows}lh + ${padding})`,
        ...(maxRows ? { maxHeight: `calc(${maxRows}lh + ${padding})` } : {}),
      },
    },
  };
}
