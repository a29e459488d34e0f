/**
 * The product editor's pages and refusals (issue 17), pure: paths of the staff (/crm/products) and merchant
 * (/merchant/products) editors, the notices after a save, the messages of refusals that need the database
 * (an SKU taken by another product, a stale revision, a removed variation that was ordered), and how a
 * duplicate is named.
 */
import type { CatalogueScope } from "./catalogue-scope";

/** The editor's root path for a scope: staff edit at /crm/products, a merchant at /merchant/products. */
export function productEditorBase(scope: CatalogueScope): string {
  return scope.kind === "staff" ? "/crm/products" : "/merchant/products";
}

export function productEditorPaths(scope: CatalogueScope, productId?: number) {
  const base = productEditorBase(scope);
  return {
    list: base,
    create: `${base}/new`,
    edit: `${base}/${productId}`,
    images: `${base}/${productId}/images`,
    stock: `${base}/${productId}/stock`,
  };
}

export const PRODUCT_EDITOR_TEXT = {
  notFound: "商品が見つかりません。",
  stale: "他の人が先に更新しました。ページを読み込み直して、最新の内容に変更をやり直してください。",
  skuTaken: "このSKUはほかの商品ですでに使われています",
  skuTakenRace: "同じSKUが同時にほかの商品に登録されました。SKUを確認してください。",
  categoryUnknown: "選んだカテゴリが見つかりません",
  featureUnknown: "選んだ特集が見つかりません",
  tagUnknown: "選んだお悩み・シーンが見つかりません",
  merchantUnknown: "選んだ出品者が見つかりません",
  couponUnknown: (codes: readonly string[]) => `クーポンコード ${codes.join("、")} が見つかりません`,
  rowNotOwned: "フォームの内容が古くなっています。ページを読み込み直してください。",
  variationOrdered: (title: string) => `バリエーション「${title}」は注文・定期便があるため削除できません。状態を「販売終了」にしてください。`,
  check: "入力内容をご確認ください。",
  stockOnStockPage: "在庫は在庫ページで入荷・修正として記録します。",
  newStockReason: "新規登録",
} as const;

export const PRODUCT_EDITOR_NOTICES = {
  created: "商品を下書きとして登録しました。内容を確認して公開してください。",
  saved: "商品を保存しました。",
  duplicated: "商品を複製しました（下書き・在庫0）。SKUと内容を確認してください。",
} as const;

export type ProductEditorNotice = keyof typeof PRODUCT_EDITOR_NOTICES;

/** Suffix of a duplicate's SKUs: -COPY, then -COPY2, -COPY3 … while the shorter one is taken. */
export function copySku(sku: string, attempt: number): string {
  const suffix = attempt <= 1 ? "-COPY" : `-COPY${attempt}`;
  return `${sku.slice(0, 64 - suffix.length)}${suffix}`;
}

export function copyTitle(title: string): string {
  return `${title}（コピー）`.slice(0, 200);
}
