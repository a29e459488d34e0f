import type { DeliveryPromise } from "~/core/delivery";
import { WRAPPING_FEE } from "~/core/limits";
import { formatYen } from "~/core/money";
import type { ProductView } from "~/services/product-page.server";

/**
 * Expiry, shipping, cold-shipping, digital and wrapping notes (spec screen 7). The shipping time is the
 * same promise as the delivery icon's (app/core/delivery): none while the item cannot be bought.
 */
export function ProductNotices({ product, delivery }: { product: ProductView["product"]; delivery: DeliveryPromise }) {
  const items: { label: string; text: string }[] = [];
  if (product.isDigital) {
    items.push({ label: "お届け", text: "ダウンロード商品です。ご注文後、マイページからダウンロードいただけます（配送はありません）。" });
  } else if (!product.hideShippingInfo) {
    const from = product.shippingFrom === "merchant" && product.merchantName ? `${product.merchantName}より直送` : "当店倉庫より発送";
    items.push({ label: "発送", text: delivery.text ? `${from}。${delivery.text}` : from });
  }
  if (product.coldshipping === "required") items.push({ label: "クール便", text: "要冷蔵のため、クール便でお届けします（別途クール便料金）。" });
  if (product.coldshipping === "optional") items.push({ label: "クール便", text: "カートでクール便をお選びいただけます（別途クール便料金）。" });
  if (product.expiry) items.push({ label: "賞味期限", text: product.expiry });
  if (product.subscribe) items.push({ label: "定期便", text: `${product.period}か月ごとにお届けします。` });
  items.push({
    label: "ギフト包装",
    text: product.wrappingAvailable ? `ギフトラッピング対応（1点${formatYen(WRAPPING_FEE)}・カートで選べます）` : "この商品はギフトラッピングをご利用いただけません。",
  });
  return (
    <dl className="m-0 grid grid-cols-[5rem_1fr] gap-x-2 gap-y-1 rounded bg-gray-50 p-3 text-sm" data-testid="product-notices">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-bold text-gray-700">{item.label}</dt>
          <dd className="m-0">{item.text}</dd>
        </div>
      ))}
    </dl>
  );
}
