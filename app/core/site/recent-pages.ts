/**
 * The edge cache's copies in this isolate's memory (decision 0031): a page the Cache API answered fresh is
 * kept here for a few seconds, so the next requests for it skip the Cache API's lookup. Pure: the caller
 * gives the time; app/web/site/edge-cache.server.ts keeps one per isolate.
 */
import { EDGE_CACHE_FRESH_SECONDS } from "~/core/site/edge-cache";

/**
 * How long a copy is answered from memory. A purge reaches the Cache API and this isolate's memory, not
 * the memory of the data centre's other isolates, so this is how much later than the editor's own isolate
 * they can stop showing a purged page. Never past the stored copy's freshness either.
 */
export const RECENT_PAGE_SECONDS = 5;

/** Pages kept at most (the oldest go first): a catalogue document is 50–65 KB, so a few MB per isolate. */
export const RECENT_PAGE_LIMIT = 100;

interface Kept<T> {
  page: T;
  /** When the stored copy was rendered: past its freshness the Cache API decides again (STALE, refresh). */
  storedAt: number;
  keptAt: number;
}

export class RecentPages<T> {
  readonly #pages = new Map<string, Kept<T>>();

  constructor(private readonly limit = RECENT_PAGE_LIMIT) {}

  /** The page kept under `key` while it is recent and its stored copy still fresh; else nothing (and it goes). */
  get(key: string, now: number): T | undefined {
    const kept = this.#pages.get(key);
    if (!kept) return undefined;
    if (now - kept.keptAt < RECENT_PAGE_SECONDS * 1000 && now - kept.storedAt < EDGE_CACHE_FRESH_SECONDS * 1000) return kept.page;
    this.#pages.delete(key);
    return undefined;
  }

  keep(key: string, page: T, storedAt: number, now: number): void {
    this.#pages.delete(key);
    this.#pages.set(key, { page, storedAt, keptAt: now });
    // A Map iterates in insertion order: the first key is the oldest kept.
    if (this.#pages.size > this.limit) this.#pages.delete(this.#pages.keys().next().value!);
  }

  forget(key: string): void {
    this.#pages.delete(key);
  }

  get size(): number {
    return this.#pages.size;
  }
}
