/** Movements for other workshop screens: the job card mounts <JobMovements jobId start /> (002 §2). */
export { JobMovements } from "./JobMovements";
export { MovementModal, type MovementStart } from "./MovementModal";
export { CompleteMovementModal, useMovementActions } from "./actions";
export { MovementsTable } from "./MovementsTable";
export type { MovementRow } from "./api";
