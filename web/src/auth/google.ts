/** Google Identity Services, loaded only when the login page needs it. */

type CredentialResponse = { credential: string };
type GoogleId = {
  initialize: (opts: { client_id: string; callback: (r: CredentialResponse) => void; ux_mode?: "popup" | "redirect" }) => void;
  renderButton: (el: HTMLElement, opts: Record<string, unknown>) => void;
};
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const SRC = "https://accounts.google.com/gsi/client";
let loading: Promise<GoogleId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = SRC;
    s.async = true;
    s.defer = true;
    s.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error("Google sign-in did not load")));
    s.onerror = () => {
      loading = null;
      reject(new Error("Google sign-in could not be loaded"));
    };
    document.head.appendChild(s);
  });
  return loading;
}
