// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
/**
 * Whether a request is for a page (a document or its `.data`) or for a resource route (a CSV, an image, a JSON
 * API), told from the build's routes the way Remix tells them: the route a URL ends on renders (a default
 * export or an ErrorBoundary) or it does not. A page's session check rides in the page's batch and a failed
 * check is answered by the entry's hooks (decision 0069); a resource route has no such hook, so its check goes
 * first.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";

export type BuildRoutes = ServerBuild["routes"];
type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** The build's flat routes as the router's tree (each under its parent), as Remix builds it to match a URL. */
function routeTree(routes: BuildRoutes, byParent: Map<string | undefined, BuildRoutes[string][]>, parentId?: string): RouteObject[] {
  return (byParent.get(parentId) ?? []).map((route) => {
    const children = routeTree(routes, byParent, route.id);
    const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    return route.index ? { ...common, index: true } : { ...common, children: children.length > 0 ? children : undefined };
  });
}

const tellers = new WeakMap<BuildRoutes, (pathname: string) => boolean>();

function pageRouteTeller(routes: BuildRoutes): (pathname: string) => boolean {
  let teller = tellers.get(routes);
  if (teller) return teller;
  const byParent = new Map<string | undefined, BuildRoutes[string][]>();
  for (const route of Object.values(routes)) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const tree = routeTree(routes, byParent);
  teller = (pathname) => {
    const last = matchRoutes(tree, pathname)?.at(-1);
    // No route: Remix renders its 404 page.
    if (!last?.route.id) return true;
    const module = routes[last.route.id]?.module;
    return module?.default != null || module?.ErrorBoundary != null;
  };
  tellers.set(routes, teller);
  return teller;
}

/** A single-fetch data request (`/x.data`) is always a page's; any other URL is a page's when its route renders. */
export function isPageRequest(url: URL, routes: BuildRoutes): boolean {
  return url.pathname.endsWith(".data") || pageRouteTeller(routes)(url.pathname);
}
