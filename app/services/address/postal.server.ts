/**
 * Postal-code prefix data behind GET /api/postal/{prefix} and the server-side 住所を検索 (no JS):
 * KV (POSTAL_CACHE) first; on a miss the prefix file is loaded from its origin and put into KV with a TTL.
 *
 * The origin is POSTAL_ORIGIN when set (a base URL: `${POSTAL_ORIGIN}/{prefix}.json`), else the dataset
 * bundled with the app as static assets (/postal/{prefix}.json, built by scripts/build-postal-data.ts):
 * read through the Workers assets binding (ASSETS), or from the request's own origin under Vite dev
 * (where public/ is served by Vite and the binding would read a stale build/) or without the binding.
 *
 * The KV/origin logic takes its origin as a function, so tests can count and stub origin calls.
 */
import { EMPTY_POSTAL_RESULT, postalCodeToLookUp, postalPrefix, type PostalLookupResult } from "~/core/address/postal";
import { lookUpPostalCode, parsePostalPrefixData, type PostalPrefixData } from "~/core/address/postal-data";

/** How long a prefix file stays in KV (the dataset changes monthly at most). */
export const POSTAL_KV_TTL_SECONDS = 30 * 24 * 60 * 60;
/** How long "no such prefix" stays in KV, so a later dataset with that prefix is picked up soon. */
export const POSTAL_KV_EMPTY_TTL_SECONDS = 24 * 60 * 60;
/** Browser/CDN caching of /api/postal/{prefix} answers. */
export const POSTAL_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
export const POSTAL_EMPTY_CACHE_CONTROL = "public, max-age=3600";
/** An origin that does not answer within this time is a failure (the form stays usable by hand). */
export const POSTAL_ORIGIN_TIMEOUT_MS = 5000;

export const POSTAL_UNAVAILABLE_MESSAGE = "郵便番号データを取得できませんでした。時間をおいてもう一度お試しいただくか、住所を直接入力してください。";

const kvKey = (prefix: string) => `postal:${prefix}`;

/** Loads one prefix file from wherever the data lives; 404 means "no such prefix". */
export type PostalOrigin = (prefix: string) => Promise<Response>;

export interface PostalDeps {
  kv: Pick<KVNamespace, "get" | "put">;
  origin: PostalOrigin;
}

export class PostalOriginError extends Error {}

export interface PostalPrefixLoad {
  /** The prefix file as JSON text (what the endpoint answers). */
  text: string;
  data: PostalPrefixData;
  source: "kv" | "origin";
  /** False when the origin has no file for the prefix (then data is {}). */
  known: boolean;
}

/** KV first; on a miss the origin, whose answer is validated and put into KV with its TTL. */
export async function loadPostalPrefix(deps: PostalDeps, prefix: string): Promise<PostalPrefixLoad> {
  // KV is a cache: when it fails, the origin still answers (and the failure is logged).
  const cached = await deps.kv.get(kvKey(prefix), "text").catch((error: unknown) => {
    console.error(`postal KV read failed for ${prefix}: ${String(error)}`);
    return null;
  });
  if (cached != null) {
    const data = parsePostalPrefixData(cached, prefix);
    if (data) return { text: cached, data, source: "kv", known: Object.keys(data).length > 0 };
    // A damaged entry is ignored and replaced below.
  }
  let response: Response;
  try {
    response = await deps.origin(prefix);
  } catch (error) {
    throw new PostalOriginError(`postal origin unreachable for ${prefix}: ${String(error)}`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    await cachePut(deps, prefix, "{}", POSTAL_KV_EMPTY_TTL_SECONDS);
    return { text: "{}", data: {}, source: "origin", known: false };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new PostalOriginError(`postal origin answered ${response.status} for ${prefix}`);
  }
  const text = await response.text();
  const data = parsePostalPrefixData(text, prefix);
  if (!data) throw new PostalOriginError(`postal origin sent something that is not prefix data for ${prefix}`);
  await cachePut(deps, prefix, text, POSTAL_KV_TTL_SECONDS);
  return { text, data, source: "origin", known: true };
}

async function cachePut(deps: PostalDeps, prefix: string, text: string, expirationTtl: number): Promise<void> {
  try {
    await deps.kv.put(kvKey(prefix), text, { expirationTtl });
  } catch (error) {
    console.error(`postal KV write failed for ${prefix}: ${String(error)}`);
  }
}

/** The origin for this deployment: POSTAL_ORIGIN, the assets binding, or the request's own origin. */
export function postalOriginFor(
  env: Pick<Env, "POSTAL_ORIGIN"> & { ASSETS?: Pick<Fetcher, "fetch"> },
  requestUrl: string,
  fetcher: typeof fetch = fetch,
  viteDev: boolean = import.meta.env?.DEV === true,
): PostalOrigin {
  const base = (env.POSTAL_ORIGIN ?? "").trim().replace(/\/+$/, "");
  const signal = () => AbortSignal.timeout(POSTAL_ORIGIN_TIMEOUT_MS);
  if (base) return (prefix) => fetcher(`${base}/${prefix}.json`, { signal: signal() });
  const assetUrl = (prefix: string) => new URL(`/postal/${prefix}.json`, requestUrl).toString();
  const assets = env.ASSETS;
  if (assets && !viteDev) return (prefix) => assets.fetch(assetUrl(prefix));
  return (prefix) => fetcher(assetUrl(prefix), { signal: signal() });
}

/** The address of a postal code as typed (server side: the 住所を検索 button without JS). */
export async function lookUpAddress(deps: PostalDeps, input: string): Promise<PostalLookupResult> {
  const code = postalCodeToLookUp(input);
  if (!code) return EMPTY_POSTAL_RESULT;
  const { data } = await loadPostalPrefix(deps, postalPrefix(code));
  return lookUpPostalCode(data, code);
}
