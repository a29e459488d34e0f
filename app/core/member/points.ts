/**
 * Member points. One point is worth one yen when spent. An order's points are earned when it is placed
 * but become the member's to spend only once the order is paid for — at 入金確認 for a 銀行振込 order, once
 * every parcel has shipped for 代金引換 and コンビニ後払い (decision 0036). Until then they are 付与予定:
 * shown, never spendable, and simply not granted if the order is cancelled. Goods cancelled or returned
 * take back the points they earned. Pure.
 */
import type { OrderStatus } from "../orders/orders";
import type { PaymentMethod } from "../checkout/payment-methods";

/** Points are earned at 1 per POINT_EARNING_UNIT yen paid (after points used), before any promo multiplier. */
export const POINT_EARNING_UNIT = 100;

export function pointsEarned(amountPaid: number, multiplier = 1): number {
  return Math.floor(Math.max(0, amountPaid) / POINT_EARNING_UNIT) * multiplier;
}

/** What makes an order's points usable, by how it is paid: the money in (prepaid), or the goods on their way. */
export const POINTS_USABLE_ON: Record<PaymentMethod, "paid" | "shipped"> = { bank_transfer: "paid", cod: "shipped", konbini_postpay: "shipped" };

const STATUSES_PAST: Record<"paid" | "shipped", readonly OrderStatus[]> = {
  paid: ["paid", "preparing", "partially_shipped", "shipped", "completed"],
  shipped: ["shipped", "completed"],
};

/** Whether an order of this payment method in this state has earned its points for good (cancelled and returned never). */
export function pointsUsableIn(method: PaymentMethod, status: OrderStatus): boolean {
  return STATUSES_PAST[POINTS_USABLE_ON[method]].includes(status);
}

/** The rule above in one sentence, for the points page and the order mails. */
export const POINTS_USABLE_RULE = "銀行振込のご注文はご入金の確認後、代金引換・コンビニ後払いのご注文は商品の発送後にご利用いただけます";

/** The label of points earned but not usable yet. */
export const PENDING_POINTS_LABEL = "付与予定";

/** When pending points of an order paid this way become usable, as the member reads it. */
export function pendingPointsCondition(method: PaymentMethod): string {
  return POINTS_USABLE_ON[method] === "paid" ? "ご入金の確認後にご利用いただけます" : "商品の発送後にご利用いただけます";
}

/** An order line as its points are shared out: its goods total, quantity, and whether it was cancelled. */
export interface PointsLine {
  id: number;
  total: number;
  quantity: number;
  cancelled: boolean;
}

/**
 * The points the goods still kept earn: the order's earned points shared by goods value over what was
 * not cancelled and not returned (`returned`: order line id → quantity back), rounded down. Nothing kept
 * earns nothing; everything kept earns it all, so what goods take back adds up to what the order earned.
 */
export function pointsStillEarned(earned: number, lines: readonly PointsLine[], returned: ReadonlyMap<number, number> = new Map()): number {
  const all = lines.reduce((sum, line) => sum + line.total, 0);
  if (all <= 0 || earned <= 0) return 0;
  const kept = lines.reduce((sum, line) => {
    if (line.cancelled || line.quantity <= 0) return sum;
    const left = Math.max(0, line.quantity - (returned.get(line.id) ?? 0));
    return sum + Math.floor((line.total * left) / line.quantity);
  }, 0);
  return Math.floor((earned * kept) / all);
}

/** An order's points as the ledger of the order holds them. */
export interface OrderPoints {
  earned: number;
  /** Earned points given up with cancelled or returned goods. */
  forfeited: number;
  /** When the points became usable (null: not yet, or never). */
  grantedAt: Date | null;
  /** Points of the order on the member's balance now: granted, less what goods sent back took again. */
  granted: number;
}

/** How an order's points read to the member: none, 付与予定 (and when usable), 付与済み, or withdrawn with the order. */
export type OrderPointsView =
  | { state: "none" }
  | { state: "pending"; points: number; condition: string }
  | { state: "granted"; points: number; /** Earned but taken back (or never given) with goods cancelled or returned. */ withdrawn: number }
  | { state: "void"; points: number };

export function orderPointsView(order: OrderPoints, method: PaymentMethod, status: OrderStatus): OrderPointsView {
  if (order.earned <= 0) return { state: "none" };
  // What the order earned and does not hold any more went with goods cancelled or returned.
  if (order.grantedAt != null) return { state: "granted", points: order.granted, withdrawn: Math.max(0, order.earned - order.granted) };
  if (status === "cancelled" || status === "returned") return { state: "void", points: order.earned };
  return { state: "pending", points: Math.max(0, order.earned - order.forfeited), condition: pendingPointsCondition(method) };
}
