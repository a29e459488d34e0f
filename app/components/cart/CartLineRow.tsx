import type { CartLine } from "~/core/cart/cart";
import { formatYen } from "~/core/money";
import { cartLineAnchor } from "~/core/site/result-anchor";
import type { CartLineView } from "~/web/types/cart";
import type { CartPageError } from "./CartFetcherForm";
import { CartLineLabels } from "./CartLineLabels";
import { productImageSrc } from "~/core/catalogue/product-images";
import { island } from "../island";

// The row's controls (the quantity stepper, wrapping, buy later and remove) load their code after the first
// load, the server's forms standing in (see island).
const CartLineQuantity = island(() => import("./CartLineQuantity").then((module) => module.CartLineQuantity));
const CartLineWrapping = island(() => import("./CartLineParts").then((module) => module.CartLineWrapping));
const CartLineActions = island(() => import("./CartLineParts").then((module) => module.CartLineActions));
// So is a product-limited coupon's row total (the server's HTML meanwhile).
const CouponRowTotal = island(() => import("./CouponRowTotal").then((module) => module.CouponRowTotal));

/**
 * One cart row: picture and labels, unit price, quantity (view mode with a 変更 button, change mode
 * with the input; without JS the input is always shown), wrapping, buy later and remove. Removing asks
 * for confirmation inline (?remove=ID), which works with and without JS. Each control row wraps as a whole
 * on a narrow phone (360 px) instead of squeezing a label or button to one character per line.
 */
export function CartLineRow({
  line,
  view,
  loggedIn,
  confirmingRemove,
  pageError,
  pageNotice,
  onBuyLater,
}: {
  line: CartLine;
  view: CartLineView;
  loggedIn: boolean;
  /** Called once the row has been moved to buy later. */
  onBuyLater: () => void;
  confirmingRemove: boolean;
  pageError: CartPageError;
  /** A quantity forced into range by a post made without JS. */
  pageNotice: { line: number; message: string } | null;
}) {
  return (
    // The row is where a post about it comes back to without JS (#line-ID).
    <li id={cartLineAnchor(line.id)} className="list-none border-b border-b-solid border-gray-200 py-3" data-testid="cart-line" data-sku={view.sku}>
      <div className="grid grid-cols-[72px_1fr] gap-3">
        {view.picture ? (
          <img src={productImageSrc(view.picture, "s")} alt="" width={72} height={72} loading="lazy" className="h-18 w-18 rounded object-cover" />
        ) : (
          <span className="h-18 w-18 rounded bg-gray-100" />
        )}
        <div className="grid gap-1 text-sm">
          <CartLineLabels line={line} view={view} />
          <CartLineQuantity line={line} pageError={pageError} pageNotice={pageNotice} />
          <CartLineWrapping line={line} pageError={pageError} />

          <p className="m-0 font-bold" data-testid="line-total">
            小計 {formatYen(line.total + line.wrappingFee)}
          </p>
          <CouponRowTotal line={line} wrapping />

          <CartLineActions line={line} loggedIn={loggedIn} confirmingRemove={confirmingRemove} onBuyLater={onBuyLater} />
        </div>
      </div>
    </li>
  );
}
