import { Box } from "@mantine/core";
import { Outlet } from "react-router-dom";
import { RequireAuth } from "../auth";
import { UnsavedChangesProvider } from "../form/unsaved";
import { NavBar } from "./NavBar";

/** The signed-in frame: the navigation bar over the current screen. */
export function AppLayout() {
  return (
    <RequireAuth>
      <UnsavedChangesProvider>
        <Box data-no-print>
          <NavBar />
        </Box>
        <Box component="main" p="md" maw={1800} mx="auto">
          <Outlet />
        </Box>
      </UnsavedChangesProvider>
    </RequireAuth>
  );
}
