/**
 * 受注登録's products: a search by SKU or name, each product with what its page offers to choose (variation,
 * choice, options) and a quantity, and the draft's lines with their quantities (0 removes). Plain forms.
 */
import { Form, useActionData } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { MAX_LINE_QUANTITY } from "~/core/limits";
import { formatYen } from "~/core/money";
import type { PhoneOrderActionData, PhoneOrderPageData, PhoneOrderProductChoice } from "~/web/types/phone-orders";

/**
 * What one of the draft's forms was refused, or that its post got no answer: the page is kept (the route
 * exports route-handlers' clientAction), and the form's own button sends it again with what is typed.
 */
export function PhoneOrderFormError({ form }: { form: PhoneOrderActionData["form"] | "address" }) {
  const refused = useActionData<PhoneOrderActionData>();
  const failed = useFormPostFailed(form);
  if (failed) return <ConnectionNotice failed />;
  if (!refused || !("form" in refused) || refused.form !== form) return null;
  return (
    <p role="alert" className="m-0 rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="phone-order-error">
      {refused.error}
    </p>
  );
}

function AddProductForm({ product }: { product: PhoneOrderProductChoice }) {
  const withChoices = product.variations.filter((variation) => variation.choices.length > 0);
  return (
    <Form method="post" className="grid gap-2 rounded border border-solid border-gray-200 p-2" data-testid="phone-order-product">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product" value={product.id} />
      <p className="m-0">
        <strong>{product.title}</strong> <span className="text-xs text-gray-700">{product.sku}</span>・{formatYen(product.price)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {product.variations.length > 0 ? (
          <label className="grid gap-1">
            <span className="text-xs">{product.variationHeading}</span>
            <select name="v" className="field w-fit" defaultValue="">
              <option value="">選択してください</option>
              {product.variations.map((variation) => (
                <option key={variation.id} value={variation.id}>
                  {variation.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {withChoices.length > 0 ? (
          <label className="grid gap-1">
            <span className="text-xs">サイズなど</span>
            <select name="c" className="field w-fit" defaultValue="">
              <option value="">選択してください</option>
              {withChoices.flatMap((variation) =>
                variation.choices.map((choice) => (
                  <option key={choice.sku} value={choice.sku}>
                    {variation.label} {choice.label}
                  </option>
                )),
              )}
            </select>
          </label>
        ) : null}
        {product.options.map((option) => (
          <label key={option.id} className="grid gap-1">
            <span className="text-xs">
              {option.title}
              {option.required ? "（必須）" : ""}
            </span>
            <select name={`o[${option.id}]`} className="field w-fit" defaultValue="">
              <option value="">{option.required ? "選択してください" : "なし"}</option>
              {option.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="grid gap-1">
          <span className="text-xs">数量</span>
          <input name="q" type="number" min={1} max={MAX_LINE_QUANTITY} defaultValue={1} className="field w-20" aria-label={`${product.title}の数量`} />
        </label>
        <button type="submit" className="btn-primary py-1 text-sm">
          追加する
        </button>
      </div>
    </Form>
  );
}

export function PhoneOrderItems({ page }: { page: PhoneOrderPageData }) {
  return (
    <div className="grid gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          <span className="text-xs">SKU または商品名</span>
          <input name="q" defaultValue={page.search.q} className="field" data-testid="phone-order-product-q" />
        </label>
        <button type="submit" className="btn-secondary py-1 text-sm">
          商品を検索
        </button>
      </Form>
      {page.search.q && page.search.products.length === 0 ? <p className="m-0">該当する商品は見つかりませんでした。</p> : null}
      {page.search.products.map((product) => (
        <AddProductForm key={product.id} product={product} />
      ))}
      <PhoneOrderFormError form="add" />
      {page.lines.length === 0 ? (
        <p className="m-0 text-gray-700">まだ商品がありません。</p>
      ) : (
        <table className="w-full border-collapse text-sm" data-testid="phone-order-lines">
          <thead>
            <tr className="border-b border-b-solid border-gray-300 text-left text-xs text-gray-700">
              <th className="py-1 pr-2">商品</th>
              <th className="py-1 pr-2 text-right">単価</th>
              <th className="py-1 pr-2">数量（0で削除）</th>
              <th className="py-1 text-right">小計</th>
            </tr>
          </thead>
          <tbody>
            {page.lines.map((line) => (
              <tr key={line.id} className="border-b border-b-solid border-gray-100 align-top" data-testid="phone-order-line">
                <td className="py-1 pr-2">
                  {line.title}
                  {line.detail ? <span className="block text-xs text-gray-700">{line.detail}</span> : null}
                  {line.unavailable ? <span className="block text-xs text-red-800">現在ご購入いただけません</span> : null}
                </td>
                <td className="py-1 pr-2 text-right">{formatYen(line.unitPrice)}</td>
                <td className="py-1 pr-2">
                  <Form method="post" className="flex items-center gap-1">
                    <input type="hidden" name="intent" value="line" />
                    <input type="hidden" name="line" value={line.id} />
                    <input
                      name="quantity"
                      type="number"
                      min={0}
                      max={MAX_LINE_QUANTITY}
                      defaultValue={line.quantity}
                      aria-label={`${line.title}の数量（0で削除）`}
                      className="field w-20"
                    />
                    <button type="submit" className="btn-secondary py-0.5 text-xs">
                      変更
                    </button>
                  </Form>
                </td>
                <td className="py-1 text-right">{formatYen(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PhoneOrderFormError form="line" />
    </div>
  );
}
