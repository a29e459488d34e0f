/**
 * Staff's promotion forms (/crm/coupons, /crm/coupon-campaigns, /crm/point-promos): the pieces every
 * promotion form shares — a discount (fix yen / rate percent), a period in Japanese calendar days, yen
 * amounts — and the coupon campaign and point promo schemas. One Valibot schema per form validates on the
 * server and, with JS, in the browser; every message is Japanese. Pure: no I/O; `now` is passed in.
 *
 * Periods: staff pick days in Japan. A promotion runs from 00:00 JST of its first day up to the end of its
 * last day (stored as the next day's 00:00 JST, exclusive, as the cart's activeAt reads it). A day left as
 * it was keeps its stored instant, so a promotion ended at 15:04 by 「今すぐ終了」 is not revived till
 * midnight by saving the form again.
 */
import * as v from "valibot";
import { addDaysToDate, jstDate, jstDayStart } from "../dates";
import { parseDay } from "../search/listing-query";
import { POINT_PROMO_DEFAULT_COLOR } from "../limits";
import { formatYen } from "../money";
import { isSameSitePath } from "../site/safe-redirect";
import { choiceFlag } from "../account/account-forms";
import type { PromotionState } from "./promotions";
import { MALFORMED_INPUT_MESSAGE, singleLine } from "../validation";

export type DiscountType = "fix" | "rate";

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { fix: "円引き（定額）", rate: "％引き（定率）" };

/** 1–100 for a rate; a fix value of at least 1 yen, up to this. */
export const MAX_RATE = 100;
export const MAX_YEN = 9_999_999;
export const PROMOTION_TITLE_MAX = 100;
/** The point promo multiplier: from double to this many times the usual points. */
export const POINT_PROMO_MIN_RATE = 2;
export const POINT_PROMO_MAX_RATE = 10;
export const PROMO_LINK_MAX = 500;

export const PROMOTION_MESSAGES = {
  typeInvalid: "割引の種類を選択してください",
  valueNumber: "割引額は半角数字で入力してください",
  rateRange: `割引率は1〜${MAX_RATE}の整数で入力してください`,
  fixPositive: "割引額は1円以上の整数で入力してください",
  fixTooLarge: `割引額は${formatYen(MAX_YEN)}以下で入力してください`,
  amountNumber: "金額は0以上の整数（半角数字）で入力してください",
  dateInvalid: "日付は「2026-04-01」の形式で、実在する日付を入力してください",
  endBeforeStart: "終了日は開始日以降の日付を入力してください",
  titleRequired: "タイトルを入力してください",
  titleTooLong: `タイトルは${PROMOTION_TITLE_MAX}文字以内で入力してください`,
  codeRequired: "コードを入力してください",
  codeFormat: "コードは半角英数字・ハイフン・アンダースコアで40文字以内で入力してください",
  /** The code of another coupon or campaign (they share /coupon-get/{code}). */
  codeTaken: "このコードは別のクーポンまたはキャンペーンで使われています",
  colorInvalid: "色は「#ee6d68」の形式（#と6桁の16進数）で入力してください",
  linkInvalid: "リンクは「/」で始まるショップ内のパス、または https:// で始まるURLを入力してください",
  rateMultiplier: `ポイント倍率は${POINT_PROMO_MIN_RATE}〜${POINT_PROMO_MAX_RATE}の整数で入力してください`,
  notFound: "指定されたキャンペーンは見つかりません。",
  /** A save refused by the revision guard: the page shows the values saved meanwhile. */
  stale: "他の担当者が先に更新しました。最新の内容を表示しています。変更をもう一度入力して保存してください。",
} as const;

/**
 * Text a form may leave out: absent is "". The promotion forms are parsed with Conform's automatic
 * coercion off (`PROMOTION_PARSE`), so empty fields arrive as "" and absent ones get these defaults.
 */
export function optionalText(message: string) {
  return v.optional(v.string(message), "");
}

/** How the promotion forms are read by parseWithValibot, on the server and in the browser alike. */
export const PROMOTION_PARSE = { disableAutoCoercion: true } as const;

/** Full-width digits and separators typed on a Japanese keyboard count as ASCII. */
const normalised = (text: string) => text.normalize("NFKC").trim().replace(/,/g, "");

/** A whole number of yen or times, as typed ("1,000", "１０００"); absent or empty is `fallback`. */
export function wholeNumberField(message: string, fallback: number | null = 0) {
  return v.pipe(
    optionalText(message),
    v.transform(normalised),
    v.check((text) => text === "" || /^\d{1,9}$/.test(text), message),
    v.transform((text) => (text === "" ? fallback : Number(text))),
  );
}

/** An amount in yen, 0 or more (minimum amounts); empty is 0. */
export const yenAmountField = v.pipe(
  wholeNumberField(PROMOTION_MESSAGES.amountNumber, 0),
  v.transform((amount) => amount ?? 0),
);

export const discountTypeField = v.picklist(["fix", "rate"] as const, PROMOTION_MESSAGES.typeInvalid);

/** A discount value as typed; checked against its type by `discountValueIssue`. */
export const discountValueField = v.pipe(wholeNumberField(PROMOTION_MESSAGES.valueNumber, null), v.nonNullable(v.number(), PROMOTION_MESSAGES.valueNumber));

/**
 * What is wrong with a discount, or null: a rate is 1–100 %, a fix value at least 1 yen — 0 only where
 * `zeroAllowed` (a coupon or campaign that gives free shipping and takes nothing off).
 */
export function discountValueIssue(type: DiscountType, value: number, zeroAllowed = false): string | null {
  if (type === "rate") return value >= 1 && value <= MAX_RATE ? null : PROMOTION_MESSAGES.rateRange;
  if (value > MAX_YEN) return PROMOTION_MESSAGES.fixTooLarge;
  return value >= 1 || (zeroAllowed && value === 0) ? null : PROMOTION_MESSAGES.fixPositive;
}

/** "500円OFF" / "10%OFF": how a discount reads in lists and banners. */
export function discountLabel(type: DiscountType, value: number): string {
  return type === "rate" ? `${value}%OFF` : `${formatYen(value)}OFF`;
}

/** A calendar day as typed (yyyy-mm-dd, 2026/4/1, full-width digits); absent or empty is null. */
export const dayField = v.pipe(
  optionalText(PROMOTION_MESSAGES.dateInvalid),
  v.transform((text) => (text.trim() === "" ? null : (parseDay(text) ?? false))),
  v.check((day) => day !== false, PROMOTION_MESSAGES.dateInvalid),
  v.transform((day) => (day === false ? null : day)),
);

/** Title fields: one line (see singleLine), required, trimmed, at most PROMOTION_TITLE_MAX characters. */
export function titleField(required: string = PROMOTION_MESSAGES.titleRequired, max = PROMOTION_TITLE_MAX, tooLong: string = PROMOTION_MESSAGES.titleTooLong) {
  return v.pipe(optionalText(required), singleLine, v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong));
}

const PROMOTION_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** A coupon or campaign code, stored in capitals (codes are compared case-insensitively, see couponCodeOf). */
export const promotionCodeField = v.pipe(
  optionalText(PROMOTION_MESSAGES.codeRequired),
  v.transform((text) => text.normalize("NFKC").trim()),
  v.nonEmpty(PROMOTION_MESSAGES.codeRequired),
  // One message at a time: an empty code is only "enter a code".
  v.check((code) => code === "" || PROMOTION_CODE.test(code), PROMOTION_MESSAGES.codeFormat),
  v.toUpperCase(),
);

/** A ticked checkbox ("on", or the spec's 1/true); absent is false. */
export const checkboxField = choiceFlag(MALFORMED_INPUT_MESSAGE);

/** The fields the cross-field checks read (an object schema's output, where each field is valid). */
interface CheckedFields {
  type?: DiscountType;
  value?: number | null;
  freeShipping?: boolean;
  startsOn?: string | null;
  endsOn?: string | null;
}

type AddIssue = (info: { message: string; path?: [v.IssuePathItem, ...v.IssuePathItem[]] }) => void;

/** Reports `message` on the field at `keys` ("value", or "prices", 0, "value"), as Conform shows it under that field. */
export function addFieldIssue(addIssue: AddIssue, root: unknown, keys: (string | number)[], message: string): void {
  let input: unknown = root;
  const path = keys.map((key) => {
    const container = input as Record<string | number, unknown>;
    const value = container?.[key];
    const item = { type: typeof key === "number" ? "array" : "object", origin: "value", input: container, key, value } as unknown as v.IssuePathItem;
    input = value;
    return item;
  });
  addIssue({ message, path: path as [v.IssuePathItem, ...v.IssuePathItem[]] });
}

/** Whether the schema already reported something on `key` (its own message stands; no second one). */
export function hasIssueAt(dataset: { issues?: readonly v.BaseIssue<unknown>[] }, key: string): boolean {
  return dataset.issues?.some((issue) => issue.path?.[0]?.key === key) ?? false;
}

/**
 * The checks across fields of a promotion form: its discount (on `value`: a rate 1–100, a fix value of at
 * least 1 yen, 0 when it gives free shipping) and its period (on `endsOn`). They run even while another field
 * is wrong, so every message shows at once.
 */
export function promotionChecks<Input extends object>() {
  return v.rawCheck<Input>(({ dataset, addIssue }) => {
    const input = dataset.value as CheckedFields;
    const valid = (key: keyof CheckedFields) => key in input && !hasIssueAt(dataset, key);
    if (valid("type") && valid("value") && input.type && input.value != null) {
      const issue = discountValueIssue(input.type, input.value, input.freeShipping === true);
      if (issue) addFieldIssue(addIssue, input, ["value"], issue);
    }
    if (valid("startsOn") && valid("endsOn") && input.startsOn && input.endsOn && input.startsOn > input.endsOn) {
      addFieldIssue(addIssue, input, ["endsOn"], PROMOTION_MESSAGES.endBeforeStart);
    }
  });
}

/** A stored period as the form's days: the first day, and the last day (the day before the exclusive end). */
export function periodDays(startsAt: Date | null, endsAt: Date | null): { startsOn: string; endsOn: string } {
  return {
    startsOn: startsAt ? jstDate(startsAt) : "",
    endsOn: endsAt ? jstDate(new Date(endsAt.getTime() - 1)) : "",
  };
}

/**
 * The instants a period's days stand for. A day unchanged from `stored` keeps the stored instant (an end set
 * to a time of day by 「今すぐ終了」 stays); a new day starts at its 00:00 JST, a new last day ends at the next
 * day's 00:00 JST.
 */
export function periodInstants(
  days: { startsOn: string | null; endsOn: string | null },
  stored: { startsAt: Date | null; endsAt: Date | null } | null = null,
): { startsAt: Date | null; endsAt: Date | null } {
  const kept = stored ? periodDays(stored.startsAt, stored.endsAt) : null;
  const startsAt = days.startsOn == null ? null : kept && kept.startsOn === days.startsOn ? stored!.startsAt : jstDayStart(days.startsOn);
  const endsAt = days.endsOn == null ? null : kept && kept.endsOn === days.endsOn ? stored!.endsAt : jstDayStart(addDaysToDate(days.endsOn, 1));
  return { startsAt, endsAt };
}

/** Where a promotion stands at `now` (the cart's activeAt: from its start, before its end). */
export function promotionState(period: { startsAt: Date | null; endsAt: Date | null }, now: Date): PromotionState {
  if (period.endsAt != null && period.endsAt.getTime() <= now.getTime()) return "ended";
  if (period.startsAt != null && period.startsAt.getTime() > now.getTime()) return "scheduled";
  return "running";
}

// ─── Coupon campaigns (/coupon-get/{code}) ──────────────────────────────────────────────────

const CampaignFields = v.object({
  code: promotionCodeField,
  title: titleField(),
  type: discountTypeField,
  value: discountValueField,
  minAmount: yenAmountField,
  freeShipping: checkboxField,
  startsOn: dayField,
  endsOn: dayField,
});

export const CampaignFormSchema = v.pipe(CampaignFields, promotionChecks());

export type CampaignInput = v.InferOutput<typeof CampaignFormSchema>;

/** The campaign link staff hand out (spec §2: GET /coupon-get/{code}). */
export function campaignLinkPath(code: string): string {
  return `/coupon-get/${encodeURIComponent(code)}`;
}

// ─── Point promotions ───────────────────────────────────────────────────────────────────────

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A point promo's link: a same-site path or an https URL (it becomes the banner's href). */
export function isPromoLink(link: string): boolean {
  if (isSameSitePath(link)) return true;
  try {
    const url = new URL(link);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

export const PointPromoFormSchema = v.pipe(
  v.object({
    title: titleField(),
    color: v.pipe(
      optionalText(PROMOTION_MESSAGES.colorInvalid),
      v.trim(),
      v.transform((color) => (color === "" ? POINT_PROMO_DEFAULT_COLOR : color.toLowerCase())),
      v.regex(HEX_COLOR, PROMOTION_MESSAGES.colorInvalid),
    ),
    link: v.pipe(
      optionalText(PROMOTION_MESSAGES.linkInvalid),
      v.trim(),
      v.maxLength(PROMO_LINK_MAX, PROMOTION_MESSAGES.linkInvalid),
      v.check((link) => link === "" || isPromoLink(link), PROMOTION_MESSAGES.linkInvalid),
    ),
    minAmount: yenAmountField,
    rate: v.pipe(
      wholeNumberField(PROMOTION_MESSAGES.rateMultiplier, null),
      v.nonNullable(v.number(), PROMOTION_MESSAGES.rateMultiplier),
      v.minValue(POINT_PROMO_MIN_RATE, PROMOTION_MESSAGES.rateMultiplier),
      v.maxValue(POINT_PROMO_MAX_RATE, PROMOTION_MESSAGES.rateMultiplier),
    ),
    startsOn: dayField,
    endsOn: dayField,
  }),
  promotionChecks(),
);

export type PointPromoInput = v.InferOutput<typeof PointPromoFormSchema>;

/** "2026/04/01〜2026/04/30" (the last day shown, not the exclusive end); an open end reads 指定なし. */
export function periodLabel(startsAt: Date | null, endsAt: Date | null): string {
  const { startsOn, endsOn } = periodDays(startsAt, endsAt);
  const day = (iso: string) => (iso ? iso.replaceAll("-", "/") : "指定なし");
  return `${day(startsOn)}〜${day(endsOn)}`;
}
