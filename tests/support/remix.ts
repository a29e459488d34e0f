/** Remix's own request handler over route modules, for tests of routing and content negotiation. */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The package's exported route-convention function (the one the Vite plugin runs when no routes are
// configured); "UNSAFE_" marks it as outside semver, so a Remix upgrade re-checks these tests.
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import path from "node:path";

/** The app's routes as the Vite plugin finds them (flat routes in app/routes), by id. */
export const APP_ROUTES = flatRoutes(path.resolve(import.meta.dirname, "../../app"));

/** A route's URL pattern as Remix matches it ("/api/buylater/:productId"), its parents' paths included. */
export function routeUrlPattern(routeId: string): string {
  const route = APP_ROUTES[routeId];
  if (!route) return "";
  const parent = route.parentId && route.parentId !== "root" ? routeUrlPattern(route.parentId).slice(1) : "";
  return `/${[parent, route.path ?? ""].filter(Boolean).join("/")}`;
}

/**
 * The handler the Worker entry uses, over the given route modules, keyed as `import.meta.glob` from a
 * tests/ folder gives them ("../../app/routes/…"). Only the routes with a module are served, and no
 * document is rendered unless `entry` gives the entry module's hooks. Answers the handler, the routes it
 * serves and the build's routes (what the load context tells pages from resource routes by).
 */
export function remixHandlerFor(modules: Record<string, unknown>, entry: Partial<ServerBuild["entry"]["module"]> = {}) {
  const manifest = Object.values(APP_ROUTES).filter((route) => modules[`../../app/${route.file}`] != null);
  const build = {
    mode: "production",
    entry: { module: { default: () => new Response("documents are not served here", { status: 500 }), ...entry } },
    routes: {
      root: { id: "root", path: "", module: {} },
      ...Object.fromEntries(manifest.map((route) => [route.id, { ...route, module: modules[`../../app/${route.file}`] }])),
    },
    assets: { version: "test", url: "", entry: { module: "", imports: [] }, routes: {} },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v3_singleFetch: true, v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
  return { handle: createRequestHandler(build), manifest, routes: build.routes };
}
