/**
 * Query choices named the way a client may name them (003 §2's screen
 * labels as snake_case). Its own module: only the areas that use it carry it.
 */

/** The snake_case of a screen label: "Ready To Invoice" → "ready_to_invoice". */
export const snakeOf = (label: string) =>
  label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

/**
 * A query value naming one of a list's choices (a view) by its value, the
 * snake_case of its label (the spec's screen label) or an alias, any case:
 * answers the choice's value; anything else as sent, for the enum to refuse.
 */
export function choiceAlias(choices: ReadonlyArray<{ value: string; label: string; aliases?: readonly string[] }>) {
  const by = new Map<string, string>();
  for (const c of choices) for (const k of [c.value, snakeOf(c.label), ...(c.aliases ?? [])]) by.set(k.toLowerCase(), c.value);
  return (v: unknown): unknown => {
    if (typeof v !== "string") return v;
    const t = v.trim();
    return t ? (by.get(t.toLowerCase()) ?? by.get(snakeOf(t)) ?? t) : undefined;
  };
}
