/** Restocking by staff (/crm/stock, a receipt by SKU): the messages it answers with. Quantities follow app/core/catalogue/stock-adjustment.ts. */
import { STOCK_MESSAGES } from "./stock-adjustment";

export const RESTOCK_MESSAGES = {
  sku: "SKUを半角英数字で入力してください。",
  quantity: STOCK_MESSAGES.receiptQuantity,
  variationRequired: "この商品はタイプごとに在庫があります。タイプ（バリエーション）のSKUを指定してください。",
  skuNotFound: "このSKUの商品・タイプは見つかりません。",
} as const;
