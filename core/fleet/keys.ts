import { keyHook } from "./definitions.js";
import { defineRecordType } from "../platform/records.js";
import { searchText } from "../platform/paging.js";

/**
 * A key hook (000 §3 Other records): key_number on a board, for main or
 * spare keys. Hooks are reference data (a few hundred at most); which
 * vehicle's key hangs on a hook is held on the vehicle (`key`,
 * `spare_key`) under a unique claim, so one hook never holds two vehicles'
 * keys, even when two saves race.
 */
export const Key = defineRecordType({
  type: "key",
  label: "Key",
  fields: keyHook.schema,
  defaults: () => ({ spare: false }),
  searchOf: (r) => searchText(r.key_number, r.board),
  unique: (r) => [{ scope: "hook", value: `${r.board ?? ""}|${r.key_number}`, message: "A key with this number is already on this board" }],
});

export type KeyRow = { id: number; key_number: string; board: string | null; spare: boolean | null };

/** How a key appears on a vehicle and in the key finder. */
export function keyBrief(k: KeyRow | undefined | null) {
  return k ? { id: k.id, key_number: k.key_number, board: k.board ?? null, spare: k.spare ?? false } : null;
}
