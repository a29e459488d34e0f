/**
 * /crm/orders/new/{draft} over HTTP (staff only; issue 38 item 3, decision 0065): the draft's page — products
 * found by SKU or name and added with their variation, choice and options; quantities; where it ships (a saved
 * address of the member, or the shop's address form with 住所を検索); the delivery wish, payment, coupon,
 * points and memo — each a plain form answered with a redirect back (PRG, JS or not) or with its refusal.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { deliveryDateOptions, DELIVERY_TIME_SLOTS } from "~/core/checkout/checkout";
import { PAYMENT_METHODS, PAYMENT_METHOD_ORDER } from "~/core/checkout/payment-methods";
import { formatDateJa } from "~/core/dates";
import { MAX_LINE_QUANTITY } from "~/core/limits";
import {
  missingForConfirmation,
  PHONE_ORDER_CHANNELS,
  PHONE_ORDER_MESSAGES,
  PhoneOrderDetailsSchema,
  type PhoneOrderChannel,
} from "~/core/orders/phone-orders";
import { readSelection } from "~/core/catalogue/product-selection";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { SessionUser } from "~/services/account/sessions.server";
import { findOrderableProducts, type OrderableProduct } from "~/services/orders/phone-order-placement.server";
import { addPhoneOrderItem, changePhoneOrderLine, phoneOrderView, savePhoneOrderDetails, setPhoneOrderAddress } from "~/services/orders/phone-orders.server";
import { readAddressFormPost } from "../address/addresses.server";
import { badRequest, readFormData, redirectWithNotice } from "../http.server";
import { parseQuery, readInput, redirectedNotice } from "../input.server";
import type { PhoneOrderActionData, PhoneOrderPageData, PhoneOrderProductChoice } from "../types/phone-orders";
import { phoneOrderPath, phoneOrderSummary, requireDraft } from "./phone-order-summary.server";

export const PHONE_ORDER_NOTICES = {
  started: "受注登録を始めました。商品を追加してください。",
  added: "商品を追加しました。",
  line: "数量を変更しました。",
  address: "お届け先を保存しました。",
  details: "注文情報を保存しました。",
} as const;

const CHANNEL_OPTIONS = Object.entries(PHONE_ORDER_CHANNELS).map(([value, label]) => ({ value: value as PhoneOrderChannel, label }));

function productChoice({ shaped, price }: OrderableProduct): PhoneOrderProductChoice {
  const { product } = shaped;
  return {
    id: product.id,
    sku: product.sku,
    title: product.title,
    price,
    variationHeading: shaped.variations[0]?.vTitle ?? "タイプ",
    variations: shaped.variations
      .filter((variation) => variation.status !== "archived")
      .map((variation) => ({
        id: variation.id,
        label: variation.title,
        choices: variation.choices.map((choice) => ({
          sku: choice.sku,
          label: `${choice.groupTitle}：${choice.title}${choice.priceDiff ? `（+${choice.priceDiff}円）` : ""}`,
        })),
      })),
    options: shaped.options.map((option) => ({
      id: option.id,
      title: option.title,
      required: option.required,
      choices: option.choices.map((choice) => ({ id: choice.id, label: `${choice.title}${choice.fee ? `（+${choice.fee}円）` : ""}` })),
    })),
  };
}

export async function loadPhoneOrderPage(request: Request, context: AppLoadContext, user: SessionUser, rawId: string | undefined, now = new Date()) {
  const open = await requireDraft(context, user, rawId, now);
  const { q } = parseQuery(request, v.object({ q: v.fallback(v.pipe(v.string(), v.maxLength(100)), "") }));
  const [page, products] = await Promise.all([phoneOrderView(open), findOrderableProducts(open, q)]);
  const { view } = page;
  const { draft } = open;
  const missing = missingForConfirmation(draft, view.cart.list.length, view.paymentMethod != null);
  const typed = draft.address && "typed" in draft.address ? draft.address.typed : null;
  const data_: PhoneOrderPageData = {
    ...phoneOrderSummary(open, page, missing),
    notice: redirectedNotice(request, PHONE_ORDER_NOTICES),
    channel: draft.channel,
    channels: CHANNEL_OPTIONS,
    search: { q, products: products.map(productChoice) },
    savedAddresses: page.addresses.map((address) => ({
      id: address.id,
      label: `${address.title ? `${address.title}：` : ""}${address.lastname} ${address.firstname} 〒${address.postalCode} ${address.city}${address.district}${address.address1}`,
    })),
    chosenSavedId: draft.address && "savedId" in draft.address ? draft.address.savedId : null,
    typedAddress: typed
      ? {
          lastname: typed.lastname,
          firstname: typed.firstname,
          lastname_jp: typed.lastnameJp,
          firstname_jp: typed.firstnameJp,
          postal_code: typed.postalCode,
          prefecture: String(typed.prefecture),
          city: typed.city,
          district: typed.district,
          address1: typed.address1,
          address2: typed.address2,
          phone: typed.phone,
        }
      : draft.customer.kind === "guest"
        ? {
            lastname: draft.customer.lastname,
            firstname: draft.customer.firstname,
            lastname_jp: draft.customer.lastnameJp,
            firstname_jp: draft.customer.firstnameJp,
            phone: draft.customer.phone,
          }
        : {},
    deliveryDate: draft.deliveryDate,
    deliveryTimeSlot: draft.deliveryTimeSlot,
    dateOptions: deliveryDateOptions(now).map((value) => ({ value, label: formatDateJa(value) })),
    slotOptions: DELIVERY_TIME_SLOTS,
    payment: view.paymentMethod,
    paymentOptions: PAYMENT_METHOD_ORDER.map((value) => ({ value, label: PAYMENT_METHODS[value].label })),
    coupon: view.couponCode ?? "",
    points: view.cart.points,
    userPoints: page.customer.memberId != null ? view.userPoints : null,
  };
  return data(data_, { headers: { "Cache-Control": "private, no-store" } });
}

const refused = (form: PhoneOrderActionData["form"], error: string, status: 400 | 409 = 400) =>
  data<PhoneOrderActionData>({ form, error }, { status, headers: { "Cache-Control": "private, no-store" } });

const LineSchema = v.object({
  line: IdSchema,
  quantity: v.pipe(
    v.string(PHONE_ORDER_MESSAGES.quantity),
    v.trim(),
    v.regex(/^\d{1,3}$/, PHONE_ORDER_MESSAGES.quantity),
    v.transform(Number),
    v.maxValue(MAX_LINE_QUANTITY, PHONE_ORDER_MESSAGES.quantity),
  ),
});
const AddSchema = v.object({
  product: v.pipe(v.string(PHONE_ORDER_MESSAGES.productNotFound), v.regex(/^\d{1,9}$/, PHONE_ORDER_MESSAGES.productNotFound), v.transform(Number)),
});
const SavedAddressSchema = v.object({
  addressId: v.pipe(v.string(PHONE_ORDER_MESSAGES.addressRequired), v.regex(/^\d{1,9}$/, PHONE_ORDER_MESSAGES.addressRequired), v.transform(Number)),
});

/** The intent a post names (read from a copy: the address form's own reader reads the body after). */
async function postedIntent(request: Request): Promise<string | null> {
  const intent = (await readFormData(request.clone())).get("intent");
  return typeof intent === "string" ? intent : null;
}

export async function phoneOrderAction(request: Request, context: AppLoadContext, user: SessionUser, rawId: string | undefined, now = new Date()) {
  const open = await requireDraft(context, user, rawId, now);
  const back = (notice: keyof typeof PHONE_ORDER_NOTICES) => redirectWithNotice(phoneOrderPath(open.id), notice);
  const intent = await postedIntent(request);
  if (intent === "address" || intent === "postal_lookup") {
    // The shop's address form (住所を検索 without JS answers the form filled in).
    const post = await readAddressFormPost(request, context);
    if (!post.ok) return post.answer;
    const result = await setPhoneOrderAddress(open, { typed: post.address });
    return result.ok ? back("address") : post.refused(result.error, 409);
  }
  const form = await readFormData(request);
  if (intent === "add") {
    const read = readInput(AddSchema, form);
    if (!read.ok) return refused("add", read.error);
    const selection = readSelection(form);
    const quantity = form.get("q");
    if (typeof quantity !== "string" || !/^\d{1,3}$/.test(quantity.trim()) || Number(quantity) < 1) return refused("add", PHONE_ORDER_MESSAGES.quantity);
    const added = await addPhoneOrderItem(open, { productId: read.input.product, selection, wrapping: form.get("w") === "1" });
    return added.ok ? back("added") : refused("add", added.error, 409);
  }
  if (intent === "line") {
    const read = readInput(LineSchema, form);
    if (!read.ok) return refused("line", read.error);
    const changed = await changePhoneOrderLine(open, read.input.line, read.input.quantity);
    return changed.ok ? back("line") : refused("line", changed.error, 409);
  }
  if (intent === "saved_address") {
    const read = readInput(SavedAddressSchema, form);
    if (!read.ok) return refused("saved_address", read.error);
    const result = await setPhoneOrderAddress(open, { savedId: read.input.addressId });
    return result.ok ? back("address") : refused("saved_address", result.error, 409);
  }
  if (intent === "details") {
    const read = readInput(PhoneOrderDetailsSchema, form);
    if (!read.ok) return refused("details", read.error);
    const saved = await savePhoneOrderDetails(open, { ...read.input, addressChoice: undefined, shipping: undefined });
    return saved.ok ? back("details") : refused("details", saved.error, 409);
  }
  throw badRequest(MALFORMED_INPUT_MESSAGE);
}
