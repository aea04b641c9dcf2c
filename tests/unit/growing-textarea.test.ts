import { describe, expect, it } from "vitest";
import { CSS_GROWS, growing } from "../../web/src/platform/form/growing";

/**
 * A textarea that grows with its text (issue 24 Speed, docs/performance.md "The job card"):
 * CSS `field-sizing: content` where the browser has it (tests/e2e/workshop-jobs-card.spec.ts
 * measures it in Chromium), Mantine's measured autosize where it does not, as here (no CSS).
 */
describe("growing", () => {
  it("falls back to Mantine's autosize, one row to maxRows, where CSS cannot size a field", () => {
    expect(CSS_GROWS).toBe(false);
    expect(growing(6)).toEqual({ autosize: true, minRows: 1, maxRows: 6 });
    expect(growing()).toEqual({ autosize: true, minRows: 1, maxRows: undefined });
  });
});
