import "./platform/csp";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/dates/styles.css";
import "./platform/app.css";
import { MantineProvider, createTheme } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { onUnauthorized } from "./platform/api";
import { queryClient } from "./platform/queryClient";
import { TOAST_MS } from "./platform/toast";
import { router } from "./routes";

const theme = createTheme({
  fontSizes: { md: "0.9rem" },
  defaultRadius: "sm",
});

// A 401 anywhere: storage is already cleared; drop cached data and go to /login.
onUnauthorized(() => {
  queryClient.clear();
  if (window.location.pathname !== "/login") void router.navigate("/login", { replace: true });
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Bottom left: out of the way of the navigation bar and of the right-aligned
          actions (Save, Edit, History), which a toast at the top right covered for its 10 seconds. */}
      <Notifications position="bottom-left" autoClose={TOAST_MS} limit={6} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
