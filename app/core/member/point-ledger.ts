/** The member's point history (point_ledger) as it reads in Japanese. */
import { formatCount } from "../money";

export type PointKind = "earned" | "used" | "expired" | "refunded" | "adjusted";

export const POINT_KIND_LABELS: Record<PointKind, string> = {
  earned: "獲得",
  used: "利用",
  expired: "失効",
  refunded: "返還",
  adjusted: "付与・調整",
};

/** 120 → "+120", -300 → "−300" (a real minus sign, as on the receipts). */
export function signedPoints(amount: number): string {
  const figure = formatCount(Math.abs(amount));
  return amount < 0 ? `−${figure}` : `+${figure}`;
}
