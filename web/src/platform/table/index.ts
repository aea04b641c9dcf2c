export { SettingsTable } from "./SettingsTable";
export type { TableScreen } from "./types";
export { usePinnedColumns, type PinnedColumns } from "./pin";
