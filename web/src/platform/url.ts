import { useCallback, useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";

/**
 * The one way screens change their URL state (list page, search, filters,
 * tabs, dates). Each change starts from the newest URL, not the one the
 * screen last rendered: two quick changes (a date typed into Start, then
 * End, or a debounced search landing after a filter change) must both
 * stay. react-router's own updater starts from the rendered parameters and
 * loses the first of two changes made before a render.
 */
let pending: { path: string; search: string } | null = null;

/** Router state on a change of the page's own URL state: the screen stays, so nothing unsaved is lost. */
export const IN_PAGE = { inPage: true } as const;

export function isInPageChange(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { inPage?: unknown }).inPage === true;
}

export function useUrlParams() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Once the router shows the change, the URL is the truth again (so Back works as usual).
  useEffect(() => {
    if (pending && pending.path === location.pathname && pending.search === location.search) pending = null;
  }, [location.pathname, location.search]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, { replace = false }: { replace?: boolean } = {}) => {
      const path = window.location.pathname;
      if (pending && pending.path === path && pending.search === window.location.search) pending = null;
      const base = pending && pending.path === path ? pending.search : window.location.search;
      const next = new URLSearchParams(base);
      change(next);
      const text = next.toString();
      const search = text ? `?${text}` : "";
      pending = { path, search };
      // Marked as the page's own state, so the unsaved-changes guard lets it through (form/unsaved.tsx).
      void navigate({ pathname: path, search }, { replace, state: IN_PAGE });
    },
    [navigate],
  );
  return [params, update] as const;
}
