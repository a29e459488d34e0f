/** What the checkout route answers and its components read (types only: the browser bundle imports it). */
import type { SubmissionResult } from "@conform-to/react";
import type { AddressJson } from "~/core/address/address-form";
import type { subscriptionSchedule } from "~/core/checkout/checkout";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import type { CartField } from "~/services/cart/cart-actions.server";
import type { CartView } from "~/services/cart/cart-view.server";

/** What a coupon or points button of the checkout form did (no JS): the shape of the cart page's action result. */
export type CartControlOutcome = { ok: true; intent: string } | { ok: false; intent: string; field: CartField; error: string };

export type CheckoutActionData = SubmissionResult<string[]> & {
  lookupMessage?: { tone: "info" | "error"; text: string };
  /** What differs from the page the shopper confirmed (nothing was placed). */
  changes?: string[];
  /** What a coupon or points button did (no JS), read by that control as the cart page's action result. */
  cartControl?: CartControlOutcome;
};

export interface CheckoutLoaderData {
  /** The cart as priced now (its checkout draft stays on the server: `draft` carries it). */
  view: Omit<CartView, "checkoutDraft">;
  /** What was typed before one of the page's buttons led to another page: the form starts from it. */
  draft: CheckoutActionData | null;
  isMember: boolean;
  addresses: AddressJson[];
  /** A fresh token per checkout form: the same form submitted twice makes one order. */
  token: string;
  /** What this page shows of the order (orderFingerprint); it is placed only if the cart still prices the same. */
  shown: string;
  deliveryDates: string[];
  /** How each payment method is paid (the transfer days are the shop settings'). */
  paymentNotes: Record<PaymentMethod, string>;
  /** The first deliveries of the cart's subscription rows. */
  previews: ({ lineId: number } & ReturnType<typeof subscriptionSchedule>)[];
}
