// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
/**
 * The shop settings as one isolate keeps them between requests (decision 0057): every page's header and
 * footer, the legal pages and the mails read them, so they are read from D1 at most once per
 * SHOP_SETTINGS_CACHE_MS per isolate, and a save made in this isolate is in force here at once. The data
 * centre's other isolates take a save within the lifetime. Pure: the caller gives the time and the read.
 */
import type { ShopSettings } from "./shop-settings";

/** How long a read is used before the next request reads again. */
export const SHOP_SETTINGS_CACHE_MS = 30_000;

export class ShopSettingsCache {
  #held: { settings: Promise<ShopSettings>; until: number } | null = null;

  constructor(private readonly lifetimeMs = SHOP_SETTINGS_CACHE_MS) {}

  /** The settings held, or those `load` reads when none are held or they have expired (requests meanwhile share the one read). */
  read(now: number, load: () => Promise<ShopSettings>): Promise<ShopSettings> {
    if (this.#held && now < this.#held.until) return this.#held.settings;
    const held = { settings: load(), until: now + this.lifetimeMs };
    this.#held = held;
    // A failed read is not kept: the next request reads again.
    held.settings.catch(() => {
      if (this.#held === held) this.#held = null;
    });
    return held.settings;
  }

  /** What a save in this isolate stored: in force here from now. */
  remember(settings: ShopSettings, now: number): void {
    this.#held = { settings: Promise.resolve(settings), until: now + this.lifetimeMs };
  }
}
