import type { ComponentType } from "react";
import type { TableScreen } from "../platform/table";

export type { TableScreen };

export type CustomScreen = { kind: "custom"; key: string; title: string; component: ComponentType };

export type SettingsScreen = TableScreen | CustomScreen;
