import { Box } from "@mantine/core";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { RequireAuth } from "../auth";
import { PageErrorBoundary } from "../ErrorBoundary";
import { Loading } from "../Loading";
import { UnsavedChangesProvider } from "../form/unsaved";
import { NavBar } from "./NavBar";

/**
 * The signed-in frame: the navigation bar over the current screen. A
 * screen's script loads on its first visit (web/src/routes.tsx); meanwhile
 * the frame stays and the screen area shows the shared Loading state. A
 * screen that fails to draw (or to load) shows a plain message and a way
 * back in its place (the bar stays); moving to another address draws afresh.
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
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </Box>
      </UnsavedChangesProvider>
    </RequireAuth>
  );
}
