import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The guide: every screen driven in Chromium "typing as staff type". A
 * browser test enters what staff type key by key (typeInto, typeAndLeave or
 * pressSequentially in tests/e2e/helpers.ts), never pasted whole with
 * Playwright's fill(), which hides what typing shows: a typed thousands comma,
 * a typeahead firing per key, a date read half typed. fill("") stays allowed:
 * it is how a test empties a field.
 */
const E2E = join(__dirname, "..", "e2e");

/** file: reason. A fill() with a value is allowed only here, each with its reason. */
const ALLOWED: Record<string, string> = {};

/** `.fill(` calls with a non-empty argument: a first argument that is not "" / '' / ``. */
function pastedFills(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (const m of source.matchAll(/\.fill\(\s*([^)]*)\)/g)) {
    if (/^(""|''|``)\s*$/.test(m[1])) continue;
    const line = source.slice(0, m.index).split("\n").length;
    found.push({ line, text: source.split("\n")[line - 1].trim() });
  }
  return found;
}

describe("browser tests type as staff type", () => {
  it("no tests/e2e file pastes a value with fill() (fill(\"\") only empties a field)", () => {
    const files = readdirSync(E2E).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(0);
    const pasted = files.flatMap((f) => (ALLOWED[f] ? [] : pastedFills(readFileSync(join(E2E, f), "utf8")).map((p) => `${f}:${p.line}: ${p.text}`)));
    expect(pasted, "type it with typeInto / typeAndLeave / pressSequentially (tests/e2e/helpers.ts)").toEqual([]);
  });

  it("the check finds a pasted value and lets a clearing fill pass", () => {
    expect(pastedFills(`await box.fill("acme");\nawait box.fill("");\nawait box.fill(name);\nawait box.fill( '' );\nawait box.fill(\n  "split",\n);`).map((p) => p.line)).toEqual([1, 3, 5]);
  });
});
