/** The alert tests' set-up: the shop settings' staff alert lists, and the alert mails the outbox holds. */
import { asc, like } from "drizzle-orm";
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from "~/core/settings/shop-settings";
import { mailOutbox, shopSettingsVersions } from "~/db/schema";
import type { TestPlatform } from "./platform";

/** A new version of the shop settings in force with these staff alert lists (and digest hour). */
export async function setStaffAlerts(platform: TestPlatform, alerts: Partial<ShopSettings["alerts"]>): Promise<void> {
  const settings = { ...DEFAULT_SHOP_SETTINGS, alerts: { ...DEFAULT_SHOP_SETTINGS.alerts, ...alerts } };
  await platform.db.insert(shopSettingsVersions).values({ settings: JSON.stringify(settings), changedByName: "テスト" });
}

/** The outbox rows whose key starts with `prefix`, oldest first. */
export function outboxRows(platform: TestPlatform, prefix: string) {
  return platform.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.key, `${prefix}%`))
    .orderBy(asc(mailOutbox.id));
}
