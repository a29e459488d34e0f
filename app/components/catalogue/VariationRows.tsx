import { FieldErrors } from "~/components/forms/TextField";
import { labelledChoices } from "~/core/search/listing";
import { VARIATION_STATUS_LABELS, VARIATION_TYPE_LABELS } from "~/core/catalogue/product-form-choices";
import { DELIVERY_ICON_NAMES } from "~/core/catalogue/product-notes";
import { AddRowButton, child, RemoveRowButton, rowsOf, SelectInput, textOf, TextInput, type FieldMeta } from "./EditorFields";

const ICON_OPTIONS = [{ value: "", label: "商品と同じ" }, ...DELIVERY_ICON_NAMES.map((name) => ({ value: name, label: name }))];

/**
 * The variations of a バリエーション商品, each with its own SKU, prices (empty = the product's), first stock
 * (new rows only: afterwards on the stock page), and — for a 「さらに選択肢を選ぶ」 variation — its choices.
 */
export function VariationRows({ fields }: { fields: Record<string, FieldMeta> }) {
  const list = child(fields, "variations");
  const variations = rowsOf(list, fields);
  return (
    <section aria-labelledby="product-variations" className="card mt-4 p-4" data-testid="variation-rows">
      <h2 id="product-variations" className="m-0 mb-1 text-base">
        バリエーション
      </h2>
      <p className="m-0 mb-3 text-xs text-gray-600">
        「バリエーション商品」のときに1つ以上登録します（色・容量など）。価格を空欄にすると商品の価格で販売します。
      </p>
      <div className="mb-3 grid sm:grid-cols-3">
        <TextInput
          field={child(fields, "variationHeading")}
          label="選択欄の見出し（例：カラー）"
          hint="商品ページでバリエーションを選ぶ欄の見出しです（全バリエーション共通）"
          testId="variation-heading"
        />
      </div>
      <FieldErrors id={list.errorId} errors={list.errors} />
      {variations.map(({ index, row }) => {
        const f = (key: string) => child(row, key);
        const saved = textOf(f("id").initialValue) !== "";
        return (
          <fieldset key={index} className="mb-3 grid gap-3 rounded border border-solid border-gray-200 p-3 sm:grid-cols-3" data-testid={`variation-${index}`}>
            <legend className="px-1 text-sm font-bold">バリエーション {index + 1}</legend>
            <input type="hidden" name={f("id").name} value={textOf(f("id").initialValue)} />
            <TextInput field={f("sku")} label="SKU" required testId={`variation-${index}-sku`} />
            <TextInput field={f("title")} label="名前（例：ネイビー）" required testId={`variation-${index}-title`} />
            <SelectInput field={f("status")} label="状態" options={labelledChoices(VARIATION_STATUS_LABELS)} />
            <SelectInput field={f("type")} label="選択肢" options={labelledChoices(VARIATION_TYPE_LABELS)} testId={`variation-${index}-type`} />
            <TextInput field={f("regularPrice")} label="通常価格（税込・円）" numeric />
            <TextInput field={f("discountPrice")} label="セール価格（税込・円）" numeric />
            {saved ? (
              <p className="m-0 self-end text-xs text-gray-600">在庫は在庫ページで変更します。</p>
            ) : (
              <>
                <TextInput field={f("inventory")} label="在庫数（登録時）" numeric testId={`variation-${index}-inventory`} />
                <TextInput field={f("inventoryPreorderMax")} label="予約在庫数（登録時）" numeric />
              </>
            )}
            <TextInput field={f("maxSubscription")} label="定期便の上限数" numeric />
            <TextInput field={f("expiry")} label="賞味期限・使用期限" />
            <SelectInput field={f("deliveryIcon")} label="配送アイコン" options={ICON_OPTIONS} />
            <ChoiceRows variation={row} fields={fields} variationIndex={index} />
            <div className="sm:col-span-3">
              <RemoveRowButton name={list.name} index={index} label={`バリエーション${index + 1}を削除`} />
            </div>
          </fieldset>
        );
      })}
      <AddRowButton name={list.name} testId="add-variation">
        バリエーションを追加
      </AddRowButton>
    </section>
  );
}

/** The choices of a variable variation (e.g. sizes), each with its SKU, price difference and own stock (optional). */
function ChoiceRows({ variation, fields, variationIndex }: { variation: FieldMeta; fields: Record<string, FieldMeta>; variationIndex: number }) {
  const list = child(variation, "choices");
  const choices = rowsOf(list, fields);
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0 sm:col-span-3">
      <legend className="mb-1 p-0 text-sm font-bold">選択肢（「さらに選択肢を選ぶ」とき）</legend>
      <FieldErrors id={list.errorId} errors={list.errors} />
      {choices.map(({ index, row }) => {
        const f = (key: string) => child(row, key);
        const saved = textOf(f("id").initialValue) !== "";
        return (
          <div key={index} className="flex flex-wrap items-start gap-2" data-testid={`variation-${variationIndex}-choice-${index}`}>
            <input type="hidden" name={f("id").name} value={textOf(f("id").initialValue)} />
            <TextInput field={f("sku")} label="SKU" required />
            <TextInput field={f("groupTitle")} label="見出し（例：サイズ）" required />
            <TextInput field={f("title")} label="名前（例：M）" required />
            <TextInput field={f("priceDiff")} label="価格差（円）" numeric />
            {saved ? null : <TextInput field={f("inventory")} label="専用在庫（空欄で共有）" numeric />}
            <RemoveRowButton name={list.name} index={index} label={`選択肢${index + 1}を削除`} />
          </div>
        );
      })}
      <div>
        <AddRowButton name={list.name}>選択肢を追加</AddRowButton>
      </div>
    </fieldset>
  );
}
