import { Link } from "@remix-run/react";
import { FieldErrors } from "~/components/forms/TextField";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import { labelledChoices } from "~/core/search/listing";
import { COLDSHIPPING_LABELS, DELIVERY_ICON_TYPE_LABELS, SHIPPING_ORIGIN_LABELS } from "~/core/catalogue/product-form-choices";
import { DELIVERY_ICON_NAMES } from "~/core/catalogue/product-notes";
import type { EditorChoices, EditorProductSummary, EditorScopeKind } from "~/web/types/catalogue-editor";
import { AddRowButton, Checkbox, child, recordOptions, RemoveRowButton, rowsOf, Section, SelectInput, TextInput, type FieldMeta } from "./EditorFields";

/** A variation product has no stock of its own (the schema refuses one): its stock is typed per variation. */
const VARIATION_STOCK_HINT = "バリエーション商品は空欄にして、バリエーションごとに入力します";

/** The threshold's hint, with the shop's default in force (the settings' 在庫わずかの既定値). */
const lowStockHint = (lowStockDefault: number) => `空欄ならショップの標準（${lowStockDefault}点）。バリエーション商品はバリエーションごとの在庫で見ます`;

const ICON_OPTIONS = [{ value: "", label: "なし（自動）" }, ...DELIVERY_ICON_NAMES.map((name) => ({ value: name, label: name }))];

/** Shipping, stock, pre-order, subscription, expiry and the delivery badge. */
export function ProductDeliverySection({
  fields,
  choices,
  scopeKind,
  product,
}: {
  fields: Record<string, FieldMeta>;
  choices: EditorChoices;
  scopeKind: EditorScopeKind;
  product: EditorProductSummary | null;
}) {
  const f = (key: string) => child(fields, key);
  return (
    <>
      <Section id="product-shipping" title="配送">
        {scopeKind === "staff" ? (
          <>
            <SelectInput field={f("shippingFrom")} label="発送元" options={labelledChoices(SHIPPING_ORIGIN_LABELS)} />
            <SelectInput field={f("merchantId")} label="出品者" options={recordOptions(choices.merchants, "当社の商品")} />
          </>
        ) : (
          <p className="m-0 text-sm sm:col-span-2">出品者（{choices.merchants[0]?.name}）から発送する商品として登録します。</p>
        )}
        <TextInput field={f("shippingDays")} label="発送までの日数" numeric hint="7日以上は予約商品として販売します" />
        <SelectInput field={f("coldshipping")} label="クール便" options={labelledChoices(COLDSHIPPING_LABELS)} />
        <Checkbox field={f("isDigital")} label="ダウンロード商品（配送なし）" />
        <Checkbox field={f("hideShippingInfo")} label="商品ページに配送の案内を表示しない" />
        <TextInput field={f("expiry")} label="賞味期限・使用期限" hint="例：製造日より180日" />
      </Section>
      <Section id="product-stock" title="在庫・予約">
        {product ? (
          <div className="grid gap-1 text-sm sm:col-span-2" data-testid="product-stock-readonly">
            <p className="m-0">
              在庫 <strong>{product.stock.inventory}</strong>点・予約在庫 <strong>{product.stock.inventoryPreorderMax}</strong>点
              {product.stock.variations.length > 0
                ? `（${product.stock.variations.map((variation) => `${variation.title} ${variation.inventory}点`).join("、")}）`
                : null}
            </p>
            <p className="m-0 text-xs text-gray-600">
              在庫は入荷・修正として記録するため、<Link to={product.paths.stock}>在庫ページ</Link>で変更してください。
            </p>
          </div>
        ) : (
          <>
            <TextInput field={f("inventory")} label="在庫数（登録時）" numeric testId="product-inventory" hint={VARIATION_STOCK_HINT} />
            <TextInput field={f("inventoryPreorderMax")} label="予約在庫数（登録時）" numeric hint={VARIATION_STOCK_HINT} />
          </>
        )}
        <TextInput
          field={f("lowStockThreshold")}
          label="在庫わずかの目安（この数以下で通知）"
          numeric
          testId="product-low-stock-threshold"
          hint={lowStockHint(choices.lowStockDefault)}
        />
        <TextInput field={f("preorderLimit")} label="1回に予約できる数" numeric hint="0なら予約を受け付けません" />
        <TextInput field={f("preorderShipDate")} label="予約品の発送予定日" hint="例：2026-05-01" />
        <Checkbox field={f("disablePreorder")} label="予約を受け付けない" />
        <Checkbox field={f("disableRequest")} label="再入荷のお知らせを受け付けない" />
      </Section>
      <Section id="product-subscription" title="定期便">
        <Checkbox field={f("subscribe")} label="定期便で購入できる" testId="product-subscribe" />
        <Checkbox field={f("subscribeOnly")} label="定期便のみで販売する" />
        <TextInput field={f("period")} label="お届け間隔（か月）" numeric />
        <SubscriptionTiers fields={fields} />
      </Section>
      <Section id="product-delivery-icon" title="配送アイコン">
        <SelectInput field={f("deliveryIcon")} label="アイコン" options={ICON_OPTIONS} />
        <SelectInput field={f("deliveryIconType")} label="種類" options={labelledChoices(DELIVERY_ICON_TYPE_LABELS)} />
        <TextInput field={f("deliveryIconText")} label="表示する文言" hint="例：新入荷・あす発送" />
      </Section>
    </>
  );
}

/** Tier unit prices (excl. tax) by quantity: from that quantity up; a larger quantity never costs more per item. */
function SubscriptionTiers({ fields }: { fields: Record<string, FieldMeta> }) {
  const list = child(fields, "subscriptionPrices");
  const tiers = rowsOf(list, fields);
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0 sm:col-span-2" data-testid="subscription-tiers">
      <legend className="mb-1 p-0 text-sm font-bold">数量ごとの定期便単価（税抜）</legend>
      <p className="m-0 text-xs text-gray-600">その数量以上の単価です。数量が多いほど同じか安い単価にしてください（1〜{MAX_SUBSCRIPTION_QUANTITY}個）。</p>
      {tiers.map(({ index, row }) => (
        <div key={index} className="flex flex-wrap items-start gap-2">
          <TextInput field={child(row, "quantity")} label={`数量（${index + 1}件目）`} numeric testId={`tier-${index}-quantity`} />
          <TextInput field={child(row, "unitPriceExclTax")} label="単価（税抜・円）" numeric testId={`tier-${index}-price`} />
          <RemoveRowButton name={list.name} index={index} label={`定期便価格${index + 1}件目を削除`} />
        </div>
      ))}
      <FieldErrors id={list.errorId} errors={list.errors} />
      {tiers.length < MAX_SUBSCRIPTION_QUANTITY ? (
        <div>
          <AddRowButton name={list.name} testId="add-tier">
            定期便価格を追加
          </AddRowButton>
        </div>
      ) : null}
    </fieldset>
  );
}
