/**
 * The edge cache for anonymous catalogue pages (docs/decisions/0023-edge-cache.md), run by the Worker entry
 * (server.ts) around Remix: app/core/site/edge-cache.ts decides which requests it answers and under which key;
 * here the Workers Cache API stores and serves them with stale-while-revalidate, stores a document with
 * its inline scripts allowed by their hashes instead of its render's nonce (so a hit is passed on as
 * stored, and no visitor sees another's nonce), keeps a page it answered fresh in the isolate's memory for a
 * few seconds (decision 0031), and purges the pages a catalogue change names. The Vite dev server does not
 * run server.ts: there (and in the integration tests) there is no edge cache and every page is rendered.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  EDGE_CACHE_HEADER,
  EDGE_CACHE_LIFETIME_SECONDS,
  edgeCacheDecision,
  freshness,
  isStorable,
  pagesShowingProducts,
  type EdgeCacheStatus,
} from "~/core/site/edge-cache";
import type { RecentPages } from "~/core/site/recent-pages";
import { parseIpList } from "~/core/catalogue/subscription";
import { emptyD1Usage, type D1Usage, type Database } from "~/db/client.server";
import { documentContentSecurityPolicy, nonceOfPolicy } from "~/security.server";
import { orderedProductIds, productPlacements } from "~/services/catalogue/product-placements.server";

/**
 * The cache, the origin its keys are written under (the shop's, whatever host a request came to) and this
 * isolate's recent copies (one per isolate, made by server.ts: the Remix build has its own copy of this
 * module, so a purge run by a route reaches them only through the load context).
 */
export interface EdgeCache {
  cache: Cache;
  keyOrigin: string;
  recentPages: RecentPages<RecentPage>;
}

/** What server.ts renders a request with: Remix's answer and what it cost D1. */
export interface Rendered {
  response: Response;
  d1Usage: D1Usage;
}

/** When the stored copy was rendered (ms since the epoch): HIT, STALE or too old is decided from it. */
const STORED_AT_HEADER = "X-Edge-Cache-Stored-At";
/** The page's own Cache-Control, given back to the browser (the stored copy carries the cache's lifetime). */
const PAGE_CACHE_CONTROL_HEADER = "X-Edge-Cache-Page-Control";

/** Keys this isolate is rendering again behind a STALE answer: one refresh per key at a time. */
const refreshing = new Set<string>();

/** Subscriptions offered to listed IPs only, and this visitor's is one: their product page offers it (not cacheable). */
function offeredOnlyToThisVisitor(request: Request, env: Pick<Env, "PUBLIC_SUBSCRIPTION" | "SUBSCRIPTION_ALLOWED_IPS">): boolean {
  if (env.PUBLIC_SUBSCRIPTION === "true") return false;
  const ip = request.headers.get("CF-Connecting-IP");
  return ip != null && parseIpList(env.SUBSCRIPTION_ALLOWED_IPS).includes(ip);
}

/**
 * The answer with the cache status on, its headers copied once (`headers`: a copy already made). HEAD: the
 * headers only (a stored copy still fills from its own branch of the body).
 */
function withStatus(response: Response, status: EdgeCacheStatus, head = false, headers = new Headers(response.headers)): Response {
  headers.set(EDGE_CACHE_HEADER, status);
  if (head) void response.body?.cancel();
  return new Response(head ? null : response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The request a cached page is rendered from: its key's URL, GET, without cookies (nothing personal can reach it). */
function anonymousRequest(request: Request, keyPath: string): Request {
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(new URL(keyPath, request.url), { method: "GET", headers });
}

function storable(response: Response): boolean {
  return isStorable({ status: response.status, setsCookie: response.headers.has("Set-Cookie"), cacheControl: response.headers.get("Cache-Control") });
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

/**
 * A document as the cache keeps it: its render's nonce taken off, and its policy allowing instead the
 * hashes of the inline scripts that carried that nonce (the ones the app wrote; a script without it was
 * refused before and still is). Read whole, off the visitor's path (waitUntil or a STALE refresh).
 */
async function withScriptHashes(body: ReadableStream | null, headers: Headers): Promise<ReadableStream | ArrayBuffer | null> {
  const nonce = nonceOfPolicy(headers.get("Content-Security-Policy"));
  if (!body || !nonce || !(headers.get("Content-Type") ?? "").startsWith("text/html")) return body;
  const scripts: string[] = [];
  let inOwnScript = false;
  const stored = await new HTMLRewriter()
    .on("script", {
      element(element) {
        inOwnScript = element.getAttribute("nonce") === nonce;
        element.removeAttribute("nonce");
        if (inOwnScript) scripts.push("");
      },
      text(chunk) {
        if (inOwnScript) scripts[scripts.length - 1] += chunk.text;
      },
    })
    .transform(new Response(body, { headers }))
    .arrayBuffer();
  headers.set("Content-Security-Policy", documentContentSecurityPolicy({ sha256: await Promise.all(scripts.map(sha256Base64)) }));
  return stored;
}

/** The copy the cache keeps of a storable answer, with when it was rendered. */
async function copyToStore(response: Response, body: ReadableStream | null): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  const pageControl = response.headers.get("Cache-Control");
  if (pageControl) headers.set(PAGE_CACHE_CONTROL_HEADER, pageControl);
  headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_LIFETIME_SECONDS}`);
  return new Response(await withScriptHashes(body, headers), { status: response.status, headers });
}

/** Stores a storable answer under `key` (after the response, through waitUntil) and returns the visitor's copy. */
function storeAndServe(edge: EdgeCache, key: string, response: Response, ctx: Pick<ExecutionContext, "waitUntil">): Response {
  if (!response.body || !storable(response)) return response;
  const [toVisitor, toCache] = response.body.tee();
  ctx.waitUntil(copyToStore(response, toCache).then((copy) => edge.cache.put(key, copy)));
  return new Response(toVisitor, response);
}

/** The stored copy's headers as a visitor gets them: the cache's own taken off, the page's Cache-Control back. */
function servedHeaders(stored: Response, status: EdgeCacheStatus): Headers {
  const headers = new Headers(stored.headers);
  headers.delete(STORED_AT_HEADER);
  headers.delete("Cache-Control");
  const pageControl = stored.headers.get(PAGE_CACHE_CONTROL_HEADER);
  if (pageControl) headers.set("Cache-Control", pageControl);
  headers.delete(PAGE_CACHE_CONTROL_HEADER);
  headers.set(EDGE_CACHE_HEADER, status);
  return headers;
}

/** A fresh stored copy as this isolate keeps it in memory (decision 0031): read whole, headers as served. */
export interface RecentPage {
  status: number;
  headers: Headers;
  body: ArrayBuffer;
}

/** A page as served from memory (each answer gets its own copy of the headers and bytes). */
function recentAnswer(page: RecentPage, head: boolean): Response {
  return new Response(head ? null : page.body, { status: page.status, headers: page.headers });
}

/**
 * Answers a request, from the edge cache where app/core/site/edge-cache.ts says so: a fresh copy (HIT), an old
 * one while a new one is rendered behind it (STALE), or rendered now and stored (MISS). A catalogue page
 * that must be rendered for this visitor says BYPASS; other paths are rendered as ever.
 */
export async function answerWithEdgeCache(
  request: Request,
  env: Pick<Env, "PUBLIC_SUBSCRIPTION" | "SUBSCRIPTION_ALLOWED_IPS">,
  ctx: Pick<ExecutionContext, "waitUntil">,
  edge: EdgeCache,
  render: (request: Request) => Promise<Rendered>,
): Promise<Rendered> {
  const decision = edgeCacheDecision({
    method: request.method,
    url: new URL(request.url),
    cookie: request.headers.get("Cookie"),
    personalOffer: offeredOnlyToThisVisitor(request, env),
  });
  if (decision.kind === "elsewhere") return render(request);
  if (decision.kind === "bypass") {
    const rendered = await render(request);
    return { ...rendered, response: withStatus(rendered.response, "BYPASS") };
  }
  const key = new URL(decision.key, edge.keyOrigin).href;
  const head = request.method === "HEAD";

  const recent = edge.recentPages.get(key, Date.now());
  if (recent) return { response: recentAnswer(recent, head), d1Usage: emptyD1Usage() };
  const stored = await edge.cache.match(key);
  const storedAt = Number(stored?.headers.get(STORED_AT_HEADER));
  const state = stored ? freshness(Date.now() - storedAt) : null;
  if (stored && state === "HIT") {
    const page = { status: stored.status, headers: servedHeaders(stored, state), body: await stored.arrayBuffer() };
    edge.recentPages.keep(key, page, storedAt, Date.now());
    return { response: recentAnswer(page, head), d1Usage: emptyD1Usage() };
  }
  if (stored && state) {
    if (!refreshing.has(decision.key)) {
      refreshing.add(decision.key);
      const refresh = render(anonymousRequest(request, decision.key))
        .then(async ({ response }) => {
          if (storable(response)) await edge.cache.put(key, await copyToStore(response, response.body));
          else await response.body?.cancel();
        })
        .catch((error: unknown) => console.error("edge cache: refresh failed", decision.key, error))
        .finally(() => refreshing.delete(decision.key));
      ctx.waitUntil(refresh);
    }
    return { response: withStatus(stored, state, head, servedHeaders(stored, state)), d1Usage: emptyD1Usage() };
  }
  await stored?.body?.cancel();
  const rendered = await render(anonymousRequest(request, decision.key));
  return { ...rendered, response: withStatus(storeAndServe(edge, key, rendered.response, ctx), "MISS", head) };
}

/** Deletes the cached pages showing these products (this data centre's copies: Cache API purges are local). */
export async function purgePagesShowing(edge: EdgeCache, db: Database, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const keys = pagesShowingProducts(await productPlacements(db, productIds));
  await Promise.all(
    keys.map((path) => {
      const key = new URL(path, edge.keyOrigin).href;
      edge.recentPages.forget(key);
      return edge.cache.delete(key);
    }),
  );
}

/**
 * After a batch that changed products (price, stock, status, details) committed: their pages go from the
 * edge cache before the response, so the next anonymous request — the editor's own redirect — sees the
 * change. Nothing to do without an edge cache (the Vite dev server, the integration tests).
 */
export async function purgeProductPages(context: Pick<AppLoadContext, "edgeCache" | "db">, productIds: readonly number[]): Promise<void> {
  if (context.edgeCache) await purgePagesShowing(context.edgeCache, context.db, productIds);
}

/** After an order took (or gave back) stock: the pages of its products, as purgeProductPages. */
export async function purgeOrderedProductPages(context: Pick<AppLoadContext, "edgeCache" | "db">, orderId: number): Promise<void> {
  if (context.edgeCache) await purgePagesShowing(context.edgeCache, context.db, await orderedProductIds(context.db, orderId));
}
