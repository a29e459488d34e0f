/**
 * Returns and exchanges staff record for a customer (issue 38 item 6: a phone call, a guest) and the
 * exchange's replacement. Staff may take back any shipped line (delivered or still on its way — staff
 * judge the period and the exclusions on the call), never more than was shipped less what is already
 * asked back. A received exchange gets its replacement: 手配 (stock taken) → 発送 (carrier, tracking), or
 * a refund when the goods are out of stock (from 手配 too: the stock taken goes back). A refunded exchange
 * counts as returned goods from then on (points, 返品). Pure.
 */
import { RETURN_TEXT, picksRefusal, type ReturnableLine, type ReturnPick } from "./return-requests";
import type { ReturnKind, ReturnStatus } from "./return-labels";

/** An order line as staff record a return on it. */
export interface StaffReturnLine extends ReturnableLine {
  title: string;
  /** Its parcel has left (発送済み or 配達完了). */
  shipped: boolean;
}

export const STAFF_RETURN_TEXT = {
  notShipped: "発送前の商品は返品・交換にできません（キャンセルをご利用ください）。",
  nothingShipped: "このご注文には、返品・交換を登録できる発送済みの商品がありません（未発送か、すでに登録済みです）。",
  created: "返品・交換を登録しました。内容を確認して承認してください。",
} as const;

/** How many of the line staff may still record as going back (0 when none). */
export function staffReturnableQuantity(line: StaffReturnLine): number {
  return line.cancelled || !line.shipped ? 0 : Math.max(0, line.quantity - line.requested);
}

/** The lines staff's form offers, with the most of each. */
export function staffReturnableLines<L extends StaffReturnLine>(lines: readonly L[]): { line: L; max: number }[] {
  return lines.map((line) => ({ line, max: staffReturnableQuantity(line) })).filter((entry) => entry.max > 0);
}

/** Why staff cannot record these lines and quantities, or null. */
export function staffReturnRefusal(lines: readonly StaffReturnLine[], picks: readonly ReturnPick[]): string | null {
  return picksRefusal(lines, picks, (line) => (line.cancelled ? RETURN_TEXT.noLongerReturnable : line.shipped ? null : STAFF_RETURN_TEXT.notShipped));
}

// ─── The exchange's replacement ───────────────────────────────────────────────────────────────

export const REPLACEMENT_STATUS_LABELS = {
  preparing: "交換品を準備中",
  shipped: "交換品を発送済み",
  refunded: "在庫切れのため返金",
} as const;
export type ReplacementStatus = keyof typeof REPLACEMENT_STATUS_LABELS;

export type ReplacementStep = "prepare" | "ship" | "refund";

export const REPLACEMENT_TEXT = {
  notExchange: "交換のお申し込みではありません。",
  notReceived: "交換の商品を受け取り済みにしてから、交換品を手配できます。",
  alreadyPrepared: "交換品はすでに手配済みです。",
  notPrepared: "交換品を手配してから発送できます。",
  alreadyShipped: "交換品はすでに発送済みです。",
  alreadyRefunded: "この交換はすでに返金に切り替えています。",
  outOfStock: "在庫が足りないため交換品を手配できません。入荷を待つか、返金に切り替えてください。",
  prepared: "交換品を手配しました（在庫を引き当てました）。",
  shipped: "交換品を発送済みにしました。お客様に発送のお知らせを送信します。",
  refunded: "交換を返金に切り替え、お客様にお知らせしました。",
} as const;

/** Why the replacement cannot take this step now (the request, its replacement as read), or null. */
export function replacementRefusal(
  request: { kind: ReturnKind; status: ReturnStatus },
  replacement: ReplacementStatus | null,
  step: ReplacementStep,
): string | null {
  if (request.kind !== "exchange") return REPLACEMENT_TEXT.notExchange;
  if (request.status !== "received") return REPLACEMENT_TEXT.notReceived;
  if (replacement === "refunded") return REPLACEMENT_TEXT.alreadyRefunded;
  if (replacement === "shipped") return REPLACEMENT_TEXT.alreadyShipped;
  if (step === "prepare" && replacement != null) return REPLACEMENT_TEXT.alreadyPrepared;
  if (step === "ship" && replacement == null) return REPLACEMENT_TEXT.notPrepared;
  return null;
}

/** Whether every line of the exchange has `quantity` in stock (as read; the batch checks again). */
export function replacementInStock(lines: readonly { quantity: number; inStock: number }[]): boolean {
  return lines.every((line) => line.inStock >= line.quantity);
}

/** A request as what came back is counted from. */
export interface SettledRequest {
  id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  replacement: ReplacementStatus | null;
  lines: readonly { orderLineId: number; quantity: number }[];
}

/**
 * The quantities of each order line that came back for good: received returns, and received exchanges
 * refunded instead of replaced — with `settling` (the request this change settles) counted as such.
 */
export function returnedQuantities(requests: readonly SettledRequest[], settling: number | null): Map<number, number> {
  const returned = new Map<number, number>();
  for (const request of requests) {
    const settled = request.id === settling || (request.status === "received" && (request.kind === "return" || request.replacement === "refunded"));
    if (!settled) continue;
    for (const line of request.lines) returned.set(line.orderLineId, (returned.get(line.orderLineId) ?? 0) + line.quantity);
  }
  return returned;
}
