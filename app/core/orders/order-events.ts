/**
 * The order history (issue 16): what can happen to an order, who did it, and how staff read it. Every
 * lifecycle action writes one event in the batch of its change, so the history never misses one. Pure.
 */
import { ORDER_STATUS_LABELS, SHIPMENT_STATUS_LABELS } from "./orders";

/** Who acted: staff, the shopper, a merchant's login, or the shop's scheduled job. */
export interface OrderActor {
  kind: "staff" | "customer" | "merchant" | "system";
  userId: number | null;
  /** As the history shows it (kept when the account goes). */
  name: string;
}

export const SYSTEM_ACTOR: OrderActor = { kind: "system", userId: null, name: "自動処理" };

export const ORDER_EVENT_LABELS = {
  payment_confirmed: "入金確認",
  shipped: "発送",
  delivered: "配達完了",
  status_changed: "注文状況の変更",
  cancelled: "キャンセル",
  lines_cancelled: "商品のキャンセル",
  lapsed: "入金期限切れによるキャンセル",
  refund_recorded: "返金の記録",
  confirmation_resent: "注文確認メールの再送",
  shipment_mail_resent: "出荷メールの再送",
  return_requested: "返品・交換の申請",
  return_approved: "返品・交換の承認",
  return_refused: "返品・交換のお断り",
  return_received: "返品の受け取り",
  replacement_prepared: "交換品の手配",
  replacement_shipped: "交換品の発送",
  replacement_refunded: "交換から返金への切り替え",
  note: "社内メモ",
  order_edited: "ご注文内容の変更",
  settlement_received: "追加請求分の入金確認",
  taken_by_staff: "受注登録",
  archive_restored: "アーカイブからの復元",
} as const;

export type OrderEventKind = keyof typeof ORDER_EVENT_LABELS;

const ACTOR_KIND_LABELS: Record<OrderActor["kind"], string> = {
  staff: "スタッフ",
  customer: "お客様",
  merchant: "出品者",
  system: "システム",
};

/** 「スタッフ 山田」, 「お客様」, 「システム 自動処理」. */
export function actorLabel(actor: Pick<OrderActor, "kind" | "name">): string {
  return actor.kind === "customer" ? ACTOR_KIND_LABELS.customer : `${ACTOR_KIND_LABELS[actor.kind]} ${actor.name}`.trim();
}

/** The label of a stored kind (a kind written by newer code shows as stored). */
export function orderEventLabel(kind: string): string {
  return Object.hasOwn(ORDER_EVENT_LABELS, kind) ? ORDER_EVENT_LABELS[kind as OrderEventKind] : kind;
}

/** A stored from/to state in Japanese: an order's or a shipment's. */
export function eventStatusLabel(status: string | null, subject: "order" | "shipment"): string {
  if (status == null) return "";
  const labels: Record<string, string> = subject === "order" ? ORDER_STATUS_LABELS : SHIPMENT_STATUS_LABELS;
  return labels[status] ?? status;
}
