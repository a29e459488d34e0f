/**
 * The product editor's choice lists and their Japanese labels (app/core/catalogue/product-form.ts reads them), apart from
 * the schema so a page that only shows a label (the product list) does not load Valibot.
 */
export const PRODUCT_TYPES = ["simple", "set", "variation"] as const;
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { simple: "通常商品", set: "セット商品", variation: "バリエーション商品" };
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const TAX_RATES = ["10", "8"] as const;
export const TAX_RATE_LABELS: Record<(typeof TAX_RATES)[number], string> = { "10": "10%（標準税率）", "8": "8%（軽減税率・食品）" };

export const SHIPPING_ORIGINS = ["warehouse", "merchant"] as const;
export const SHIPPING_ORIGIN_LABELS: Record<(typeof SHIPPING_ORIGINS)[number], string> = { warehouse: "当社倉庫から発送", merchant: "出品者から発送" };

export const COLDSHIPPING_MODES = ["none", "optional", "required"] as const;
export const COLDSHIPPING_LABELS: Record<(typeof COLDSHIPPING_MODES)[number], string> = {
  none: "常温のみ",
  optional: "クール便を選べる",
  required: "クール便のみ",
};

export const VARIATION_STATUSES = ["published", "draft", "archived"] as const;
export const VARIATION_STATUS_LABELS: Record<(typeof VARIATION_STATUSES)[number], string> = { published: "販売中", draft: "準備中", archived: "販売終了" };
export const VARIATION_TYPES = ["normal", "variable"] as const;
export const VARIATION_TYPE_LABELS: Record<(typeof VARIATION_TYPES)[number], string> = { normal: "選択肢なし", variable: "さらに選択肢を選ぶ（サイズ等）" };

export const OPTION_TYPES = ["list", "radio"] as const;
export const OPTION_TYPE_LABELS: Record<(typeof OPTION_TYPES)[number], string> = { list: "プルダウン", radio: "ラジオボタン" };

export const DELIVERY_ICON_TYPES = ["new", "other"] as const;
export const DELIVERY_ICON_TYPE_LABELS: Record<(typeof DELIVERY_ICON_TYPES)[number], string> = { new: "NEW 表示あり", other: "通常" };
