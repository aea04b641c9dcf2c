import type { Hono } from "hono";
import * as z from "zod";
import * as Auth from "../../core/auth/index.js";
import { googleSignInInput, signInGoogle } from "../../core/auth/google.js";
import { history } from "../../core/platform/audit.js";
import { config } from "../../core/platform/config.js";
import { Counter } from "../../core/platform/service.js";
import type { AppEnv } from "../platform/app.js";
import { route } from "../platform/registry.js";

const tag = "Sign-in";

/** Sign-in, the signed-in profile, health and history. */
export function authRoutes(app: Hono<AppEnv>) {
  route(app, { method: "get", path: "/health", summary: "200 once the database answers", tag: "Platform", public: true }, async (c) => {
    try {
      await Counter.get({ name: "health" }).go();
      return { status: "ok" };
    } catch {
      return c.json({ status: "unavailable", message: "The database is not reachable." }, 503);
    }
  });

  route(app, { method: "get", path: "/auth/config", summary: "Which sign-in the login page offers", tag, public: true }, () => ({
    local_sign_in: config.localSignIn,
    google_client_id: config.googleClientId,
  }));

  route(
    app,
    { method: "post", path: "/social/google-oauth2", summary: "Exchange a Google ID token (or legacy access token) for a product token", tag, body: googleSignInInput, public: true },
    async (c, { body }) => c.json(await signInGoogle(body), 200),
  );

  route(
    app,
    { method: "post", path: "/auth/local", summary: "Local sign-in (npm start only; off when deployed)", tag, body: Auth.localSignInInput, public: true },
    async (c, { body }) => c.json(await Auth.signInLocal(body), 200),
  );

  route(app, { method: "get", path: "/me", summary: "The signed-in staff member", tag }, (c) => c.get("user"));

  route(app, { method: "post", path: "/auth/logout", summary: "Log out: the token stops working", tag }, async (c) => {
    await Auth.revoke(c.get("token"));
    return c.json({ message: "Logged out." }, 200);
  });

  route(
    app,
    {
      method: "get",
      path: "/history/:type/:recordId",
      summary: "Who changed a record, when, and from what to what",
      tag: "Platform",
      query: z.object({ page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(1000).default(25) }),
    },
    async (c, { query }) => {
      const type = c.req.param("type") ?? "";
      const id = c.req.param("recordId") ?? "";
      if (!/^[a-z]{2,40}$/.test(type) || !/^[\w-]{1,40}$/.test(id)) return c.json({ message: "Unknown record.", errors: {} }, 400);
      return history(type, id, query.page, query.page_size);
    },
  );
}
