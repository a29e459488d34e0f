import { labelledChoices } from "~/core/search/listing";
import { PRODUCT_TYPE_LABELS, TAX_RATE_LABELS } from "~/core/catalogue/product-form-choices";
import type { EditorChoices } from "~/web/types/catalogue-editor";
import { Checkbox, CheckboxGroup, child, recordOptions, Section, SelectInput, TextArea, TextInput, type FieldMeta } from "./EditorFields";

/** Name, type, prices and where the product is listed. */
export function ProductBasicsSection({ fields, choices }: { fields: Record<string, FieldMeta>; choices: EditorChoices }) {
  const f = (key: string) => child(fields, key);
  return (
    <>
      <Section id="product-basics" title="基本情報">
        <TextInput field={f("sku")} label="SKU（商品コード）" required hint="半角英数字・ハイフン・アンダースコア（64文字以内）" testId="product-sku" />
        <SelectInput field={f("type")} label="商品の種類" options={labelledChoices(PRODUCT_TYPE_LABELS)} testId="product-type" />
        <TextInput field={f("title")} label="商品名" required wide testId="product-title" />
        <TextInput field={f("catchcopy")} label="キャッチコピー" wide />
        <TextArea field={f("description")} label="商品説明（HTML可・保存時に安全な形に整えます）" />
      </Section>
      <Section id="product-prices" title="価格・税率">
        <SelectInput field={f("taxRate")} label="消費税率" options={labelledChoices(TAX_RATE_LABELS)} />
        <TextInput field={f("regularPrice")} label="通常価格（税込・円）" required numeric testId="product-regular-price" />
        <TextInput field={f("discountPrice")} label="セール価格（税込・円）" numeric hint="セールしないときは空欄" />
        <TextInput field={f("originalPrice")} label="参考価格（税込・円）" numeric hint="「通常価格より◯円お得」の表示に使います。不要なら空欄" />
      </Section>
      <Section id="product-classification" title="カテゴリ・特集・タグ">
        <SelectInput
          field={f("primaryCategoryId")}
          label="メインカテゴリ"
          required
          options={recordOptions(choices.categories, "選んでください")}
          testId="product-category"
        />
        <CheckboxGroup field={f("categoryIds")} legend="ほかのカテゴリ" records={choices.categories} />
        <CheckboxGroup field={f("featureIds")} legend="特集" records={choices.features} />
        <CheckboxGroup field={f("troubleTagIds")} legend="お悩み" records={choices.troubles} />
        <CheckboxGroup field={f("situationTagIds")} legend="シーン" records={choices.situations} />
      </Section>
      <Section id="product-coupons" title="クーポン・ラッピング">
        <Checkbox field={f("couponDisabled")} label="この商品にはクーポンを使えない" />
        <Checkbox field={f("disableWrapping")} label="ギフトラッピングを受け付けない" />
        <TextInput
          field={f("excludedCouponCodes")}
          label="使えないクーポンのコード"
          wide
          hint="コードをカンマか空白で区切って入力（例：SPRING10, WELCOME500）"
        />
      </Section>
    </>
  );
}
