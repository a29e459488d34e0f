/** The shop settings in force: the newest row of shop_settings_versions (app/core/settings/shop-settings.ts). */
import { desc } from "drizzle-orm";
import { readShopSettings, type ShopSettings } from "~/core/settings/shop-settings";
import type { Database } from "~/db/client.server";
import { shopSettingsVersions } from "~/db/schema";

/** The newest version as ONE unrun query, for a caller's own `db.batch([...])`; read it with `settingsFromRows`. */
export function currentSettingsQuery(db: Database) {
  return db.select({ settings: shopSettingsVersions.settings }).from(shopSettingsVersions).orderBy(desc(shopSettingsVersions.id)).limit(1);
}

export function settingsFromRows(rows: { settings: string }[]): ShopSettings {
  return readShopSettings(rows[0]?.settings);
}

export async function loadShopSettings(db: Database): Promise<ShopSettings> {
  return settingsFromRows(await currentSettingsQuery(db));
}
