// Imported by vite.config.ts, where the ~/ alias does not exist yet: relative imports only.
/**
 * Per-request services handed to every loader and action (Hydrogen style): built once per request
 * from the Worker's env, by the Worker entry in production and by the Vite dev proxy locally.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createSessionStorage, type AppSessionStorage } from "./web/account/session.server";
import type { EdgeCache } from "./web/site/edge-cache.server";
import { createNonce } from "./security.server";
import { countD1RoundTrips, createDatabase, emptyD1Usage, type D1Usage, type Database } from "./db/client.server";
import { ShopSettingsCache } from "./core/settings/settings-cache";
import { joinSessionCheck } from "./db/session-check-join.server";
import { openD1Session, type RequestD1Session } from "./web/site/d1-sessions.server";
import { isPageRequest, type BuildRoutes } from "./web/site/page-routes.server";

export interface CloudflareContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
  /**
   * True when the request runs in the Worker entry (server.ts), whose `queue` handler consumes the queues —
   * on Cloudflare and under `wrangler dev`. The Vite dev server's platform proxy (and the tests' requests)
   * have no consumer: there, in local runs only, pages do the queued work themselves (dev mailbox, imports).
   */
  queueConsumer?: boolean;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    /** The database, read through this request's D1 session (`d1Session`, decision 0067). */
    db: Database;
    /** Where this request's reads start (primary, nearest replica, or the visitor's bookmark) and its bookmark. */
    d1Session: RequestD1Session;
    /** D1 round trips made while answering this request (reported in Server-Timing). */
    d1Usage: D1Usage;
    sessionStorage: AppSessionStorage;
    /** Nonce for this document's inline scripts (CSP). */
    cspNonce: string;
    /**
     * The built stylesheets each document inlines instead of linking (set by the Worker entry, server.ts;
     * none under the Vite dev server, which serves styles itself): app/web/site/site-styles.server.ts.
     */
    siteStylesheets?: readonly string[];
    /** The edge cache for anonymous catalogue pages, set by the Worker entry (none under the Vite dev server). */
    edgeCache?: EdgeCache;
    /** The shop settings as this isolate keeps them (app/web/site/shop-settings.server.ts, decision 0057). */
    settingsCache: ShopSettingsCache;
  }
}

/**
 * One settings cache per platform: the Worker entry keeps its own per isolate (server.ts); the Vite dev
 * server and the tests get one per `env`, so each test platform has its own.
 */
const settingsCaches = new WeakMap<object, ShopSettingsCache>();

function settingsCacheFor(env: Env): ShopSettingsCache {
  let cache = settingsCaches.get(env);
  if (!cache) settingsCaches.set(env, (cache = new ShopSettingsCache()));
  return cache;
}

/**
 * A page request (GET or HEAD of a document or its `.data`) reads as the cookie's user at once, its session
 * check riding in its batch (decision 0069); a resource route's is checked first. Without the build's routes
 * (tests calling a loader), a GET is taken for a page's.
 */
function joinsPageCheck(request: Request, serverRoutes: BuildRoutes | undefined): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !serverRoutes || isPageRequest(new URL(request.url), serverRoutes);
}

export function getLoadContext({
  request,
  context,
  serverRoutes,
}: {
  request: Request;
  context: { cloudflare: CloudflareContext };
  /** The build's routes (the Worker entry's build, the dev server's): what tells a page from a resource route. */
  serverRoutes?: BuildRoutes;
}): AppLoadContext {
  const { env } = context.cloudflare;
  const d1Usage = emptyD1Usage();
  const d1Session = openD1Session(env.DB, request);
  const counted = countD1RoundTrips(d1Session.session, d1Usage);
  const join = joinSessionCheck(counted);
  const db = createDatabase(join.d1);
  const pageCheck = joinsPageCheck(request, serverRoutes) ? { join, url: request.url, cookieHeader: request.headers.get("Cookie") } : undefined;
  return {
    cloudflare: context.cloudflare,
    db,
    d1Session,
    d1Usage,
    sessionStorage: createSessionStorage(env, {
      db,
      checkDb: createDatabase(counted),
      waitUntil: (promise) => context.cloudflare.ctx.waitUntil(promise),
      pageCheck,
    }),
    cspNonce: createNonce(),
    settingsCache: settingsCacheFor(env),
  };
}
