import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { api, ApiError, tokenStore, useApiGet } from "./api";
import { toastFailure } from "./toast";

export type Me = { email: string; given_name: string; family_name: string };

/** Every route but /login needs a stored token (003 §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!tokenStore.get()) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

export function useMe() {
  // The frame's route starts this call with the screen's (prefetch.ts frameQuery.me).
  return useApiGet<Me>("me", undefined, { enabled: !!tokenStore.get() });
}

/**
 * Log out goes to /login first (so unsaved edits are asked about by the
 * guard); the login page then finishes it with finishLogout().
 */
export function useLogout() {
  const navigate = useNavigate();
  return () => navigate("/login", { state: { logout: true } });
}

/** Tell the server, clear local storage (001 §2.2) and the cache. */
export function useFinishLogout() {
  const qc = useQueryClient();
  return async () => {
    if (tokenStore.get()) {
      try {
        await api("POST", "auth/logout");
      } catch (e) {
        // A 401 means the token was already gone: signing out locally is what matters.
        if (!(e instanceof ApiError && e.status === 401)) toastFailure(e);
      }
    }
    tokenStore.clear();
    qc.clear();
  };
}
