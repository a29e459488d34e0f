import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import path from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import { BASE_SECURITY_HEADERS, CROSS_SITE_REFUSED_MESSAGE } from "./app/security.server";
import { isCrossSiteMutation } from "./app/core/request-origin";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The dev server applies the same origin guard and headers as the Worker entry (server.ts). */
function devRequestSafety(): Plugin {
  return {
    name: "marketplace-dev-request-safety",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === "string" ? value : null;
        };
        for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
        const crossSite = isCrossSiteMutation({
          method: req.method ?? "GET",
          url,
          origin: header("origin"),
          secFetchSite: header("sec-fetch-site"),
          referer: header("referer"),
        });
        if (!crossSite) return next();
        res.statusCode = 403;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(CROSS_SITE_REFUSED_MESSAGE);
      });
    },
  };
}

/**
 * Every page loads the browser entry and the root route with everything they import statically (React,
 * Remix, the header's modules). Rollup would split those into a dozen files shared with other routes;
 * one "framework" chunk for all of them loads exactly the same code on every page in one gzip stream
 * (about 2 KB less per page). The two entry modules themselves stay entries.
 */
function alwaysLoadedChunk(): Rollup.ManualChunksOption {
  const entries = [path.resolve("app/entry.client.tsx"), path.resolve("app/root.tsx")];
  let alwaysLoaded: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!alwaysLoaded) {
      const reached = new Set<string>();
      const visit = (moduleId: string) => {
        if (reached.has(moduleId)) return;
        reached.add(moduleId);
        for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
      };
      entries.forEach(visit);
      entries.forEach((entry) => reached.delete(entry));
      alwaysLoaded = reached;
    }
    return alwaysLoaded.has(id) ? "framework" : undefined;
  };
}

/**
 * The local D1/R2/KV the dev server uses: wrangler's default (.wrangler/state) unless LOCAL_STORE names a
 * directory made with `--persist-to` (scripts/serve-local.ts --dev gives the e2e dev server a fresh one,
 * with its own cold dependency cache, so a test sees what a first `npm run dev` does).
 */
const localStore = process.env.LOCAL_STORE;

/**
 * Browser dependencies, pre-bundled when the dev server starts. A dependency Vite discovers only when a
 * page first imports it makes Vite re-bundle and reload every open page (losing what was being done) and
 * can leave two copies of React ("Invalid hook call").
 */
const BROWSER_DEPENDENCIES = [
  "react",
  "react-dom",
  "react-dom/client",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "@remix-run/react",
  "@conform-to/react",
  "@conform-to/valibot",
  "valibot",
  "photoswipe",
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    devRequestSafety(),
    cloudflareDevProxyVitePlugin({ getLoadContext, ...(localStore ? { persist: { path: path.join(localStore, "v3") } } : {}) }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        // The dependency scan starts from every route module, not only what the first page imports.
        unstable_optimizeDeps: true,
      },
    }),
    UnoCSS(),
    tsconfigPaths(),
  ],
  optimizeDeps: { include: BROWSER_DEPENDENCIES },
  ...(localStore ? { cacheDir: path.join(localStore, "vite") } : {}),
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: {
    minify: "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: alwaysLoadedChunk() } },
  },
  server: { port: 5173 },
}));
