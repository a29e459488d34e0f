/** Prices of catalogue items, tax included. The full engine (options, tiers, coupons) builds on this. */
export interface PricedItem {
  regularPrice: number;
  discountPrice: number | null;
}

/** What the shopper pays per item: the sale price while there is one, else the regular price. */
export function sellingPrice(item: PricedItem): number {
  return item.discountPrice != null && item.discountPrice < item.regularPrice ? item.discountPrice : item.regularPrice;
}
