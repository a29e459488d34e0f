/**
 * The checkout's coupon and points buttons without JS, and Enter in any of its fields. The buttons are
 * buttons of the order form (each with its intent), so what the shopper typed comes back with their result;
 * they change the cart through the cart page's own services. Their fields keep the cart page's names:
 * `code` and `amount`.
 */
import * as v from "valibot";
import { OptionalTextSchema } from "~/core/validation";
import { applyCoupon, applyPoints, removeCoupon, type CartActionResult } from "~/services/cart/cart-actions.server";
import type { CartActor } from "~/services/cart/cart.server";
import { readInput, type InputRead } from "~/web/input.server";
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

async function runCartControl(actor: CartActor, intent: CartControlIntent, read: InputRead<TypedControls>): Promise<CartActionResult> {
  if (read.ok) return CART_CONTROLS[intent](actor, read.input);
  return { ok: false, field: intent.endsWith("coupon") ? "coupon" : "points", error: read.error, status: 400 };
}

function answerOf(intent: CartControlIntent, result: CartActionResult): CartControlAnswer {
  return result.ok
    ? { outcome: { ok: true, intent }, status: 200 }
    : { outcome: { ok: false, intent, field: result.field, error: result.error }, status: result.status };
}

export async function applyCartControl(actor: CartActor, intent: CartControlIntent, form: FormData): Promise<CartControlAnswer> {
  return answerOf(intent, await runCartControl(actor, intent, readInput(TypedControlsSchema, form)));
}

/**
 * Enter (the no-JS form's default button, a phone keyboard's 確定 too): the coupon code and the points
 * typed in their fields are applied, in that order; the first refusal is the answer.
 */
export async function applyTypedCartControls(actor: CartActor, form: FormData): Promise<CartControlAnswer> {
  const applied = await applyTypedCodeAndPoints(actor, form);
  return applied ? answerOf(applied.intent, applied.result) : { status: 200 };
}

/**
 * The coupon code and the points typed in their fields (`code`, `amount`), applied in that order, those
 * left empty skipped: the last one applied, or the first refusal (the checkout's and the cart's Enter).
 * Null when both were empty.
 */
export async function applyTypedCodeAndPoints(actor: CartActor, form: FormData): Promise<{ intent: CartControlIntent; result: CartActionResult } | null> {
  const read = readInput(TypedControlsSchema, form);
  let applied: { intent: CartControlIntent; result: CartActionResult } | null = null;
  for (const [intent, field] of [
    ["coupon", "code"],
    ["points", "amount"],
  ] as const) {
    if (read.ok && read.input[field].trim() === "") continue;
    applied = { intent, result: await runCartControl(actor, intent, read) };
    if (!applied.result.ok) break;
  }
  return applied;
}
