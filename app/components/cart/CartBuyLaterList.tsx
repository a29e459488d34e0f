import { SAVED_ITEM_BADGES } from "~/core/member/saved-items";
import { CART_FORM_ID } from "~/core/site/result-anchor";
import type { CartLoaderData } from "~/web/types/cart";
import { CartFetcherForm, useCartFetcher, useOwningForm } from "./CartFetcherForm";

/** The member's buy-later list under the cart, each item with the button that moves it back. */
export function CartBuyLaterList({ items }: { items: CartLoaderData["view"]["buyLater"] }) {
  const moveBack = useCartFetcher();
  const owner = useOwningForm(CART_FORM_ID);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="buy-later-heading" className="mt-8">
      <h2 id="buy-later-heading" className="text-lg">
        あとで買う（{items.length}点）
      </h2>
      <ul className="m-0 grid gap-2 p-0">
        {items.map((item) => (
          <li key={item.id} className="card flex list-none items-center justify-between gap-2 p-2 text-sm" data-testid="buy-later-item">
            <span>{item.title}</span>
            {/* An item that cannot be bought now stays on the list, without a way into the cart. */}
            {item.unavailable ? (
              <span className="badge shrink-0 bg-gray-600 text-white" data-testid="saved-item-unavailable">
                {SAVED_ITEM_BADGES[item.unavailable]}
              </span>
            ) : (
              <CartFetcherForm fetcher={moveBack} intent="move_back">
                <input type="hidden" {...owner.recordField("item", { field: "item", id: item.id })} value={item.id} />
                <button type="submit" className="btn-secondary min-h-11 py-1 text-xs" {...owner.recordButton("move_back", { field: "item", id: item.id })}>
                  カートに戻す
                </button>
              </CartFetcherForm>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
