/** Restocking by staff (/crm/stock): how much one restock may add, and the messages it answers with. */

/** Most items one restock may add. */
export const MAX_RESTOCK_QUANTITY = 99_999;

export const RESTOCK_MESSAGES = {
  sku: "SKUを半角英数字で入力してください。",
  quantity: `追加する数量は1〜${MAX_RESTOCK_QUANTITY.toLocaleString("ja-JP")}の整数で入力してください。`,
  productNotFound: "商品が見つかりません。",
  variationRequired: "この商品はタイプごとに在庫があります。タイプ（バリエーション）のSKUを指定してください。",
  variationNotFound: "指定されたタイプはこの商品にありません。",
  skuNotFound: "このSKUの商品・タイプは見つかりません。",
} as const;
