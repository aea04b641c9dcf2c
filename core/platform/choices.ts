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
 * A query value by its own name or an alias, any case, spaces and hyphens
 * read as underscores: answers the name; an unknown one as the snake_case
 * sent, for the enum to refuse. The one way views take the spec's labels.
 */
export function namedChoice(aliases: Readonly<Record<string, string>>) {
  return (v: unknown): unknown => {
    if (typeof v !== "string") return v;
    const name = snakeOf(v);
    return name ? (aliases[name] ?? name) : undefined;
  };
}

/** `namedChoice` for choices that carry their screen label: the value, the label's snake_case or an alias. */
export function choiceAlias(choices: ReadonlyArray<{ value: string; label: string; aliases?: readonly string[] }>) {
  const by: Record<string, string> = {};
  for (const c of choices) for (const k of [c.value, c.label, ...(c.aliases ?? [])]) by[snakeOf(k)] = c.value;
  return namedChoice(by);
}
