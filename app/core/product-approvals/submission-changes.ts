/**
 * What a submission changes, field by field, as the staff review page and the merchant's mails show it:
 * before → after of every field of the editor's form that differs (name, prices, description, category,
 * variations, options …). Stock is not compared: after creation it moves on the stock page, not through
 * a submission. Pure; the names of categories, features and tags come from the caller.
 */
import { formatYen } from "../money";
import {
  COLDSHIPPING_LABELS,
  OPTION_TYPE_LABELS,
  PRODUCT_TYPE_LABELS,
  TAX_RATE_LABELS,
  VARIATION_STATUS_LABELS,
  VARIATION_TYPE_LABELS,
} from "../catalogue/product-form-choices";
import type { OptionForm, ProductForm, VariationForm } from "../catalogue/product-form";

export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** Names of the records a form refers to by id. */
export interface ChangeNames {
  categories: ReadonlyMap<number, string>;
  features: ReadonlyMap<number, string>;
  tags: ReadonlyMap<number, string>;
}

const NONE = "（なし）";
const yen = (amount: number | null | undefined) => (amount == null ? NONE : formatYen(amount));
const flag = (on: boolean) => (on ? "はい" : "いいえ");
const text = (value: string | null | undefined) => (value == null || value === "" ? NONE : value);
const named = (names: ReadonlyMap<number, string>, ids: readonly number[]) => (ids.length === 0 ? NONE : ids.map((id) => names.get(id) ?? `#${id}`).join("、"));

type Field = { label: string; shown: (product: ProductForm, names: ChangeNames) => string };

const PRODUCT_FIELDS: Field[] = [
  { label: "商品名", shown: (p) => p.title },
  { label: "商品コード（SKU）", shown: (p) => p.sku },
  { label: "キャッチコピー", shown: (p) => text(p.catchcopy) },
  { label: "商品説明", shown: (p) => text(p.description) },
  { label: "商品の種類", shown: (p) => PRODUCT_TYPE_LABELS[p.type] },
  { label: "税率", shown: (p) => TAX_RATE_LABELS[String(p.taxRate) as keyof typeof TAX_RATE_LABELS] ?? `${p.taxRate}%` },
  { label: "通常価格（税込）", shown: (p) => yen(p.regularPrice) },
  { label: "セール価格（税込）", shown: (p) => yen(p.discountPrice) },
  { label: "参考価格", shown: (p) => yen(p.originalPrice) },
  { label: "メインカテゴリ", shown: (p, n) => named(n.categories, [p.primaryCategoryId]) },
  { label: "そのほかのカテゴリ", shown: (p, n) => named(n.categories, p.categoryIds) },
  { label: "特徴", shown: (p, n) => named(n.features, p.featureIds) },
  { label: "お悩みタグ", shown: (p, n) => named(n.tags, p.troubleTagIds) },
  { label: "シーンタグ", shown: (p, n) => named(n.tags, p.situationTagIds) },
  { label: "発送までの日数", shown: (p) => `${p.shippingDays}日` },
  { label: "配送情報を表示しない", shown: (p) => flag(p.hideShippingInfo) },
  { label: "クール便", shown: (p) => COLDSHIPPING_LABELS[p.coldshipping] },
  { label: "デジタル商品", shown: (p) => flag(p.isDigital) },
  { label: "賞味期限・使用期限", shown: (p) => text(p.expiry) },
  { label: "お届け間隔（定期）", shown: (p) => `${p.period}` },
  { label: "在庫わずかの目安", shown: (p) => (p.lowStockThreshold == null ? "ショップの既定値" : `${p.lowStockThreshold}点`) },
  { label: "予約の上限（1注文）", shown: (p) => `${p.preorderLimit}` },
  { label: "予約商品の発送予定日", shown: (p) => text(p.preorderShipDate) },
  { label: "予約を受け付けない", shown: (p) => flag(p.disablePreorder) },
  { label: "再入荷のお知らせを受け付けない", shown: (p) => flag(p.disableRequest) },
  { label: "定期購入できる", shown: (p) => flag(p.subscribe) },
  { label: "定期購入のみ", shown: (p) => flag(p.subscribeOnly) },
  {
    label: "定期購入の単価（税抜）",
    shown: (p) => (p.subscriptionPrices.length === 0 ? NONE : p.subscriptionPrices.map((t) => `${t.quantity}個〜 ${yen(t.unitPriceExclTax)}`).join("、")),
  },
  { label: "クーポン対象外", shown: (p) => flag(p.couponDisabled) },
  { label: "対象外のクーポン", shown: (p) => (p.excludedCouponCodes.length === 0 ? NONE : p.excludedCouponCodes.join("、")) },
  { label: "ギフト包装できない", shown: (p) => flag(p.disableWrapping) },
  { label: "お届けアイコン", shown: (p) => (p.deliveryIcon ? `${p.deliveryIcon}（${text(p.deliveryIconText)}）` : NONE) },
  { label: "バリエーションの見出し", shown: (p) => (p.type === "variation" ? p.variationHeading : NONE) },
];

function variationSummary(variation: VariationForm): string {
  const prices =
    variation.regularPrice == null
      ? "価格は商品と同じ"
      : `${yen(variation.regularPrice)}${variation.discountPrice == null ? "" : `（セール ${yen(variation.discountPrice)}）`}`;
  const choices = variation.choices.length
    ? ` / 選択肢: ${variation.choices.map((c) => `${c.groupTitle}：${c.title}${c.priceDiff ? `（${c.priceDiff > 0 ? "+" : ""}${yen(c.priceDiff)}）` : ""}`).join("、")}`
    : "";
  return `${variation.title}（${variation.sku}）・${prices}・${VARIATION_STATUS_LABELS[variation.status]}・${VARIATION_TYPE_LABELS[variation.type]}${choices}`;
}

function optionSummary(option: OptionForm): string {
  const choices = option.choices.map((c) => `${c.title}${c.fee ? `（+${yen(c.fee)}）` : ""}`).join("、");
  return `${option.title}（${OPTION_TYPE_LABELS[option.type]}${option.required ? "・必須" : ""}${option.active ? "" : "・使わない"}）: ${choices || NONE}`;
}

/** Rows matched by id when they have one (an existing row), else by `key` (a new variation's SKU, a new option's place). */
function rowChanges<T extends { id: number | null }>(
  label: (row: T) => string,
  before: readonly T[],
  after: readonly T[],
  key: (row: T, index: number) => string,
  summary: (row: T) => string,
): FieldChange[] {
  const keyOf = (row: T, index: number) => (row.id ? `id:${row.id}` : key(row, index));
  const beforeByKey = new Map(before.map((row, index) => [keyOf(row, index), row]));
  const changes: FieldChange[] = [];
  const seen = new Set<string>();
  after.forEach((row, index) => {
    const k = keyOf(row, index);
    seen.add(k);
    const was = beforeByKey.get(k);
    const [b, a] = [was ? summary(was) : NONE, summary(row)];
    if (b !== a) changes.push({ label: label(was ?? row), before: b, after: a });
  });
  before.forEach((row, index) => {
    if (!seen.has(keyOf(row, index))) changes.push({ label: label(row), before: summary(row), after: "（削除）" });
  });
  return changes;
}

/** Every difference between the product as it was (null: a product the submission creates) and the submission. */
export function submissionChanges(before: ProductForm | null, after: ProductForm, names: ChangeNames): FieldChange[] {
  const fields = PRODUCT_FIELDS.flatMap(({ label, shown }) => {
    const [was, is] = [before ? shown(before, names) : NONE, shown(after, names)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
  const variations = rowChanges(
    (row: VariationForm) => `バリエーション「${row.title}」`,
    before?.variations ?? [],
    after.variations,
    (row) => `sku:${row.sku}`,
    variationSummary,
  );
  const options = rowChanges(
    (row: OptionForm) => `オプション「${row.title}」`,
    before?.options ?? [],
    after.options,
    (_row, index) => `new:${index}`,
    optionSummary,
  );
  return [...fields, ...variations, ...options];
}

/** Whether a save changes nothing the form holds (stock aside): such an edit is not submitted. */
export function sameProduct(before: ProductForm, after: ProductForm): boolean {
  const empty: ChangeNames = { categories: new Map(), features: new Map(), tags: new Map() };
  return submissionChanges(before, after, empty).length === 0;
}
