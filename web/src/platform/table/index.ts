export { SettingsTable } from "./SettingsTable";
export type { TableScreen } from "./types";
