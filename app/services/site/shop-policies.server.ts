/** The figures the legal and guide pages read from D1: each merchant's own shipping terms. */
import { asc } from "drizzle-orm";
import type { MerchantShippingRate } from "~/core/site/shop-policies";
import type { Database } from "~/db/client.server";
import { merchants } from "~/db/schema";

/** Every merchant's shipping fee and free-shipping threshold, in the order they joined (one D1 round trip). */
export async function loadMerchantShippingRates(db: Database): Promise<MerchantShippingRate[]> {
  return db
    .select({ name: merchants.name, shippingFee: merchants.shippingFee, freeShippingThreshold: merchants.freeShippingThreshold })
    .from(merchants)
    .orderBy(asc(merchants.id));
}
