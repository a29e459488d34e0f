/** Helpers of the product-approval tests (decision 0066): the owner's setting, a merchant's product, the decisions' frame. */
import { and, asc, desc, eq } from "drizzle-orm";
import { merchantScope, STAFF_SCOPE } from "~/core/catalogue/catalogue-scope";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { products, productSubmissions } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { catalogueProducts } from "~/services/catalogue/catalogue-records.server";
import { loadShopSettings, saveShopSettings } from "~/services/settings/shop-settings.server";
import { shopSettingsVersions } from "~/db/schema";
import { MERCHANT_ID, MERCHANT_USER_ID, OWNER_ID, STAFF_ID } from "~/services/seed/people";
import type { TestPlatform } from "./platform";
import { contextFor, TEST_ORIGIN } from "./requests";

export const MERCHANT_ACTOR = { userId: MERCHANT_USER_ID, name: "十勝 花子" };
export const STAFF_ACTOR = { userId: STAFF_ID, name: "スタッフ 一郎" };
export const MERCHANT_SCOPE = merchantScope(MERCHANT_ID) as Extract<ReturnType<typeof merchantScope>, { kind: "merchant" }>;
export const FRAME: EmailFrame = { origin: TEST_ORIGIN, shop: DEFAULT_SHOP_SETTINGS };

/** The owner turns merchant product approval on or off (a new settings version, in force in the test's isolate too). */
export async function setApproval(platform: TestPlatform, on: boolean): Promise<void> {
  const settings = { ...(await loadShopSettings(platform.db)), merchantProductApproval: on };
  const [newest] = await platform.db.select({ id: shopSettingsVersions.id }).from(shopSettingsVersions).orderBy(desc(shopSettingsVersions.id)).limit(1);
  const saved = await saveShopSettings(platform.db, settings, newest?.id ?? 0, { id: OWNER_ID, name: "日向 太郎" }, new Date());
  if (!saved.ok) throw new Error("settings not saved");
  contextFor(platform).settingsCache.remember(settings, Date.now());
}

/** The merchant's published product with this SKU, as the editor's form holds it. */
export async function liveProduct(platform: TestPlatform, sku: string) {
  const [row] = await platform.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  const [product] = await catalogueProducts(platform.db, STAFF_SCOPE, [row!.id]);
  return { ...product!, id: row!.id, revision: product!.revision! };
}

export function submissionsOf(platform: TestPlatform, productId: number) {
  return platform.db.select().from(productSubmissions).where(eq(productSubmissions.productId, productId)).orderBy(asc(productSubmissions.id));
}

export async function pendingOf(platform: TestPlatform, productId: number) {
  const [row] = await platform.db
    .select()
    .from(productSubmissions)
    .where(and(eq(productSubmissions.productId, productId), eq(productSubmissions.status, "pending")));
  return row ?? null;
}
