/**
 * A person as a record keeps them (an approver, a defect's reporter:
 * `{first_name, last_name}`) and as every screen and message prints them.
 * Issue 24 item 2: "Approved by Ursula null": a member of staff signed in
 * without a family name was recorded with last_name null (or "") and a
 * screen printed the two halves with a template. One writer, one printer.
 */
export type Person = { first_name: string | null; last_name: string | null };

/** The signed-in staff member as recorded: blank names are null, never "null" or "" (first name falls back to the e-mail). */
export function personOf(staff: { email: string; given_name?: string | null; family_name?: string | null }): Person {
  const clean = (s: string | null | undefined) => (typeof s === "string" && s.trim() && s.trim() !== "null" ? s.trim() : null);
  return { first_name: clean(staff.given_name) ?? clean(staff.email), last_name: clean(staff.family_name) };
}

/** A recorded person's name as printed: the parts that are there, one space between; "" when none. */
export function personName(p: unknown): string {
  if (!p || typeof p !== "object") return "";
  const { first_name, last_name } = p as Partial<Person>;
  return [first_name, last_name]
    .filter((s): s is string => typeof s === "string" && s.trim() !== "" && s.trim() !== "null")
    .map((s) => s.trim())
    .join(" ");
}
