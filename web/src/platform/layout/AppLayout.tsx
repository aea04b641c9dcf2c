import { Box } from "@mantine/core";
import { Outlet, useLocation } from "react-router-dom";
import { RequireAuth } from "../auth";
import { PageErrorBoundary } from "../ErrorBoundary";
import { UnsavedChangesProvider } from "../form/unsaved";
import { NavBar } from "./NavBar";

/**
 * The signed-in frame: the navigation bar over the current screen. A screen
 * that fails to draw shows a plain message and a way back in its place (the
 * bar stays); moving to another address draws afresh.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <RequireAuth>
      <UnsavedChangesProvider>
        <Box data-no-print>
          <NavBar />
        </Box>
        <Box component="main" p="md" maw={1800} mx="auto">
          <PageErrorBoundary resetKey={pathname}>
            <Outlet />
          </PageErrorBoundary>
        </Box>
      </UnsavedChangesProvider>
    </RequireAuth>
  );
}
