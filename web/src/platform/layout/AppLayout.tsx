import { Box } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { RequireAuth } from "../auth";
import { Loading } from "../Loading";
import { UnsavedChangesProvider } from "../form/unsaved";
import { NavBar } from "./NavBar";

/**
 * The signed-in frame: the navigation bar over the current screen. A
 * screen's script loads on its first visit (web/src/routes.tsx); meanwhile
 * the frame stays and the screen area shows the shared Loading state.
 */
export function AppLayout() {
  return (
    <RequireAuth>
      <UnsavedChangesProvider>
        <Box data-no-print>
          <NavBar />
        </Box>
        <Box component="main" p="md" maw={1800} mx="auto">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Box>
      </UnsavedChangesProvider>
    </RequireAuth>
  );
}
