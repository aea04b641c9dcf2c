import { MOVEMENT_MESSAGES } from "../../../../core/workshop/movement-definitions";
import type { MovementAnswer } from "../../../../core/workshop/types";
import { useApiMutation, useCreate, useRemove, useUpdate, type ApiRecord } from "../../platform/api";

/** A movement as the API answers it (002 §3, references as objects): inferred from its definition (core/workshop/types.ts). */
export type MovementRow = ApiRecord & MovementAnswer;

/** Lists and figures a movement write changes. */
const CHANGES = { invalidates: ["movementfigures"] };

/** The movement calls of 002 §7 with the failure messages of 002 §8 (the server's own message when it gives one). */
export function useMovementCalls() {
  return {
    create: useCreate<MovementRow>("movement", { ...CHANGES, errorMessage: MOVEMENT_MESSAGES.createFailed }),
    save: useUpdate<MovementRow>("movement", { ...CHANGES, errorMessage: MOVEMENT_MESSAGES.saveFailed }),
    remove: useRemove("movement", { ...CHANGES, errorMessage: MOVEMENT_MESSAGES.deleteFailed }),
    complete: useApiMutation<{ id: number; last_saved: string | null; tracking_option: number }, MovementRow>("PUT", (b) => `movementcomplete/${b.id}`, {
      resource: "movement",
      ...CHANGES,
      errorMessage: MOVEMENT_MESSAGES.saveFailed,
    }),
    convert: useApiMutation<{ id: number; last_saved: string | null }, MovementRow>("PUT", (b) => `movementquote/${b.id}`, { resource: "movement", ...CHANGES, errorMessage: MOVEMENT_MESSAGES.saveFailed }),
  };
}
