/**
 * Leaving the checkout through its own buttons without losing what was typed. 「カートに戻って変更する」 and,
 * without JS, the address chooser's 編集 / 削除 / 新しいお届け先を追加 are buttons of the order form named
 * `leaveTo` (like `intent`, a field name the page and the action share) whose value is the page they
 * lead to: the action keeps the typed values on the cart (a draft) and goes there, and that page comes
 * back to /checkout (naming the address it saved, which is then chosen); the next checkout page starts
 * from the draft while it is fresh. Pure.
 */

/** How long the checkout keeps what a shopper typed for them (a draft, a held registration password). */
export const CHECKOUT_KEEP_MS = 60 * 60 * 1000;

/** A draft larger than this is not kept (no form of the page comes near it; a hostile post might). */
export const CHECKOUT_DRAFT_MAX_LENGTH = 16_000;

/** The pages a leaving button may name: the cart and the address book's own pages (never elsewhere). */
const CHECKOUT_EXITS = /^\/(?:cart|user\/profile\/addresses\/(?:new|[1-9]\d{0,8}\/(?:edit|delete)))$/;

/** Where a leaving button goes: the address pages come back to the checkout; anything unknown is null. */
export function checkoutExitPath(leaveTo: unknown): string | null {
  if (typeof leaveTo !== "string" || !CHECKOUT_EXITS.test(leaveTo)) return null;
  return leaveTo === "/cart" ? leaveTo : `${leaveTo}?redirectTo=${encodeURIComponent("/checkout")}`;
}

/**
 * The query parameter an address page comes back to the checkout with (`/checkout?addressId=12`): the
 * address it added or edited, which the checkout then chooses — named as the order form's field is.
 */
export const CHOSEN_ADDRESS_PARAM = "addressId";

/** A value as the form sent it: text, a list, or a group of named values (shipping.city → { shipping: { city } }). */
export type DraftValue = string | DraftValue[] | { [name: string]: DraftValue };
export type CheckoutDraft = Record<string, DraftValue>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The stored text of the typed values, or null when it is too large to keep. */
export function checkoutDraftText(values: CheckoutDraft, now: Date): string | null {
  const text = JSON.stringify({ savedAt: now.getTime(), values });
  return text.length <= CHECKOUT_DRAFT_MAX_LENGTH ? text : null;
}

/** The typed values of a stored draft while it is fresh; null when absent, stale or damaged. */
export function readCheckoutDraft(text: string | null | undefined, now: Date): CheckoutDraft | null {
  if (!text) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(stored) || typeof stored.savedAt !== "number" || !isRecord(stored.values)) return null;
  const age = now.getTime() - stored.savedAt;
  // Written by checkoutDraftText from the form's values only.
  return age >= 0 && age < CHECKOUT_KEEP_MS ? (stored.values as CheckoutDraft) : null;
}

/**
 * What the checkout starts from when an address page came back naming the address it saved: that saved
 * address chosen, everything else as it was typed (a one-off address too: the shopper decides).
 */
export function draftWithChosenAddress(draft: CheckoutDraft | null, addressId: number | null): CheckoutDraft | null {
  return addressId == null ? draft : { ...draft, [CHOSEN_ADDRESS_PARAM]: String(addressId) };
}
