// Unit tests import SPA modules (form parsing) whose files read Vite's
// import.meta.env; the server's type check knows nothing of Vite.
interface ImportMeta {
  readonly env: Record<string, string | undefined>;
}
