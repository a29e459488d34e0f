/**
 * Orders staff take by phone or mail (受注登録, issue 38 item 3, decision 0065): who the order is for (a member
 * or a guest), how it came in, and the draft that holds what staff chose until it is placed. The draft's
 * items, coupon, points and payment method live on a cart of its own, so the checkout's engine prices it and
 * the checkout's batch places it; the rest is this JSON, kept on that cart (carts.checkout_draft). Pure.
 */
import * as v from "valibot";
import { emailField, personNameFields } from "../account/account-forms";
import { AddressSchema, phoneNumberField } from "../address/address-form";
import type { AddressColumns } from "../address/address-records";
import { DELIVERY_TIME_SLOTS } from "../checkout/checkout";

/** How staff received it (orders.channel, beside the shop's own "web"). */
export const PHONE_ORDER_CHANNELS = { phone: "電話", mail: "メール" } as const;
export type PhoneOrderChannel = keyof typeof PHONE_ORDER_CHANNELS;

/** Every channel as the order desk names it. */
export const ORDER_CHANNEL_LABELS: Record<"web" | PhoneOrderChannel, string> = { web: "ショップ", ...PHONE_ORDER_CHANNELS };

/** A draft older than this is gone: staff start again (its cart is never a shopper's). */
export const PHONE_ORDER_KEEP_MS = 24 * 60 * 60 * 1000;

export const MEMO_MAX_LENGTH = 1000;

export const PHONE_ORDER_MESSAGES = {
  draftNotFound: "この受注登録は見つかりません（完了済み、期限切れ、またはほかの担当者のものです）。受注登録を最初からやり直してください。",
  memberNotFound: "選択された会員が見つかりません。",
  memberUnavailable: "この会員は退会済みまたは利用停止中のため、受注登録できません。",
  channel: "受付方法を選択してください。",
  memo: `社内メモは${MEMO_MAX_LENGTH}文字以内で入力してください。`,
  noLines: "商品を追加してください。",
  addressRequired: "お届け先を選択するか入力してください。",
  paymentRequired: "お支払い方法を選択してください。",
  productNotFound: "商品が見つかりません。",
  quantity: "数量は1以上の整数で入力してください。",
  saved: "保存しました。",
  placed: (number: string) => `受注登録しました（注文番号 ${number}）。お客様に注文確認メールを送信します。`,
} as const;

/** A guest as staff take their details: name, reading, e-mail, phone. */
export const PhoneOrderGuestSchema = v.object({
  email: emailField,
  ...personNameFields,
  phone: phoneNumberField,
});
export type PhoneOrderGuest = v.InferOutput<typeof PhoneOrderGuestSchema>;

export type PhoneOrderCustomer = { kind: "member"; memberId: number } | ({ kind: "guest" } & PhoneOrderGuest);

const AddressColumnsSchema = v.object({
  lastname: v.string(),
  firstname: v.string(),
  lastnameJp: v.string(),
  firstnameJp: v.string(),
  postalCode: v.string(),
  prefecture: v.number(),
  city: v.string(),
  district: v.string(),
  address1: v.string(),
  address2: v.string(),
  phone: v.string(),
});

/** What the draft keeps beside its cart. */
const StoredDraftSchema = v.object({
  phoneOrder: v.literal(1),
  staffId: v.number(),
  savedAt: v.number(),
  /** One per draft: a double submit or a retry of its placing finds the order it made. */
  token: v.string(),
  customer: v.variant("kind", [
    v.object({ kind: v.literal("member"), memberId: v.number() }),
    v.object({
      kind: v.literal("guest"),
      email: v.string(),
      lastname: v.string(),
      firstname: v.string(),
      lastnameJp: v.string(),
      firstnameJp: v.string(),
      phone: v.string(),
    }),
  ]),
  channel: v.picklist(["phone", "mail"]),
  address: v.nullable(v.union([v.object({ savedId: v.number() }), v.object({ typed: AddressColumnsSchema })])),
  deliveryDate: v.nullable(v.string()),
  deliveryTimeSlot: v.nullable(v.string()),
  memo: v.string(),
});

export type PhoneOrderDraft = v.InferOutput<typeof StoredDraftSchema>;
export type PhoneOrderAddress = { savedId: number } | { typed: AddressColumns };

/** A new draft for this staff member and customer. */
export function newPhoneOrderDraft(staffId: number, customer: PhoneOrderCustomer, channel: PhoneOrderChannel, token: string, now: Date): PhoneOrderDraft {
  return { phoneOrder: 1, staffId, savedAt: now.getTime(), token, customer, channel, address: null, deliveryDate: null, deliveryTimeSlot: null, memo: "" };
}

export function phoneOrderDraftText(draft: PhoneOrderDraft, now: Date): string {
  return JSON.stringify({ ...draft, savedAt: now.getTime() });
}

/** The stored draft when it is one, fresh, and this staff member's; else null (never another's draft). */
export function readPhoneOrderDraft(text: string | null | undefined, staffId: number, now: Date): PhoneOrderDraft | null {
  if (!text) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = v.safeParse(StoredDraftSchema, stored);
  if (!parsed.success || parsed.output.staffId !== staffId) return null;
  const age = now.getTime() - parsed.output.savedAt;
  return age >= 0 && age < PHONE_ORDER_KEEP_MS ? parsed.output : null;
}

const optionalText = v.pipe(
  v.optional(v.string(), ""),
  v.transform((text) => text.trim()),
);

/** 「指定なし」 (an empty choice) as not given. */
const unlessBlank = <S extends v.GenericSchema>(schema: S) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === "" ? undefined : value)),
      schema,
    ),
  );

/**
 * The order details form: channel, where it ships (a member's saved address, or typed under `shipping`),
 * delivery wish, payment, coupon, points, memo. The checkout's own rules judge the delivery date, coupon and
 * points when they are applied.
 */
export const PhoneOrderDetailsSchema = v.object({
  channel: v.picklist(Object.keys(PHONE_ORDER_CHANNELS) as PhoneOrderChannel[], PHONE_ORDER_MESSAGES.channel),
  addressChoice: v.optional(v.union([v.literal("typed"), v.pipe(v.string(), v.regex(/^\d{1,9}$/, PHONE_ORDER_MESSAGES.addressRequired), v.transform(Number))])),
  shipping: v.optional(AddressSchema),
  deliveryDate: unlessBlank(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "お届け希望日を選択し直してください。")))),
  deliveryTimeSlot: unlessBlank(v.optional(v.picklist([...DELIVERY_TIME_SLOTS], "お届け時間帯を選択し直してください。"))),
  payment: v.optional(v.picklist(["cod", "bank_transfer", "konbini_postpay"], PHONE_ORDER_MESSAGES.paymentRequired)),
  coupon: optionalText,
  points: optionalText,
  memo: v.pipe(optionalText, v.maxLength(MEMO_MAX_LENGTH, PHONE_ORDER_MESSAGES.memo)),
});
export type PhoneOrderDetails = v.InferOutput<typeof PhoneOrderDetailsSchema>;

/** What is still missing before the order can be confirmed (none: it may be). */
export function missingForConfirmation(draft: PhoneOrderDraft, lineCount: number, paymentChosen: boolean): string[] {
  const missing: string[] = [];
  if (lineCount === 0) missing.push(PHONE_ORDER_MESSAGES.noLines);
  if (!draft.address) missing.push(PHONE_ORDER_MESSAGES.addressRequired);
  if (!paymentChosen) missing.push(PHONE_ORDER_MESSAGES.paymentRequired);
  return missing;
}
