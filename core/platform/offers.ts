/**
 * Registrations between areas (issue 23 "Areas one way"): the areas depend
 * on each other one way only (tests/unit/area-graph.test.ts), so when a
 * lower area needs something a higher one does (a contact save writes its
 * Xero push item, a part order raises its invoice), the lower area declares
 * a slot and the higher area fills it when it loads, as `creditSources`
 * does (core/accounts/credits.ts). A slot read before it is filled throws:
 * a Lambda that forgot to load the offering module fails loudly, never
 * skips the work (tests/stacks/bundles.test.ts checks each Lambda carries
 * the modules that fill the slots its routes use).
 */
export type Offers<T extends object> = {
  /** The higher area fills its part of the slot (at load, beside the function it offers). */
  offer(parts: Partial<T>): void;
  /** What was offered under `key`; throws when nothing was. */
  need<K extends keyof T>(key: K): T[K];
};

export function offers<T extends object>(slot: string): Offers<T> {
  const filled: Partial<T> = {};
  return {
    offer: (parts) => void Object.assign(filled, parts),
    need(key) {
      const v = filled[key];
      if (v === undefined) throw new Error(`${slot}.${String(key)} is not offered: load the module that offers it (core/platform/offers.ts)`);
      return v;
    },
  };
}
