/**
 * Bulk actions on the order desk's list (issue 38 item 4), as EC-CUBE's 一括 対応状況変更 / 出荷済みにする /
 * メール一括送信: 入金確認 of 銀行振込 orders, 発送済み with tracking numbers, and the shipment mail sent
 * again. Each selected order (each parcel, for shipping and mail) is a target; the dry run lists what each
 * will change or why it cannot, by the same rules the order page's own actions are refused by, and the
 * result page names each target's outcome by the codes below (carried in its URL). Pure.
 */
import { isPrepaid, type PaymentMethod } from "../checkout/payment-methods";
import { shipmentTransitionRefusal } from "./order-lifecycle";
import type { OrderStatus, ShipmentStatus } from "./orders";

export const BULK_INTENTS = ["confirm_payment", "ship", "resend_shipment_mail"] as const;

export type BulkIntent = (typeof BULK_INTENTS)[number];

export const BULK_INTENT_LABELS: Record<BulkIntent, string> = {
  confirm_payment: "入金確認",
  ship: "発送済みにする（伝票番号を入力）",
  resend_shipment_mail: "出荷メールを送信（再送）",
};

/**
 * At most this many orders per bulk action: each is its own guarded change (two or three D1 round trips
 * per order or parcel, and a mail), which a Worker's request must fit; three list pages of 30 fit.
 */
export const BULK_MAX_ORDERS = 100;

/** What a target that can be applied will change (the dry run), and what it did (the result page). */
export const BULK_CHANGES: Record<BulkIntent, { planned: string; done: string }> = {
  confirm_payment: { planned: "お支払い待ち → 入金確認済み。ご入金確認のメールを送ります。", done: "入金を確認しました。" },
  ship: { planned: "発送準備中 → 発送済み。出荷のお知らせを送ります。", done: "発送済みにしました。" },
  resend_shipment_mail: { planned: "出荷のお知らせをもう一度送ります。", done: "出荷メールを送りました。" },
};

/** Why a target cannot be applied (the dry run's and the result page's reasons). */
export const BULK_REFUSALS = {
  notFound: "ご注文が見つかりません。",
  cancelled: "キャンセル済みです。",
  returned: "返品済みです。",
  alreadyPaid: "入金確認済みです。",
  notBankTransfer: "銀行振込のご注文ではないため、入金確認はありません。",
  awaitingPayment: "入金確認前のため発送できません。",
  alreadyShipped: "発送済みです。",
  notShippable: "このご注文は発送できる状態ではありません。",
  notShipped: "まだ発送していないため、出荷メールは送れません。",
  alreadyMailed: "この一括操作で、すでに出荷メールを送りました。",
  busy: "ほかの操作と重なったため処理できませんでした。注文ページで状態をご確認ください。",
} as const;

export type BulkRefusal = keyof typeof BULK_REFUSALS;

export type BulkOutcome = "done" | BulkRefusal;

export const BULK_OUTCOMES = ["done", ...(Object.keys(BULK_REFUSALS) as BulkRefusal[])] as const;

export const BULK_TEXT = {
  noSelection: "注文を選んでください。",
  badId: "注文の指定が正しくありません。一覧から選び直してください。",
  fixTracking: "お問い合わせ番号に誤りがあります。赤字の欄を直してから、もう一度「適用する」を押してください（まだ何も変更していません）。",
  tooMany: `一度に操作できるのは${BULK_MAX_ORDERS}件までです。絞り込むか、分けて操作してください。`,
  noIntent: "操作を選んでください。",
  noTarget: "適用する注文（荷物）を1件以上選んでください。",
  staleRun: "確認画面の有効期限が切れました。もう一度「確認へ」から操作してください。",
  fileNoMatch: "CSVの行は、選んだ注文の荷物に当たりませんでした。",
} as const;

export interface BulkShipmentFacts {
  id: number;
  status: ShipmentStatus;
  carrier: string | null;
  trackingNumber: string | null;
}

/** What the rules read of an order: its state, payment method and parcels. */
export interface BulkOrderFacts {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  shipments: readonly BulkShipmentFacts[];
}

/**
 * Why this intent cannot be applied to the order (and, for shipping and mail, its parcel `shipmentId`)
 * now, or null. The order page's own refusals (order-lifecycle.ts) decide; this names them for a list.
 */
export function bulkRefusal(intent: BulkIntent, order: BulkOrderFacts, shipmentId: number | null): BulkRefusal | null {
  if (intent === "confirm_payment") {
    if (order.status === "pending_payment") return null;
    if (order.status === "cancelled") return "cancelled";
    if (order.status === "returned") return "returned";
    return isPrepaid(order.paymentMethod) ? "alreadyPaid" : "notBankTransfer";
  }
  const shipment = order.shipments.find((candidate) => candidate.id === shipmentId);
  if (!shipment) return "notFound";
  if (order.status === "cancelled" || shipment.status === "cancelled") return "cancelled";
  if (order.status === "returned") return "returned";
  if (intent === "ship") {
    if (shipment.status !== "preparing") return "alreadyShipped";
    if (order.status === "pending_payment") return "awaitingPayment";
    return shipmentTransitionRefusal(order.status, shipment.status, "shipped") == null ? null : "notShippable";
  }
  return shipment.status === "preparing" || !shipment.trackingNumber ? "notShipped" : null;
}

/** The targets of an intent in an order: the order itself (入金確認), or each of its parcels not cancelled. */
export function bulkTargetShipments(intent: BulkIntent, order: BulkOrderFacts): (number | null)[] {
  if (intent === "confirm_payment") return [null];
  const live = order.shipments.filter((shipment) => shipment.status !== "cancelled");
  // An order whose every parcel was cancelled is one refused row.
  return live.length > 0 ? live.map((shipment) => shipment.id) : [order.shipments[0]?.id ?? null];
}

/** One target's outcome as the result page's URL carries it: `{orderId}.{shipmentId or 0}.{outcome}`. */
export interface BulkResultEntry {
  orderId: number;
  shipmentId: number | null;
  outcome: BulkOutcome;
}

export function bulkResultParam(entry: BulkResultEntry): string {
  return `${entry.orderId}.${entry.shipmentId ?? 0}.${entry.outcome}`;
}

/** A result URL's entry read back, or null for one no apply writes. */
export function readBulkResultParam(value: string): BulkResultEntry | null {
  const match = /^(\d{1,9})\.(\d{1,9})\.([a-zA-Z]+)$/.exec(value);
  if (!match || !(BULK_OUTCOMES as readonly string[]).includes(match[3]!)) return null;
  const shipmentId = Number(match[2]);
  return { orderId: Number(match[1]), shipmentId: shipmentId === 0 ? null : shipmentId, outcome: match[3] as BulkOutcome };
}

/** A target as the forms name it: `{orderId}.{shipmentId or 0}`. */
export function bulkTargetKey(orderId: number, shipmentId: number | null): string {
  return `${orderId}.${shipmentId ?? 0}`;
}

export function readBulkTargetKey(value: string): { orderId: number; shipmentId: number | null } | null {
  const match = /^(\d{1,9})\.(\d{1,9})$/.exec(value);
  if (!match) return null;
  const shipmentId = Number(match[2]);
  return { orderId: Number(match[1]), shipmentId: shipmentId === 0 ? null : shipmentId };
}

/** The message a result shows for its outcome. */
export function bulkOutcomeText(intent: BulkIntent, outcome: BulkOutcome): string {
  return outcome === "done" ? BULK_CHANGES[intent].done : BULK_REFUSALS[outcome];
}
