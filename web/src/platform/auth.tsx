import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { api, tokenStore, useApiGet } from "./api";
import { toastFailure } from "./toast";

export type Me = { email: string; given_name: string; family_name: string };

/** Every route but /login needs a stored token (003 §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!tokenStore.get()) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

export function useMe() {
  return useApiGet<Me>(["me"], "me", undefined, { enabled: !!tokenStore.get() });
}

/** Log out: tell the server, clear local storage, go to /login. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api("POST", "auth/logout");
    } catch (e) {
      // The token may already be gone (401): signing out locally is what matters.
      if (!(e instanceof Error && "status" in e && (e as { status: number }).status === 401)) toastFailure(e);
    }
    tokenStore.clear();
    qc.clear();
    navigate("/login", { replace: true });
  };
}
