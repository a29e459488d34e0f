/**
 * Editing a placed order (issue 38 items 1–2): when staff may change its delivery (address, recipient,
 * date/slot) and its lines, when the shopper may change the delivery themselves (the owner's window), what
 * an edit changed as the history and the customer's mail show it (before → after), and what it leaves to
 * settle once the order was paid. Pure; the recomputed amounts come from the checkout's engine
 * (order-edit-pricing.ts).
 */
import { describeShipTo } from "../address/address-book";
import type { ShipColumns } from "../address/address-records";
import { isDeliveryDateAllowed, DELIVERY_TIME_SLOTS, CHECKOUT_MESSAGES } from "../checkout/checkout";
import { isPrepaid, type PaymentMethod } from "../checkout/payment-methods";
import { formatDateJa } from "../dates";
import { formatCount, formatYen } from "../money";
import { MAX_LINE_QUANTITY } from "../limits";
import type { OrderStatus, ShipmentStatus } from "./orders";
import type { ShopperChangeWindow } from "./shopper-change-window";

export const ORDER_EDIT_MESSAGES = {
  stale: "このご注文は、画面を表示した後に別の操作で変更されました。変更は保存していません。最新の内容を確認してから、もう一度お試しください。",
  deliveryClosed: "発送済みの荷物がある、またはキャンセル・返品済みのご注文は、お届け先・お届け日時を変更できません。",
  linesClosed: "発送済み・キャンセル済み・返品済みのご注文は、商品を変更できません。",
  lineShipped: (title: string) => `「${title}」は発送済み（またはキャンセル済み）のため変更できません。`,
  subscriptionLine: (title: string) => `「${title}」は定期便のため、ご注文の変更では数量を変えられません。`,
  quantity: `数量は0〜${MAX_LINE_QUANTITY}の整数で入力してください（0で削除）。`,
  noLinesLeft: "すべての商品を削除することはできません。ご注文そのものをキャンセルしてください。",
  nothingChanged: "変更された項目がありません。",
  stockShort: (title: string, left: number) => `「${title}」の在庫が足りません（追加できるのは残り${formatCount(left)}点です）。`,
  productNotFound: "入力されたSKUの商品が見つかりません（販売終了・非公開の商品は追加できません）。",
  productNeedsChoice: "バリエーションのある商品は、バリエーション（色・サイズなど）のSKUで指定してください。",
  productWithOptions: "オプションのある商品は、ご注文の変更では追加できません。",
  deliveryDate: CHECKOUT_MESSAGES.deliveryDateInvalid,
  deliverySlot: "お届け時間帯を選択し直してください。",
  shopperClosed: "このご注文は、お客様ご自身で変更できる期間を過ぎています。変更をご希望の場合は、お問い合わせください。",
  settlementNone: "このご注文に追加でお支払いいただく金額はありません。",
} as const;

/** The order states whose delivery may still change: nothing has left yet. */
const DELIVERY_EDITABLE: readonly OrderStatus[] = ["pending_payment", "paid", "preparing"];
/** The order states whose unshipped lines may still change (the parcels that left are not touched). */
const LINES_EDITABLE: readonly OrderStatus[] = ["pending_payment", "paid", "preparing", "partially_shipped"];

/** Why the delivery (address, recipient, date/slot) cannot change now, or null: only before any parcel leaves. */
export function deliveryEditRefusal(order: { status: OrderStatus; shipments: readonly { status: ShipmentStatus }[] }): string | null {
  if (!DELIVERY_EDITABLE.includes(order.status)) return ORDER_EDIT_MESSAGES.deliveryClosed;
  if (order.shipments.some((shipment) => shipment.status === "shipped" || shipment.status === "delivered")) return ORDER_EDIT_MESSAGES.deliveryClosed;
  return null;
}

/** Why the order's lines cannot change at all now, or null (each changed line's own parcel is checked by lineEditRefusal). */
export function linesEditRefusal(status: OrderStatus): string | null {
  return LINES_EDITABLE.includes(status) ? null : ORDER_EDIT_MESSAGES.linesClosed;
}

/** Why this line (or a line added to this parcel) cannot change, or null: its parcel has not left. */
export function lineEditRefusal(line: { title: string; cancelled: boolean; subscribe: number | null }, shipment: ShipmentStatus | null): string | null {
  if (line.cancelled || (shipment != null && shipment !== "preparing")) return ORDER_EDIT_MESSAGES.lineShipped(line.title);
  if (line.subscribe != null) return ORDER_EDIT_MESSAGES.subscriptionLine(line.title);
  return null;
}

/**
 * Why the shopper may not change the delivery now, or null. 入金待ち・新規受付まで: a prepaid order until its money
 * is confirmed, one paid on or after delivery (代金引換・後払い) while it is a new order being prepared; 発送準備まで:
 * any order until a parcel leaves. Never past what staff may change.
 */
export function shopperChangeRefusal(
  window: ShopperChangeWindow,
  order: { status: OrderStatus; paymentMethod: PaymentMethod; shipments: readonly { status: ShipmentStatus }[] },
): string | null {
  if (window === "none" || deliveryEditRefusal(order)) return ORDER_EDIT_MESSAGES.shopperClosed;
  if (window === "received" && order.status !== (isPrepaid(order.paymentMethod) ? "pending_payment" : "preparing")) return ORDER_EDIT_MESSAGES.shopperClosed;
  return null;
}

/** One thing an edit changed, as the history and the customer's mail show it (order_edits.changes). */
export interface OrderEditChange {
  label: string;
  before: string;
  after: string;
}

/** The delivery as an order keeps it: its copy of the address and the wished date/slot. */
export type OrderDelivery = ShipColumns & { deliveryDate: string | null; deliveryTimeSlot: string | null };

/** Why the wished date/slot cannot be asked for now (the checkout's rules), or null. A date left as it was is kept. */
export function deliveryWishRefusal(wish: { deliveryDate: string | null; deliveryTimeSlot: string | null }, current: OrderDelivery, now: Date): string | null {
  if (wish.deliveryDate != null && wish.deliveryDate !== current.deliveryDate && !isDeliveryDateAllowed(wish.deliveryDate, now)) {
    return ORDER_EDIT_MESSAGES.deliveryDate;
  }
  if (wish.deliveryTimeSlot != null && !(DELIVERY_TIME_SLOTS as readonly string[]).includes(wish.deliveryTimeSlot)) return ORDER_EDIT_MESSAGES.deliverySlot;
  return null;
}

const NONE = "指定なし";

function recipientText(delivery: ShipColumns): string {
  return `${delivery.shipLastname} ${delivery.shipFirstname}（${delivery.shipLastnameJp} ${delivery.shipFirstnameJp}）`;
}

function addressText(delivery: ShipColumns): string {
  const { postal, street } = describeShipTo(delivery);
  return `${postal} ${street}`;
}

/** What changed between two deliveries: the recipient, the address, the phone, the wished date and slot. */
export function deliveryChanges(before: OrderDelivery, after: OrderDelivery): OrderEditChange[] {
  const rows: { label: string; shown: (delivery: OrderDelivery) => string }[] = [
    { label: "お届け先のお名前", shown: recipientText },
    { label: "お届け先のご住所", shown: addressText },
    { label: "お届け先の電話番号", shown: (delivery) => delivery.shipPhone },
    { label: "お届け希望日", shown: (delivery) => (delivery.deliveryDate ? formatDateJa(delivery.deliveryDate) : NONE) },
    { label: "お届け時間帯", shown: (delivery) => delivery.deliveryTimeSlot ?? NONE },
  ];
  return rows.flatMap(({ label, shown }) => {
    const [was, is] = [shown(before), shown(after)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
}

/** A line as an edit compares it: which line (null for one added), what it is, its price and quantity. */
export interface ComparedLine {
  lineId: number | null;
  title: string;
  /** 「色：紺 / サイズ：M」 or "". */
  detail: string;
  unitPrice: number;
  quantity: number;
}

const lineName = (line: ComparedLine) => `商品「${line.title}${line.detail ? `（${line.detail}）` : ""}」`;
const lineText = (line: ComparedLine) => `${formatYen(line.unitPrice)} × ${formatCount(line.quantity)}`;
const REMOVED = "（削除）";
const ADDED = "（追加前）";

/** What changed between the lines before and after: each line whose price or quantity moved, removed or added. */
export function lineChanges(before: readonly ComparedLine[], after: readonly ComparedLine[]): OrderEditChange[] {
  const changes: OrderEditChange[] = [];
  for (const was of before) {
    const is = after.find((line) => line.lineId === was.lineId);
    if (!is) changes.push({ label: lineName(was), before: lineText(was), after: REMOVED });
    else if (is.quantity !== was.quantity || is.unitPrice !== was.unitPrice) changes.push({ label: lineName(was), before: lineText(was), after: lineText(is) });
  }
  for (const is of after.filter((line) => line.lineId == null)) changes.push({ label: lineName(is), before: ADDED, after: lineText(is) });
  return changes;
}

/** The amounts of an order an edit may move (orders' columns). */
export interface OrderAmounts {
  subtotal: number;
  shippingFee: number;
  coldshippingFee: number;
  splitShippingFee: number;
  extraFee: number;
  wrappingFee: number;
  discountCoupon: number;
  pointsUsed: number;
  pointsEarned: number;
  total: number;
}

/** A reduction as the amounts show it: 「-300円」, or 「0円」 when there is none. */
export function reductionText(amount: number): string {
  return amount > 0 ? `-${formatYen(amount)}` : formatYen(0);
}

/** The amounts of an order, labelled as its totals read to shopper and staff (お支払い合計 last). */
export function orderAmountRows(a: OrderAmounts): { label: string; value: string }[] {
  return [
    { label: "商品小計", value: formatYen(a.subtotal) },
    { label: "送料", value: formatYen(a.shippingFee + a.coldshippingFee + a.splitShippingFee) },
    { label: "ギフトラッピング", value: formatYen(a.wrappingFee) },
    { label: "決済手数料", value: formatYen(a.extraFee) },
    { label: "クーポン割引", value: reductionText(a.discountCoupon) },
    { label: "ポイント利用", value: reductionText(a.pointsUsed) },
    { label: "獲得予定ポイント", value: `${formatCount(a.pointsEarned)}pt` },
    { label: "お支払い合計", value: formatYen(a.total) },
  ];
}

/** What changed in the amounts, in the rows' order. */
export function amountChanges(before: OrderAmounts, after: OrderAmounts): OrderEditChange[] {
  const was = orderAmountRows(before);
  return orderAmountRows(after).flatMap((is, row) => {
    const then = was[row];
    return then && then.value !== is.value ? [{ label: is.label, before: then.value, after: is.value }] : [];
  });
}

/**
 * What the order leaves to settle after an edit (orders.settlement_due): once its money was received, the
 * difference of its total is owed by the customer (> 0, 追加請求) or to them (< 0, 返金予定); before, the
 * customer simply pays the new total (a transfer, on delivery, the postpay bill).
 */
export function settlementAfterEdit(order: { paid: boolean; settlementDue: number }, totalBefore: number, totalAfter: number): number {
  return order.paid ? order.settlementDue + (totalAfter - totalBefore) : order.settlementDue;
}

/** What is left to settle after a refund of `amount` was recorded: a refund due comes back towards 0. */
export function settlementAfterRefund(settlementDue: number, amount: number): number {
  return settlementDue < 0 ? Math.min(0, settlementDue + amount) : settlementDue;
}

/**
 * The money the order took, which its refunds may reach: its total, less a 追加請求 not yet paid, plus a 返金予定
 * (an edit lowered a total already paid) — and plus what refunds already paid back of one, as settling it brought
 * settlement_due back towards 0 while the money taken stayed.
 */
export function refundableTotal(order: { total: number; settlementDue: number; settledRefunds: number }): number {
  return order.total - order.settlementDue + order.settledRefunds;
}

/** 「追加請求 1,000円」 / 「返金予定 2,000円」, or null when nothing is left to settle. */
export function settlementLabel(settlementDue: number): string | null {
  if (settlementDue > 0) return `追加請求 ${formatYen(settlementDue)}`;
  if (settlementDue < 0) return `返金予定 ${formatYen(-settlementDue)}`;
  return null;
}

/** The history's one-line summary of an edit: the labels it changed. */
export function editSummary(changes: readonly OrderEditChange[]): string {
  return changes.map((change) => change.label).join("、");
}

/** order_edits.changes as stored (JSON), read back leniently (a malformed row shows nothing). */
export function readEditChanges(stored: string): OrderEditChange[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is OrderEditChange =>
        typeof item === "object" && item != null && typeof item.label === "string" && typeof item.before === "string" && typeof item.after === "string",
    );
  } catch {
    return [];
  }
}
