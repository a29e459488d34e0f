/**
 * The cart page's one form without JS (app/core/cart/cart-form.ts): its post read as the pressed control's own
 * form, the 備考 every press carries saved first, and Enter, which applies whatever was typed.
 */
import { asRecordPost, typedQuantities } from "~/core/cart/cart-form";
import { readShipmentNotices } from "~/core/orders/shipment-notices";
import { changeQuantity, saveNotices, type CartActionResult, type QuantityAdjustment } from "~/services/cart/cart-actions.server";
import type { CartActor } from "~/services/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { applyTypedCodeAndPoints } from "~/web/checkout/checkout-cart-controls.server";
import { readFormData } from "~/web/http.server";

/** A /cart post as the control pressed sends it (a row's button of the one form reads as the row's own form). */
export async function readCartPost(request: Request): Promise<FormData> {
  return asRecordPost(await readFormData(request));
}

/**
 * Saves the 備考 a post carries (every press of the cart's one form sends them), so the page that comes
 * back shows what was typed; a post without them (a fetcher's) leaves them as they are.
 */
export async function saveCarriedNotices(actor: CartActor, form: FormData): Promise<CartActionResult> {
  const notices = readShipmentNotices(form);
  if (notices.warehouse === undefined && notices.vendors.length === 0) return { ok: true };
  return saveNotices(actor, notices);
}

/**
 * Enter in a field of the one form (a phone keyboard's 確定 too) presses its first button, whichever field it
 * was: every row's quantity changed in its field is set, then the coupon code and points typed are applied.
 * The first refusal is the answer; else the first quantity the shop had to bring into range.
 */
export async function applyTypedEntries(actor: CartActor, form: FormData): Promise<CartActionResult> {
  const { cart } = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  let adjusted: QuantityAdjustment | undefined;
  for (const { line, typed } of typedQuantities(form)) {
    const row = cart.list.find((candidate) => candidate.id === line);
    if (!row || typed.trim() === String(row.quantity)) continue;
    const changed = await changeQuantity(actor, line, typed);
    if (!changed.ok) return changed;
    adjusted ??= changed.adjusted;
  }
  const applied = await applyTypedCodeAndPoints(actor, form);
  if (applied && !applied.result.ok) return applied.result;
  return adjusted ? { ok: true, adjusted } : { ok: true };
}
