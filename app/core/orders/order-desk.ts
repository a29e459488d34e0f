/**
 * Staff's order desk (/crm/orders, issue 16): the sender ("origin") filter's values, the refund rules and
 * methods, the CSV export's layout, and the desk's messages. Pure. The listing's definition is apart
 * (order-desk-listing.ts), so a page showing a refund's label loads no listing code.
 */
import { formatYen } from "../money";
import type { OrderStatus } from "./orders";
import { refundableTotal } from "./order-edits";

export { ORDER_DESK_PATH } from "./order-desk-path";

/** The sender filter's value for the warehouse; a merchant is `merchant-{id}`. */
export const WAREHOUSE_ORIGIN = "warehouse";
const MERCHANT_ORIGIN = /^merchant-(\d{1,9})$/;

export type OrderOrigin = { kind: "warehouse" } | { kind: "merchant"; merchantId: number };

export function merchantOrigin(merchantId: number): string {
  return `merchant-${merchantId}`;
}

/** The sender a filter value names (warehouse, merchant-3), or null. */
export function parseOrigin(value: string | null | undefined): OrderOrigin | null {
  if (value === WAREHOUSE_ORIGIN) return { kind: "warehouse" };
  const match = MERCHANT_ORIGIN.exec(value ?? "");
  const merchantId = match ? Number(match[1]) : 0;
  return merchantId > 0 ? { kind: "merchant", merchantId } : null;
}

// ─── Refunds ──────────────────────────────────────────────────────────────────────────────────

export const REFUND_METHOD_LABELS = {
  bank_transfer: "銀行振込で返金",
  billing_cancelled: "請求の取消（代金引換・コンビニ後払い）",
  points: "ポイントで返還",
  other: "その他",
} as const;

export type RefundMethod = keyof typeof REFUND_METHOD_LABELS;
export const REFUND_METHODS = Object.keys(REFUND_METHOD_LABELS) as RefundMethod[];

export const REFUND_NOTE_MAX = 500;
export const ORDER_NOTE_MAX = 2000;

/** Why this refund cannot be recorded, or null: nothing was paid yet, or it would pay back more than the order's total. */
export function refundRefusal(
  order: { status: OrderStatus; total: number; settlementDue: number; settledRefunds: number; refunded: number },
  amount: number,
): string | null {
  if (order.status === "pending_payment") return ORDER_DESK_TEXT.refundBeforePayment;
  const left = Math.max(0, refundableTotal(order) - order.refunded);
  if (amount > left) return left === 0 ? ORDER_DESK_TEXT.refundNothingLeft : `返金額が多すぎます。このご注文で返金できるのはあと${formatYen(left)}までです。`;
  return null;
}

/** The history line of a recorded refund. */
export function refundEventNote(amount: number, method: RefundMethod, note: string): string {
  return [`${formatYen(amount)}（${REFUND_METHOD_LABELS[method]}）`, note].filter(Boolean).join("：");
}

// ─── Messages ─────────────────────────────────────────────────────────────────────────────────

export const ORDER_DESK_TEXT = {
  notFound: "ご注文が見つかりません。",
  refundBeforePayment: "入金確認前のご注文には返金を記録できません。",
  refundNothingLeft: "このご注文はすでに合計金額まで返金済みです。",
  refundAmount: "返金額を半角数字（1円以上）で入力してください。",
  refundMethod: "返金方法を選んでください。",
  refundNote: `返金のメモは${REFUND_NOTE_MAX}文字以内で入力してください。`,
  noteEmpty: "メモを入力してください。",
  noteTooLong: `メモは${ORDER_NOTE_MAX}文字以内で入力してください。`,
  cancelNotConfirmed: "キャンセルする場合は「ご注文全体をキャンセルします」にチェックを入れてください。",
  cancelNote: `キャンセルの理由は${ORDER_NOTE_MAX}文字以内で入力してください。`,
  carrier: "配送業者を選んでください。",
} as const;

/** What the page says after each action (the redirect's `notice`). */
export const ORDER_DESK_NOTICES = {
  archive_restored: "アーカイブから注文を復元しました。",
  payment_confirmed: "入金を確認しました。お客様にご入金確認のメールを送信します。",
  shipped: "発送済みにしました。お客様に出荷のお知らせを送信します。",
  delivered: "配達完了にしました。",
  cancelled: "ご注文をキャンセルしました。在庫・ポイント・クーポンを戻し、お客様にお知らせします。",
  lines_cancelled: "選んだ商品をキャンセルしました。",
  refund_recorded: "返金を記録しました。",
  confirmation_resent: "注文確認メールを再送します。",
  noted: "社内メモを追加しました。",
  settlement_received: "追加請求分の入金を記録しました。",
  phone_order_placed: "受注登録しました。お客様に注文確認メールを送信します。",
} as const;

export type OrderDeskNotice = keyof typeof ORDER_DESK_NOTICES;

// ─── CSV ──────────────────────────────────────────────────────────────────────────────────────

export const ORDER_CSV_HEADER = [
  "注文番号",
  "注文日時",
  "状態",
  "お支払い方法",
  "入金確認日時",
  "合計金額",
  "返金済み金額",
  "会員／ゲスト",
  "お客様名",
  "メールアドレス",
  "電話番号",
  "出荷元",
  // One record per line item (issue 37): the order's columns above repeat on each of its lines.
  "商品コード",
  "商品名",
  "バリエーション・オプション",
  "数量",
  "単価（税込）",
  "税率",
  "小計（税込）",
  "明細の状態",
] as const;

/** An order line as the orders CSV writes it. */
export interface OrderCsvLine {
  sku: string;
  title: string;
  choiceLabel: string;
  optionsLabel: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  total: number;
  cancelled: boolean;
}

/** A line's own columns in the orders CSV (after the order's). */
export function orderCsvLineCells(line: OrderCsvLine) {
  return [
    line.sku,
    line.title,
    [line.choiceLabel, line.optionsLabel].filter(Boolean).join(" / "),
    line.quantity,
    line.unitPrice,
    `${line.taxRate}%`,
    line.total,
    line.cancelled ? "キャンセル" : "",
  ];
}
