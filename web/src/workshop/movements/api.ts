import { MOVEMENT_MESSAGES } from "../../../../core/workshop/movement-definitions";
import { useApiMutation, useCreate, useRemove, useUpdate, type ApiRecord } from "../../platform/api";

/** A movement as the API answers it (002 §3, references as objects). */
export type MovementRow = ApiRecord & {
  movement_status: "NORMAL" | "QUOTE";
  view: "NORMAL" | "QUOTE" | "COMPLETED";
  completed: boolean;
  delivery_date: string | null;
  vehicle: string | null;
  vehicle_used: { id: number; registration: string } | null;
  customer: { id: number; display_name: string; movement_markup: number | null } | null;
  driver: { id: number; name: string } | null;
  department: { id: number; name: string } | null;
  movement_type: { id: number; name: string; tracking_option?: { id: number; name: string } | null } | null;
  movement_rate: { id: number; name: string } | null;
  work_type: { id: number; name: string } | null;
  tracking_option: { id: number; name: string } | null;
  job: number | null;
  start_address: string | null;
  end_address: string | null;
  start_time: string | null;
  end_time: string | null;
  miles: number | null;
  cost: number | null;
  cost_override: boolean | null;
  internal_charge: number | null;
  comments: string | null;
  invoice_number: string | null;
  creator: string | null;
};

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
