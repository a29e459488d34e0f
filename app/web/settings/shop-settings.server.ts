/**
 * The shop settings a request reads (decision 0057): through the isolate's cache (app/core/settings/settings-cache.ts),
 * so a page pays no D1 round trip for them but once per isolate every 30 s; where money or a deadline is fixed
 * by them (placing an order), `freshSettings` reads the version in force now and refreshes the cache.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ShopSettings } from "~/core/settings/shop-settings";
import { loadShopSettings } from "~/services/settings/shop-settings.server";

type SettingsContext = Pick<AppLoadContext, "db" | "settingsCache">;

/** The settings in force as this isolate holds them (read when it holds none, or held for 30 s). */
export function settingsInForce(context: SettingsContext): Promise<ShopSettings> {
  return context.settingsCache.read(Date.now(), () => loadShopSettings(context.db));
}

/** The settings in force read now (one D1 round trip), kept for the isolate's next requests. */
export async function freshSettings(context: SettingsContext): Promise<ShopSettings> {
  const settings = await loadShopSettings(context.db);
  rememberSettings(context, settings);
  return settings;
}

/** Settings just read or saved: in force at once for this isolate's next requests (the others' caches follow within 30 s). */
export function rememberSettings(context: Pick<AppLoadContext, "settingsCache">, settings: ShopSettings): void {
  context.settingsCache.remember(settings, Date.now());
}
