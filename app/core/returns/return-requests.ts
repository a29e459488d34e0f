/**
 * Returns and exchanges after delivery (issue 16 item 5), by the shop's terms in ./returns.ts: which
 * delivered lines a shopper may still send back, for which reason and until when; how a request moves
 * (申請中 → 承認 | お断り; 承認 → 受け取り済み); and what a received return refunds. Pure. The forms' schemas
 * (return-request-forms.ts), staff's list (return-requests-listing.ts) and the labels (return-labels.ts) are
 * apart, so a page showing a request's labels loads neither Valibot, listing code nor these rules.
 */
import { addDaysToDate, jstDate } from "../dates";
import { COLD_DEFECT_REPORT_DAYS, CUSTOMER_RETURN_DAYS, CUSTOMER_RETURN_EXCLUSIONS, DEFECT_REPORT_DAYS, type CustomerReturnExclusion } from "./returns";
import { RETURN_REASONS, type ReturnKind, type ReturnReason, type ReturnStatus } from "./return-labels";
import { sellerAddressText, type SellerFacts } from "../settings/shop-settings";

/** The state each later state is reached from: requested → approved | refused; approved → received. */
const RETURN_STATUS_FROM: Record<Exclude<ReturnStatus, "requested">, ReturnStatus> = { approved: "requested", refused: "requested", received: "approved" };

/**
 * How the history line of a received return ends: whether its goods went back in stock (staff choose). The
 * stock history reads the restocked ending back (app/services/catalogue/stock-history.server.ts), so both sides use these.
 */
export const RETURN_STOCK_NOTES = { restocked: "（在庫に戻しました）", kept: "（在庫には戻していません）" } as const;

/** Photos one request may carry. */
export const RETURN_PHOTO_LIMIT = 3;
export const RETURN_DETAILS_MAX_LENGTH = 2000;
export const STAFF_MESSAGE_MAX_LENGTH = 2000;

export const RETURN_TEXT = {
  kind: "返品か交換かを選んでください。",
  reason: "理由を選んでください。",
  lines: "返品・交換する商品と数量を選んでください。",
  quantity: "数量を選び直してください。",
  details: `詳しい状況は${RETURN_DETAILS_MAX_LENGTH}文字以内でご記入ください。`,
  detailsRequired: "「その他」の場合は、詳しい状況をご記入ください。",
  tooManyPhotos: `写真は${RETURN_PHOTO_LIMIT}枚まで添付できます。`,
  photoNotFound: "添付された写真が見つかりません。もう一度アップロードしてください。",
  noLongerReturnable: "お選びの商品は、返品・交換のお申し込みができなくなりました。内容をご確認ください。",
  overQuantity: "お申し込み済みの数量を超えています。数量を選び直してください。",
  outOfPeriod: "返品・交換のお申し込み期間を過ぎています。",
  excluded: "この商品はお客様のご都合による返品の対象外です。",
  notFound: "返品・交換のお申し込みが見つかりません。",
  staffMessage: `お客様へのメッセージは${STAFF_MESSAGE_MAX_LENGTH}文字以内で入力してください。`,
  staffMessageRequired: "お客様へのメッセージを入力してください。",
  refundMethod: "返金方法を選んでください。",
  notRequested: "受付中のお申し込みだけを承認・お断りできます。",
  notApproved: "承認済みのお申し込みだけを受け取り済みにできます。",
  created: "返品・交換のお申し込みを受け付けました。",
  approved: "お申し込みを承認し、お客様にお知らせしました。",
  refused: "お申し込みをお断りし、お客様にお知らせしました。",
  received: "返品を受け取り済みにしました。",
} as const;

/** A delivered order line as a return is judged on. */
export interface ReturnableLine {
  id: number;
  quantity: number;
  unitPrice: number;
  cancelled: boolean;
  /** Its shipment's delivery; null while it has not arrived. */
  deliveredAt: Date | null;
  /** Went by 冷蔵・冷凍便 (damage is reported sooner). */
  cold: boolean;
  /** Food or drink (a best-before date). */
  perishable: boolean;
  digital: boolean;
  /** Bought as a 定期便. */
  subscription: boolean;
  wrapped: boolean;
  /** Already in requests that were not refused (requested, approved, received). */
  requested: number;
}

/** The last day (Japan date, yyyy-mm-dd) a return of this line may be asked for, counted from its delivery day. */
export function returnDeadline(deliveredAt: Date, reason: ReturnReason, cold: boolean): string {
  const days = RETURN_REASONS[reason].fault === "customer" ? CUSTOMER_RETURN_DAYS : cold ? COLD_DEFECT_REPORT_DAYS : DEFECT_REPORT_DAYS;
  return addDaysToDate(jstDate(deliveredAt), days);
}

/**
 * The exclusion that keeps this line from a return for the customer's own reasons, where the order line
 * tells it (whether goods were opened is the shopper's own statement, checked by staff on arrival).
 */
export function customerExclusion(line: Pick<ReturnableLine, "cold" | "perishable" | "digital" | "subscription" | "wrapped">): CustomerReturnExclusion | null {
  if (line.digital) return "digital";
  if (line.subscription) return "subscription";
  if (line.perishable || line.cold) return "perishable";
  if (line.wrapped) return "wrapped";
  return null;
}

/** Why nothing more of this line can go back for this reason on `now`, or null. */
export function lineReturnRefusal(line: ReturnableLine, reason: ReturnReason, now: Date): string | null {
  if (line.cancelled || line.deliveredAt == null) return RETURN_TEXT.noLongerReturnable;
  if (jstDate(now) > returnDeadline(line.deliveredAt, reason, line.cold)) return RETURN_TEXT.outOfPeriod;
  if (RETURN_REASONS[reason].fault === "customer") {
    const exclusion = customerExclusion(line);
    if (exclusion) return `${RETURN_TEXT.excluded}（${CUSTOMER_RETURN_EXCLUSIONS[exclusion]}）`;
  }
  if (line.quantity - line.requested <= 0) return RETURN_TEXT.overQuantity;
  return null;
}

/** How many of the line may still be asked for, for this reason (0 when refused). */
export function returnableQuantity(line: ReturnableLine, reason: ReturnReason, now: Date): number {
  return lineReturnRefusal(line, reason, now) == null ? line.quantity - line.requested : 0;
}

/** The lines a request may name on `now` for some reason, with the most of each: what the form offers. */
export function returnableLines<L extends ReturnableLine>(lines: readonly L[], now: Date): { line: L; max: number }[] {
  const reasons = Object.keys(RETURN_REASONS) as ReturnReason[];
  return lines.map((line) => ({ line, max: Math.max(...reasons.map((reason) => returnableQuantity(line, reason, now))) })).filter((entry) => entry.max > 0);
}

export interface ReturnPick {
  lineId: number;
  quantity: number;
}

/**
 * Why these lines and quantities cannot go back, or null: each picked line once, each allowed by
 * `lineRefusal` (the shopper's rule, or staff's), never more than what is not asked for yet.
 */
export function picksRefusal<L extends ReturnableLine & { title: string }>(
  lines: readonly L[],
  picks: readonly ReturnPick[],
  lineRefusal: (line: L) => string | null,
): string | null {
  const chosen = picks.filter((pick) => pick.quantity > 0);
  if (chosen.length === 0 || new Set(chosen.map((pick) => pick.lineId)).size !== chosen.length) return RETURN_TEXT.lines;
  for (const pick of chosen) {
    const line = lines.find((candidate) => candidate.id === pick.lineId);
    if (!line) return RETURN_TEXT.noLongerReturnable;
    const refusal = lineRefusal(line);
    if (refusal) return `${line.title}：${refusal}`;
    if (pick.quantity > line.quantity - line.requested) return `${line.title}：${RETURN_TEXT.overQuantity}`;
  }
  return null;
}

/** Why this request (reason, lines and quantities) cannot be made on `now` by the shopper, or null. */
export function returnRequestRefusal(
  lines: readonly (ReturnableLine & { title: string })[],
  reason: ReturnReason,
  picks: readonly ReturnPick[],
  now: Date,
): string | null {
  return picksRefusal(lines, picks, (line) => lineReturnRefusal(line, reason, now));
}

/** Why the request cannot move to `to` now, or null. */
export function returnTransitionRefusal(current: ReturnStatus, to: Exclude<ReturnStatus, "requested">): string | null {
  if (current === RETURN_STATUS_FROM[to]) return null;
  return to === "received" ? RETURN_TEXT.notApproved : RETURN_TEXT.notRequested;
}

/**
 * What a received return pays back: each returned line's unit price × quantity (the goods), never more
 * than the order's total less what was already refunded (a coupon or points made the order cheaper).
 * Not refunded, by the terms: the shipping, 代引・後払い手数料 and the wrapping fee of the order, and the
 * postage of sending it back on the customer's own reasons (the customer pays it); on the shop's fault
 * the goods go back 着払い at the shop's cost, so there is no postage to refund either. An exchange
 * refunds nothing: a good item is sent instead.
 */
export function returnRefundAmount(
  kind: ReturnKind,
  lines: readonly { unitPrice: number; quantity: number }[],
  order: { total: number; refunded: number },
): number {
  if (kind === "exchange") return 0;
  const goods = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  return Math.max(0, Math.min(goods, order.total - order.refunded));
}

/** Whether goods that came back are put back on sale by default: not when they came back damaged. */
export function restocksByDefault(reason: ReturnReason): boolean {
  return reason !== "damaged";
}

/**
 * Whether every line still ordered (not cancelled) has come back in full by received returns: then the
 * order is 返品; otherwise it stays 配達完了 with the partial return in its history and refunds.
 */
export function orderFullyReturned(lines: readonly { id: number; quantity: number; cancelled: boolean }[], returned: ReadonlyMap<number, number>): boolean {
  const live = lines.filter((line) => !line.cancelled);
  return live.length > 0 && live.every((line) => (returned.get(line.id) ?? 0) >= line.quantity);
}

/** The message an approval starts from: how to send the goods back (to the seller of the settings in force), by whose fault it is. */
export function approvalMessageTemplate(reason: ReturnReason, seller: Pick<SellerFacts, "shopName" | "postalCode" | "address">): string {
  const postage =
    RETURN_REASONS[reason].fault === "customer"
      ? "返送料はお客様のご負担となります（元払いでお送りください）。"
      : "返送料は当社が負担しますので、着払いでお送りください。";
  return `お申し込みを承りました。商品をお届け時の箱や袋に入れ、注文番号を書いたメモを添えて、${sellerAddressText(seller)} ${seller.shopName} 返品係までお送りください。${postage}商品の到着を確認しましたら、あらためてご連絡いたします。`;
}
