import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import { defineConfig, type Plugin } from "vite";
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
        });
        if (!crossSite) return next();
        res.statusCode = 403;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(CROSS_SITE_REFUSED_MESSAGE);
      });
    },
  };
}

export default defineConfig({
  plugins: [
    devRequestSafety(),
    cloudflareDevProxyVitePlugin({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    UnoCSS(),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: { minify: true },
  server: { port: 5173 },
});
