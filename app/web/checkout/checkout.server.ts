/**
 * What the checkout form's POST does, whichever button sent it: 住所を検索, 手数料を反映して再計算, the
 * coupon and points buttons and Enter (the no-JS round trips), the buttons that lead to another page and
 * back (`leaveTo`), and 注文を確定する. Every way back to the page keeps what the shopper typed: the fields
 * come back in Conform's reply (or from the cart's draft after another page), the chosen payment method and
 * the 備考 are saved on the cart, and a registration password is held server-side (only its hash) instead of
 * being sent back.
 */
import type { SubmissionResult } from "@conform-to/react";
import { checkConformFields, parseSubmission } from "~/web/form-submission.server";
import * as v from "valibot";
import { newPasswordField, withSpecFieldNames } from "~/core/account/account-forms";
import { addressColumns } from "~/core/address/address-records";
import { CHECKOUT_MESSAGES, isDeliveryDateAllowed } from "~/core/checkout/checkout";
import { checkoutDraftText, checkoutExitPath, CHOSEN_ADDRESS_PARAM, type CheckoutDraft } from "~/core/checkout/checkout-draft";
import {
  GuestCheckoutSchema,
  isTickedChoice,
  MemberCheckoutSchema,
  typedShippingFields,
  withOrdererAsRecipient,
  withoutUnusedShipping,
} from "~/core/checkout/checkout-form";
import { isPaymentMethod } from "~/core/checkout/payment-methods";
import { readShipmentNotices } from "~/core/orders/shipment-notices";
import { IdOrNullSchema, TextOrNullSchema } from "~/core/validation";
import { choosePaymentMethod, saveNotices } from "~/services/cart/cart-actions.server";
import { findCartId, updateCart, type CartActor } from "~/services/cart/cart.server";
import { applyCartControl, applyTypedCartControls, isCartControlIntent } from "~/web/checkout/checkout-cart-controls.server";
import { heldPasswordHash, holdPassword } from "~/services/checkout/checkout-password.server";
import { placeOrder, type PlaceOrderInput, type PlaceOrderResult } from "~/services/checkout/checkout.server";
import type { PostalDeps } from "~/services/address/postal.server";
import type { EmailFrame } from "~/mail/email-layout";
import { parseInput, parseQuery } from "~/web/input.server";
import { completePrefecture, lookUpPostalForm } from "~/web/address/postal.server";
import type { CheckoutActionData } from "~/web/types/checkout";

export type CheckoutSubmitOutcome =
  | { kind: "page"; data: CheckoutActionData; status: number }
  /** `registration`: 会員登録 was ticked (whether the address was new or had an account, the page is the same). */
  | { kind: "placed"; result: Extract<PlaceOrderResult, { ok: true }>; registration: boolean }
  /** This cart was already ordered (another tab): its thank-you page says so. */
  | { kind: "already-placed"; href: string }
  /** A button that leads to another page (which comes back): what was typed is kept on the cart meanwhile. */
  | { kind: "leave"; href: string };

export const CHECKOUT_SUBMIT_MESSAGES = {
  newAddressNotChosen:
    "新しいお届け先が入力されていますが、「今回だけ別のお届け先を入力する」にチェックがありません。入力したお届け先に送る場合はチェックを入れ、選んだ登録済みのお届け先に送る場合は入力欄を空にしてから、もう一度「注文を確定する」を押してください。",
  passwordHoldExpired: "パスワードの保持期限が切れました。お手数ですが、もう一度入力してください。",
} as const;

/**
 * The hold of a guest's registration password for the next submit (the page never sends a password back):
 * one typed on this submit is held anew; else the hold the form carried while it still holds (an hour,
 * this cart). Its id goes into the form's values so the page carries it; without one the page no longer
 * says the password is kept, and the shopper types it again.
 */
async function passwordHoldFor(actor: CartActor, typed: string | null, carried: string | null): Promise<string | null> {
  if (actor.owner.userId != null) return null;
  const cartId = await findCartId(actor.db, actor.owner);
  if (!cartId) return null;
  if (typed != null && v.is(newPasswordField, typed)) return holdPassword(actor.db, cartId, typed, actor.now);
  return carried && (await heldPasswordHash(actor.db, carried, cartId, actor.now)) ? carried : null;
}

/** Keeps the typed values on the cart for the checkout page the shopper comes back to (core/checkout/checkout-draft). */
async function keepDraft(actor: CartActor, values: CheckoutDraft): Promise<void> {
  const cartId = await findCartId(actor.db, actor.owner);
  const text = checkoutDraftText(values, actor.now);
  if (cartId && text) await updateCart(actor.db, cartId, { checkoutDraft: text });
}

/**
 * The form's controls beside the order fields Conform reads: the button pressed, the payment method chosen,
 * the page a button leads to, a registration password to hold, and the saved-address choice.
 */
const CheckoutControlsSchema = v.object({
  intent: TextOrNullSchema,
  payment: TextOrNullSchema,
  leaveTo: TextOrNullSchema,
  password: TextOrNullSchema,
  passwordHold: TextOrNullSchema,
  addressId: TextOrNullSchema,
  useNewAddress: TextOrNullSchema,
});

/** One checkout post as read: who posts, the form with the spec's field names, its controls, and how to answer with the page. */
interface CheckoutPost {
  actor: CartActor;
  isMember: boolean;
  schema: typeof MemberCheckoutSchema | typeof GuestCheckoutSchema;
  form: FormData;
  controls: v.InferOutput<typeof CheckoutControlsSchema>;
  notices: Awaited<ReturnType<typeof saveNotices>> | { ok: true };
  /** The checkout page again with this reply, keeping what was typed (never the password: a hold of it). */
  page(reply: SubmissionResult<string[]>, status: number, extra?: Partial<CheckoutActionData>): Promise<CheckoutSubmitOutcome>;
  typedValues(reply: SubmissionResult<string[]>): Promise<NonNullable<SubmissionResult<string[]>["initialValue"]>>;
}

async function readCheckoutPost(actor: CartActor, received: FormData): Promise<CheckoutPost> {
  // Refused before the payment method and notes below are saved on the cart.
  checkConformFields(received);
  const isMember = actor.owner.userId != null;
  const withNames = withSpecFieldNames(received);
  const form = isMember ? withNames : withOrdererAsRecipient(withNames);
  const controls = parseInput(CheckoutControlsSchema, form);

  // The payment method chosen and the 備考 typed become the cart's: the page shown next totals with
  // that method's fee and keeps the notes (also without JS).
  if (isPaymentMethod(controls.payment)) await choosePaymentMethod(actor, controls.payment);
  const noticeFields = readShipmentNotices(form);
  const notices = noticeFields.warehouse !== undefined || noticeFields.vendors.length > 0 ? await saveNotices(actor, noticeFields) : ({ ok: true } as const);

  const typedValues = async (reply: SubmissionResult<string[]>) => {
    const { passwordHold: _carried, ...values } = reply.initialValue ?? {};
    const passwordHold = await passwordHoldFor(actor, controls.password, controls.passwordHold);
    return passwordHold ? { ...values, passwordHold } : values;
  };
  const page = async (reply: SubmissionResult<string[]>, status: number, extra: Partial<CheckoutActionData> = {}): Promise<CheckoutSubmitOutcome> => ({
    kind: "page",
    data: { ...reply, initialValue: await typedValues(reply), ...extra },
    status,
  });
  return { actor, isMember, schema: isMember ? MemberCheckoutSchema : GuestCheckoutSchema, form, controls, notices, page, typedValues };
}

/**
 * The posts that do not place the order: leaving for the cart or the address chooser, and — without JS —
 * a coupon or points button, Enter, the postal-code lookup and the payment choice. Null for 注文を確定する.
 */
async function controlOutcome(post: CheckoutPost, postal: PostalDeps): Promise<CheckoutSubmitOutcome | null> {
  const { actor, schema, form, controls, page } = post;
  const { intent } = controls;
  const exit = checkoutExitPath(controls.leaveTo);
  if (exit) {
    // カートに戻って変更する, and the address chooser's pages without JS: the typed values wait on the cart.
    const { leaveTo: _leaveTo, ...typed } = await post.typedValues(parseSubmission(form, { schema }).reply({ hideFields: ["password"] }));
    await keepDraft(actor, typed);
    return { kind: "leave", href: exit };
  }
  if (intent === "enter" || isCartControlIntent(intent)) {
    // Without JS: a coupon or points button, or Enter in any field (the form's first, hidden button), which
    // applies the code and points typed and fills an empty prefecture, city and district from a typed postal
    // code (never overwriting what was typed). The page comes back with everything typed.
    const control = intent === "enter" ? await applyTypedCartControls(actor, form) : await applyCartControl(actor, intent, form);
    const values = intent === "enter" ? await completePrefecture(postal, form, "shipping.") : form;
    const reply = parseSubmission(values, { schema }).reply({ hideFields: ["password"] });
    return page({ ...reply, error: {} }, control.status, control.outcome ? { cartControl: control.outcome } : {});
  }
  if (intent === "postal_lookup") {
    // Without JS: fill the address from the postal code and show the form again, without judging the rest yet.
    const lookup = await lookUpPostalForm(postal, form, "shipping.");
    const reply = parseSubmission(lookup.formData, { schema }).reply({ hideFields: ["password"] });
    return page({ ...reply, error: {} }, 200, { lookupMessage: { tone: lookup.status === "found" ? "info" : "error", text: lookup.message } });
  }
  if (intent === "payment") {
    // Without JS: the totals are shown again with the chosen method's fee; nothing typed is lost.
    return page({ ...parseSubmission(form, { schema }).reply({ hideFields: ["password"] }), error: {} }, 200);
  }
  return null;
}

/**
 * The address an address page came back naming (`/checkout?addressId=12`, see returnPath in
 * addresses.server.ts) when it is one of the member's: the checkout chooses it (issue 34 item 11).
 */
export function chosenAddressOf(request: Request, addresses: readonly { id: number }[]): number | null {
  const { [CHOSEN_ADDRESS_PARAM]: id } = parseQuery(request, v.object({ [CHOSEN_ADDRESS_PARAM]: IdOrNullSchema }));
  return addresses.some((address) => address.id === id) ? id : null;
}

/** `mailFrame`: where the confirmation e-mail's links point (the shop's origin, see mailFrame in mail.server.ts). */
export async function submitCheckout(actor: CartActor, received: FormData, postal: PostalDeps, mailFrame: EmailFrame): Promise<CheckoutSubmitOutcome> {
  const post = await readCheckoutPost(actor, received);
  return (await controlOutcome(post, postal)) ?? placeSubmittedOrder(post, postal, mailFrame);
}

/**
 * 注文を確定する: the whole form judged, then the order placed as the page showed it. A typed address's
 * empty prefecture (read-only, filled from the postal code: without JS only 住所を検索 fills it) is
 * completed from the postal code first, as the address editor does.
 */
async function placeSubmittedOrder(post: CheckoutPost, postal: PostalDeps, mailFrame: EmailFrame): Promise<CheckoutSubmitOutcome> {
  const { actor, isMember, schema, form, controls, notices, page } = post;
  const submission = parseSubmission(await completePrefecture(postal, isMember ? withoutUnusedShipping(form) : form, "shipping."), { schema });
  const refuse = (message: string, field?: string, extra: Partial<CheckoutActionData> = {}, status = 400) =>
    page(submission.reply({ formErrors: field ? [] : [message], fieldErrors: field ? { [field]: [message] } : {}, hideFields: ["password"] }), status, extra);
  if (isMember && controls.addressId && !isTickedChoice(controls.useNewAddress) && typedShippingFields(form).length > 0) {
    // Typed fields are never dropped silently: the page comes back with them and asks which address is meant.
    const typed = parseSubmission(form, { schema }).reply({ hideFields: ["password"] });
    return page({ ...typed, error: { useNewAddress: [CHECKOUT_SUBMIT_MESSAGES.newAddressNotChosen] } }, 400);
  }
  if (submission.status !== "success") return page(submission.reply({ hideFields: ["password"] }), 400);
  // An empty cart is the placement's to explain (it may have just been ordered in another tab).
  if (!notices.ok && notices.status !== 409) return refuse(notices.error, "notice");
  const value = submission.value;
  if (value.deliveryDate && !isDeliveryDateAllowed(value.deliveryDate, actor.now)) return refuse(CHECKOUT_MESSAGES.deliveryDateInvalid, "deliveryDate");

  const address = shippingChoice(value);
  if (!address) return refuse(CHECKOUT_MESSAGES.addressRequired);
  const guest = "email" in value ? value : null;
  const registration = guest?.register ? await registrationOf(actor, guest) : null;
  if (registration === "expired") return refuse(CHECKOUT_SUBMIT_MESSAGES.passwordHoldExpired, "password");
  const result = await placeOrder(actor, {
    placementToken: value.token,
    shown: value.shown ?? "",
    guest: guest
      ? { email: guest.email, lastname: guest.lastname, firstname: guest.firstname, lastnameJp: guest.lastnameJp, firstnameJp: guest.firstnameJp }
      : undefined,
    registration,
    address,
    paymentMethod: value.payment,
    deliveryDate: value.deliveryDate ?? null,
    deliveryTimeSlot: value.deliveryTimeSlot ?? null,
    mailFrame,
  });
  if (result.ok) return { kind: "placed", result, registration: registration != null };
  if (result.placedOrder) return { kind: "already-placed", href: result.placedOrder.href };
  // D1 overloaded: the page again with everything typed, and 503 (the shop is busy, nothing was wrong with the form).
  if (result.retryLater) return refuse(result.error, undefined, {}, 503);
  return refuse(result.error, result.field === "email" ? "email" : undefined, { changes: result.changes });
}

type SubmittedCheckout = v.InferOutput<typeof MemberCheckoutSchema> | v.InferOutput<typeof GuestCheckoutSchema>;

/** A saved address chosen, or the one typed (saved when asked); null when neither came. */
function shippingChoice(value: SubmittedCheckout): PlaceOrderInput["address"] | null {
  if ("addressId" in value && typeof value.addressId === "number" && !value.useNewAddress) return { savedId: value.addressId };
  if (value.shipping) return { address: addressColumns(value.shipping), save: value.saveAddress };
  return null;
}

/** A registering guest's password: typed now, or held from an earlier post of this cart ("expired" once the hold is gone). */
async function registrationOf(
  actor: CartActor,
  guest: { password?: string | null; passwordHold?: string | null; newsletter: boolean },
): Promise<NonNullable<PlaceOrderInput["registration"]> | "expired"> {
  if (guest.password) return { password: guest.password, newsletter: guest.newsletter };
  const cartId = await findCartId(actor.db, actor.owner);
  const passwordHash = cartId && guest.passwordHold ? await heldPasswordHash(actor.db, guest.passwordHold, cartId, actor.now) : null;
  return passwordHash ? { passwordHash, newsletter: guest.newsletter } : "expired";
}
