import { formatYen } from "~/core/money";
import type { PriceResult } from "~/core/catalogue/pricing";

/** The live price: unit price, sale/reference savings, and the total for the chosen quantity. */
export function PriceBox({ price, busy }: { price: PriceResult; busy: boolean }) {
  return (
    <div aria-live="polite" aria-busy={busy} className={`grid gap-1 ${busy ? "opacity-60" : ""}`} data-testid="price-box">
      <p className="m-0 flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold text-brand" data-testid="selling-price">
          {formatYen(price.selling_price)}
        </span>
        <span className="text-xs text-gray-600">（税込）</span>
        {price.original_price > price.selling_price ? (
          <del className="text-sm text-gray-500">
            <span className="sr-only">通常価格</span>
            {formatYen(price.original_price)}
          </del>
        ) : null}
      </p>
      {price.save_cash > 0 ? (
        <p className="m-0 text-sm font-bold text-brand">
          {formatYen(price.save_cash)}お得（{price.save_percent}%OFF）
        </p>
      ) : null}
      <p className="m-0 text-sm">
        {price.quantity}点で <strong data-testid="subtotal">{formatYen(price.subtotal)}</strong>
        <span className="text-xs text-gray-600">
          （うち消費税{price.tax_rate}% {formatYen(price.regular_tax)}）
        </span>
      </p>
    </div>
  );
}
