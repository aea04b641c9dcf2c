import { StackContext, StaticSite, use } from "sst/constructs";
import { Api } from "./Api";

/**
 * The SPA (web/). Locally it calls /api on its own origin; on AWS it gets the
 * API's URL as VITE_API_URL. Unknown paths serve index.html (deep links).
 * SST_SKIP_WEB_BUILD=1 skips the build and uses an existing web/dist (tests).
 */
export function Web({ stack }: StackContext) {
  const { api } = use(Api);

  const site = new StaticSite(stack, "Web", {
    path: "web",
    buildCommand: process.env.SST_SKIP_WEB_BUILD ? undefined : "npm run build",
    buildOutput: "dist",
    errorPage: "redirect_to_index_page",
    environment: { VITE_API_URL: api.url },
  });

  stack.addOutputs({ SiteUrl: site.url ?? "" });
  return { site };
}
