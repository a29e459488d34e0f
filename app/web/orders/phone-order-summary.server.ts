/**
 * A 受注登録 draft written out for its pages (decision 0065): the customer, the lines and amounts as the cart's
 * engine priced them, where it ships, the delivery wish and payment — the same summary on the draft's page
 * and its confirmation page.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describeAddress } from "~/core/address/address-book";
import type { AddressColumns } from "~/core/address/address-records";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { formatDateJa } from "~/core/dates";
import { formatCount, formatYen } from "~/core/money";
import { reductionText } from "~/core/orders/order-edits";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { PHONE_ORDER_CHANNELS, PHONE_ORDER_MESSAGES } from "~/core/orders/phone-orders";
import type { SessionUser } from "~/services/account/sessions.server";
import { openPhoneOrder, type OpenPhoneOrder, type PhoneOrderStaff, type PhoneOrderView } from "~/services/orders/phone-orders.server";
import { orderActorOf } from "../account/auth.server";
import { invariantResponse } from "../http.server";
import type { PhoneOrderSummary } from "../types/phone-orders";

export const PHONE_ORDER_PATH = `${ORDER_DESK_PATH}/new`;
export const phoneOrderPath = (id: string) => `${PHONE_ORDER_PATH}/${id}`;

const DRAFT_ID = /^[0-9a-f-]{36}$/;

export function staffOf(user: SessionUser): PhoneOrderStaff {
  return { ...orderActorOf(user), userId: user.id };
}

/** The signed-in staff member's draft named by the URL, or a 404 page saying it is gone. */
export async function requireDraft(context: AppLoadContext, user: SessionUser, rawId: string | undefined, now: Date): Promise<OpenPhoneOrder> {
  const open = rawId && DRAFT_ID.test(rawId) ? await openPhoneOrder(context.db, staffOf(user), rawId, now) : null;
  invariantResponse(open, PHONE_ORDER_MESSAGES.draftNotFound, { status: 404 });
  return open;
}

export function addressText(address: AddressColumns): string {
  const { postal, street } = describeAddress({ ...address, postal_code: address.postalCode });
  return `${postal} ${street} ${address.lastname} ${address.firstname} 様（${address.phone}）`;
}

/** The draft as both pages show it. */
export function phoneOrderSummary(open: OpenPhoneOrder, page: PhoneOrderView, missing: string[]): PhoneOrderSummary {
  const { view, customer, addresses } = page;
  const { cart } = view;
  const { draft } = open;
  const saved = draft.address && "savedId" in draft.address ? addresses.find((address) => address.id === (draft.address as { savedId: number }).savedId) : null;
  const shipTo = draft.address ? ("typed" in draft.address ? addressText(draft.address.typed) : saved ? addressText(saved) : null) : null;
  const wish = [draft.deliveryDate ? formatDateJa(draft.deliveryDate) : null, draft.deliveryTimeSlot].filter(Boolean).join(" ");
  return {
    id: open.id,
    customer,
    channelLabel: PHONE_ORDER_CHANNELS[draft.channel],
    lines: cart.list.map((line) => {
      const detail = view.lines.find((item) => item.lineId === line.id);
      return {
        id: line.id,
        title: line.title,
        detail: [detail?.choiceLabel, detail?.optionsLabel].filter(Boolean).join(" / "),
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        total: line.total,
        maxQuantity: line.maxQuantity,
        unavailable: !line.available,
      };
    }),
    amounts: [
      { label: "商品小計", value: formatYen(cart.subtotal) },
      { label: "送料", value: formatYen(cart.shipping_fee + cart.coldshipping_total + cart.split_shipping_fee) },
      { label: "ギフト包装", value: formatYen(cart.wrapping) },
      { label: "手数料", value: formatYen(cart.extra_fee) },
      { label: "クーポン割引", value: reductionText(cart.discount_coupon) },
      { label: "ポイント利用", value: reductionText(cart.points) },
      { label: "お支払い合計（税込）", value: formatYen(cart.total) },
      ...(customer.memberId != null ? [{ label: "獲得予定ポイント", value: `${formatCount(cart.total_points)}pt` }] : []),
    ],
    shipTo,
    delivery: wish || "指定なし（最短でお届け）",
    paymentLabel: view.paymentMethod ? PAYMENT_METHODS[view.paymentMethod].label : null,
    memo: draft.memo,
    missing,
  };
}
