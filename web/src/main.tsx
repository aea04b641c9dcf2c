import "./platform/csp";
import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "./platform/app.css";
import { MantineProvider, createTheme } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { onUnauthorized } from "./platform/api";
import { queryClient } from "./platform/queryClient";
import { NoticeBar } from "./platform/NoticeBar";
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
      {/* Every notification in a bar of its own at the window's foot, where no control is
          (issue 24 item 3): a toast at the top right, then at the bottom left, sat on actions. */}
      <NoticeBar />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
