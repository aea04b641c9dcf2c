import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The SPA is served from the site root; the local server and CloudFront
// both hand index.html to any non-/api path, so deep links work.
export default defineConfig({
  base: "/",
  plugins: [react()],
  // The repo root holds React 18 (for sst's CLI); packages hoisted there
  // (@tanstack/react-query) must use this app's React 19.
  resolve: { dedupe: ["react", "react-dom", "react/jsx-runtime"] },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
