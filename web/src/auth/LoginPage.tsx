import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { tokenStore, useApiGet, useApiMutation } from "../platform/api";
import { useFinishLogout } from "../platform/auth";
import { Loading } from "../platform/Loading";
import { usePageTitle } from "../platform/page";
import { toastError } from "../platform/toast";
import { loadGoogleIdentity } from "./google";

type AuthConfig = { local_sign_in: boolean; google_client_id: string };
type TokenResponse = { token: string };

function useFinishSignIn() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (res: TokenResponse) => {
    tokenStore.set(res.token);
    qc.clear();
    void navigate(from && from !== "/login" ? from : "/", { replace: true });
  };
}

function LocalSignIn() {
  const finish = useFinishSignIn();
  const signIn = useApiMutation<{ email: string; given_name: string }, TokenResponse>("POST", "auth/local", { silent: true, errorMessage: "Sign-in failed" });
  const [email, setEmail] = useState("");
  const [givenName, setGivenName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errs.email = "Enter a valid e-mail address";
    if (!givenName.trim()) errs.given_name = "Enter your first name";
    setErrors(errs);
    if (Object.keys(errs).length) return;
    signIn.mutate({ email: email.trim(), given_name: givenName.trim() }, { onSuccess: finish });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Local sign-in (this machine only).
        </Text>
        <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} required />
        <TextInput label="Given name" autoComplete="given-name" value={givenName} onChange={(e) => setGivenName(e.currentTarget.value)} error={errors.given_name} required />
        <Button type="submit" loading={signIn.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

function GoogleSignIn({ clientId }: { clientId: string }) {
  const finish = useFinishSignIn();
  const exchange = useApiMutation<{ id_token: string }, TokenResponse>("POST", "social/google-oauth2", { silent: true, errorMessage: "Google sign-in failed" });
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((gid) => {
        if (cancelled || !holder.current) return;
        gid.initialize({ client_id: clientId, callback: (r) => exchange.mutate({ id_token: r.credential }, { onSuccess: finish }) });
        gid.renderButton(holder.current, { type: "standard", theme: "outline", size: "large", text: "signin_with", width: Math.min(400, holder.current.offsetWidth || 280) });
      })
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        toastError("Google sign-in could not be loaded. Check your connection and reload the page.");
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Google's button is drawn once per client id; the exchange and finish callbacks are new each render and must not redraw it
  }, [clientId]);

  if (!clientId) return <Alert color="red">Google sign-in is not configured (no client id).</Alert>;
  return (
    <Stack gap="sm" align="stretch">
      {failed && <Alert color="red">Sign in with Google is unavailable: the Google script did not load.</Alert>}
      {/* Google renders its 'Sign in with Google' button here. */}
      <div ref={holder} style={{ minHeight: 44, width: "100%" }} />
      {exchange.isPending && <Loading label="Signing in..." />}
    </Stack>
  );
}

export function LoginPage() {
  usePageTitle("Sign in");
  const location = useLocation();
  const navigate = useNavigate();
  const finishLogout = useFinishLogout();
  const loggingOut = (location.state as { logout?: boolean } | null)?.logout === true;
  useEffect(() => {
    if (loggingOut) void finishLogout().then(() => navigate("/login", { replace: true, state: null }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the sign-out finishes once when the page is reached with logout state, not again when its callbacks change identity
  }, [loggingOut]);
  const config = useApiGet<AuthConfig>("auth/config", undefined, { errorMessage: "There was an error", enabled: !loggingOut });
  if (loggingOut) return <Loading label="Signing out..." />;
  if (tokenStore.get()) return <Navigate to="/" replace />;
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            Rentals Direct App
          </Title>
          {config.isLoading ? (
            <Loading />
          ) : config.isError || !config.data ? (
            <Alert color="red">The sign-in settings could not be loaded. Reload the page to try again.</Alert>
          ) : config.data.local_sign_in ? (
            <LocalSignIn />
          ) : (
            <GoogleSignIn clientId={config.data.google_client_id} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
