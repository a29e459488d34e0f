/**
 * The checkout's coupon and points buttons without JS, and Enter in any of its fields. The buttons are
 * buttons of the order form (each with its intent), so what the shopper typed comes back with their result;
 * they change the cart through the cart page's own services. Their fields keep the cart page's names:
 * `code` and `amount`.
 */
import * as v from "valibot";
import { OptionalTextSchema } from "~/core/validation";
import { applyCoupon, applyPoints, removeCoupon, type CartActionResult } from "~/services/cart-actions.server";
import type { CartActor } from "~/services/cart.server";
import { readInput } from "~/web/input.server";
import type { CartControlOutcome } from "~/web/types/checkout";

export interface CartControlAnswer {
  /** Absent when Enter had nothing to apply. */
  outcome?: CartControlOutcome;
  /** The page's status: the refusal's (400, 401, 404, 409, 429) or 200. */
  status: number;
}

/** The typed coupon code and points, judged by applyCoupon and applyPoints. */
const TypedControlsSchema = v.object({ code: OptionalTextSchema, amount: OptionalTextSchema });
type TypedControls = v.InferOutput<typeof TypedControlsSchema>;

const CART_CONTROLS = {
  coupon: (actor, typed) => applyCoupon(actor, typed.code),
  remove_coupon: (actor) => removeCoupon(actor),
  points: (actor, typed) => applyPoints(actor, typed.amount),
  remove_points: (actor) => applyPoints(actor, "0"),
} satisfies Record<string, (actor: CartActor, typed: TypedControls) => Promise<CartActionResult>>;

export type CartControlIntent = keyof typeof CART_CONTROLS;

export function isCartControlIntent(intent: unknown): intent is CartControlIntent {
  return typeof intent === "string" && Object.hasOwn(CART_CONTROLS, intent);
}

export async function applyCartControl(actor: CartActor, intent: CartControlIntent, form: FormData): Promise<CartControlAnswer> {
  const read = readInput(TypedControlsSchema, form);
  const result: CartActionResult = read.ok
    ? await CART_CONTROLS[intent](actor, read.input)
    : { ok: false, field: intent.endsWith("coupon") ? "coupon" : "points", error: read.error, status: 400 };
  return result.ok
    ? { outcome: { ok: true, intent }, status: 200 }
    : { outcome: { ok: false, intent, field: result.field, error: result.error }, status: result.status };
}

/**
 * Enter (the no-JS form's default button, a phone keyboard's 確定 too): the coupon code and the points
 * typed in their fields are applied, in that order; the first refusal is the answer.
 */
export async function applyTypedCartControls(actor: CartActor, form: FormData): Promise<CartControlAnswer> {
  let answer: CartControlAnswer = { status: 200 };
  const read = readInput(TypedControlsSchema, form);
  for (const [intent, field] of [
    ["coupon", "code"],
    ["points", "amount"],
  ] as const) {
    if (read.ok && read.input[field].trim() === "") continue;
    answer = await applyCartControl(actor, intent, form);
    if (answer.outcome?.ok === false) break;
  }
  return answer;
}
