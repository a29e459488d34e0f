/**
 * Today's prices for an order edit (issue 38 item 1): a line added by SKU, or a changed line when staff chose
 * today's price over the order's — priced by the product engine for the order's customer, as the product page
 * and the cart price it, with the stock left for it.
 */
import type { EditedLine } from "~/core/orders/order-edit-pricing";
import { ORDER_EDIT_MESSAGES } from "~/core/orders/order-edits";
import type { Database } from "~/db/client.server";
import { loadPricedProduct, priceSelection } from "../catalogue/product-pricing.server";
import { findSkuForOrder, type OrderEditFacts } from "./order-edit-facts.server";

export interface LineEdit {
  /** The quantity each posted line should have (0 removes it); a line not posted stays as it is. */
  quantities: { lineId: number; quantity: number }[];
  added: { sku: string; quantity: number }[];
  /** Price the changed and added lines at today's price instead of the order's. */
  todaysPrice: boolean;
}

/** A product line priced now (today's price, what it is, where it ships from and the stock left). */
export type PricedItem = Omit<EditedLine, "lineId" | "quantity" | "wrapping" | "cancelled" | "subscribe" | "isPreorder"> & {
  choiceHasOwnStock: boolean;
  stockLeft: number;
};

type Priced = { ok: true; item: PricedItem } | { ok: false; error: string };

export const itemKey = (item: { productId: number; variationId: number | null; choiceSku: string | null }) =>
  `${item.productId}:${item.variationId ?? 0}:${item.choiceSku ?? ""}`;

/** A product (its variation, its choice) at today's price for the order's customer, or why it cannot be added. */
async function priceToday(
  db: Database,
  ref: { productId: number; variationId: number | null; choiceSku: string | null },
  userId: number | null,
  now: Date,
): Promise<Priced> {
  const shaped = await loadPricedProduct(db, { id: ref.productId }, { userId: userId ?? undefined, now });
  if (!shaped) return { ok: false, error: ORDER_EDIT_MESSAGES.productNotFound };
  const { price, selection } = priceSelection(
    shaped,
    { variationId: ref.variationId, choiceSku: ref.choiceSku, optionChoiceIds: [], quantity: 1, subscribe: false },
    now,
    {
      countCart: false,
    },
  );
  if (price.needs_variation || price.needs_choice) return { ok: false, error: ORDER_EDIT_MESSAGES.productNeedsChoice };
  if (shaped.options.some((option) => option.required)) return { ok: false, error: ORDER_EDIT_MESSAGES.productWithOptions };
  if (price.state !== "in_stock") return { ok: false, error: ORDER_EDIT_MESSAGES.productNotFound };
  const { product } = shaped;
  const { variation, choice } = selection;
  return {
    ok: true,
    item: {
      productId: product.id,
      variationId: variation?.id ?? null,
      choiceSku: choice?.sku ?? null,
      choiceHasOwnStock: choice?.inventory != null,
      sku: variation?.sku ?? product.sku,
      title: product.title,
      choiceLabel: [variation ? `${variation.vTitle}：${variation.title}` : null, choice ? `${choice.groupTitle}：${choice.title}` : null]
        .filter(Boolean)
        .join(" / "),
      optionsLabel: "",
      taxRate: product.taxRate,
      unitPrice: price.selling_price,
      shippingFrom: product.shippingFrom,
      merchantId: product.merchantId,
      coldshipping: product.coldshipping,
      isDigital: product.isDigital,
      disableWrapping: product.disableWrapping,
      couponDisabled: product.couponDisabled,
      stockLeft: price.inventory,
    },
  };
}

/** Today's price of every item the edit needs it for: each added SKU, and each changed line when staff chose today's price. */
export async function pricesNeeded(db: Database, facts: OrderEditFacts, edit: LineEdit, now: Date) {
  const added: Priced[] = [];
  for (const { sku } of edit.added) {
    const ref = await findSkuForOrder(db, sku);
    added.push(ref ? await priceToday(db, ref, facts.userId, now) : { ok: false, error: ORDER_EDIT_MESSAGES.productNotFound });
  }
  const today = new Map<string, PricedItem>();
  if (edit.todaysPrice) {
    for (const line of facts.lines.filter((candidate) => edit.quantities.some((posted) => posted.lineId === candidate.id))) {
      const priced = await priceToday(db, line, facts.userId, now);
      if (priced.ok) today.set(itemKey(line), priced.item);
    }
  }
  return { added, today };
}

export type EditPrices = Awaited<ReturnType<typeof pricesNeeded>>;
