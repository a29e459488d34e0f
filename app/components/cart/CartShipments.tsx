import type { CartLine } from "~/core/cart/cart";
import { formatYen } from "~/core/money";
import type { CartLoaderData } from "~/web/types/cart";
import type { CartPageError } from "./CartFetcherForm";
import { CartLineRow } from "./CartLineRow";

/** The cart's rows, by the shipment they go out in, then those that cannot be bought (which stop checkout). */
export function CartShipments({
  data,
  pageError,
  onBuyLater,
}: {
  data: CartLoaderData;
  pageError: CartPageError;
  /** Called each time a row has been moved to buy later. */
  onBuyLater: () => void;
}) {
  const { view, loggedIn } = data;
  const { cart } = view;
  const quantityNotice = data.redirectedNotice?.kind === "quantity" ? data.redirectedNotice : null;
  // A row the shop cut to the stock left says so, unless the shopper's own post says something about it.
  const noticeFor = (line: CartLine) =>
    quantityNotice?.line === line.id ? quantityNotice : (view.adjustedLines.find((adjusted) => adjusted.line === line.id) ?? quantityNotice);
  const row = (line: CartLine) => (
    <CartLineRow
      key={line.id}
      line={line}
      view={view.lines.find((item) => item.lineId === line.id)!}
      loggedIn={loggedIn}
      onBuyLater={onBuyLater}
      confirmingRemove={data.confirmRemove === line.id}
      pageError={pageError}
      pageNotice={noticeFor(line)}
    />
  );
  return (
    <div className="grid content-start gap-4">
      {cart.shipments.map((shipment) => (
        <section key={shipment.merchantId ?? "warehouse"} className="card p-3" aria-label={`${shipment.name}からのお届け`}>
          <h2 className="m-0 text-base">
            {shipment.from === "warehouse" ? "当店倉庫からお届け" : `${shipment.name}からお届け`}
            <span className="ml-2 text-xs font-normal text-gray-600">送料 {shipment.shippingFee === 0 ? "無料" : formatYen(shipment.shippingFee)}</span>
          </h2>
          <ul className="m-0 p-0">{cart.list.filter((line) => shipment.lineIds.includes(line.id)).map(row)}</ul>
        </section>
      ))}
      {cart.list.some((line) => !line.available) ? (
        <section className="card p-3" aria-label="購入できない商品">
          <h2 className="m-0 text-base">購入できない商品</h2>
          <p className="m-0 text-xs text-gray-600">在庫切れや販売終了の商品です。削除してからご購入手続きへお進みください。</p>
          <ul className="m-0 p-0">{cart.list.filter((line) => !line.available).map(row)}</ul>
        </section>
      ) : null}
    </div>
  );
}
