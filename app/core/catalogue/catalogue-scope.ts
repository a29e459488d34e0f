/**
 * Who may change which part of the catalogue. Staff edit every product; a merchant's login edits only the
 * products (and their variations, photos, stock and prices) whose `merchant_id` is its merchant. Services
 * take the scope and add it to the SQL of every read and write, so another merchant's product is simply
 * not found (404), never shown or changed.
 */
export type CatalogueScope = { kind: "staff" } | { kind: "merchant"; merchantId: number };

/** Who made a change, as stock and price histories record it. */
export interface CatalogueActor {
  userId: number;
  name: string;
}

export const STAFF_SCOPE: CatalogueScope = { kind: "staff" };

export function merchantScope(merchantId: number): CatalogueScope {
  return { kind: "merchant", merchantId };
}

/** The merchant a new product of this scope belongs to (null = the shop's own, shipped from the warehouse unless set). */
export function scopeMerchantId(scope: CatalogueScope): number | null {
  return scope.kind === "merchant" ? scope.merchantId : null;
}
