/**
 * The shop settings in force: the newest row of shop_settings_versions (app/core/settings/shop-settings.ts).
 * Each save adds a version, only when the version the owner's form was based on is still the newest, so of
 * two owners saving at once one wins and the other is told (decision 0057).
 */
import { desc, sql, type SQL } from "drizzle-orm";
import { readShopSettings, type ShopSettings } from "~/core/settings/shop-settings";
import type { Database } from "~/db/client.server";
import { shopSettingsVersions } from "~/db/schema";

/** Versions the settings page lists (newest first). */
export const SETTINGS_HISTORY_LIMIT = 30;

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

/**
 * One whole-number setting of the version in force as an SQL value, for a condition that must follow the
 * settings in its own statement (the low-stock threshold): `fallback` when no version sets it. Uncorrelated,
 * so SQLite reads it once per statement. `path` is a JSON path of ShopSettings ("$.lowStockDefault").
 */
export function currentSettingSql(path: `$.${string}`, fallback: number): SQL<number> {
  return sql<number>`coalesce((select json_extract(${shopSettingsVersions.settings}, ${path}) from ${shopSettingsVersions} order by ${shopSettingsVersions.id} desc limit 1), ${fallback})`;
}

/** One saved version as the history shows it: who saved what, when. */
export interface SettingsVersion {
  id: number;
  settings: ShopSettings;
  changedByName: string;
  createdAt: Date;
}

/**
 * The settings page's data in one round trip: the newest versions (the first is in force; its id is what a
 * save is based on, 0 before any) and the one before the oldest listed, so every listed version can say what
 * it changed.
 */
export async function loadSettingsHistory(db: Database): Promise<{ versions: SettingsVersion[]; before: ShopSettings | null }> {
  const rows = await db
    .select({
      id: shopSettingsVersions.id,
      settings: shopSettingsVersions.settings,
      changedByName: shopSettingsVersions.changedByName,
      createdAt: shopSettingsVersions.createdAt,
    })
    .from(shopSettingsVersions)
    .orderBy(desc(shopSettingsVersions.id))
    .limit(SETTINGS_HISTORY_LIMIT + 1);
  const versions = rows.map((row) => ({ ...row, settings: readShopSettings(row.settings) }));
  const listed = versions.slice(0, SETTINGS_HISTORY_LIMIT);
  return { versions: listed, before: versions.length > SETTINGS_HISTORY_LIMIT ? versions[SETTINGS_HISTORY_LIMIT]!.settings : null };
}

export type SettingsSaveOutcome = { ok: true; versionId: number } | { ok: false; reason: "changed_meanwhile" };

/**
 * Adds `settings` as the newest version, written by `owner`, only if `basedOn` (the version the form showed;
 * 0 = none saved yet) is still the newest: the condition is in the INSERT itself, so two saves based on the
 * same version cannot both land.
 */
export async function saveShopSettings(
  db: Database,
  settings: ShopSettings,
  basedOn: number,
  owner: { id: number; name: string },
  now: Date,
): Promise<SettingsSaveOutcome> {
  const table = shopSettingsVersions;
  const inserted = await db.all<{ id: number }>(sql`
    insert into ${table} (${sql.identifier(table.settings.name)}, ${sql.identifier(table.changedBy.name)}, ${sql.identifier(table.changedByName.name)}, ${sql.identifier(table.createdAt.name)})
    select ${JSON.stringify(settings)}, ${owner.id}, ${owner.name}, ${now.getTime()}
    where coalesce((select max(${table.id}) from ${table}), 0) = ${basedOn}
    returning ${table.id} as id`);
  const row = inserted[0];
  return row ? { ok: true, versionId: row.id } : { ok: false, reason: "changed_meanwhile" };
}
