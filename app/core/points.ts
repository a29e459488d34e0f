/** Member points. One point is worth one yen when spent. */

/** Points are earned at 1 per POINT_EARNING_UNIT yen paid (after points used), before any promo multiplier. */
export const POINT_EARNING_UNIT = 100;

export function pointsEarned(amountPaid: number, multiplier = 1): number {
  return Math.floor(Math.max(0, amountPaid) / POINT_EARNING_UNIT) * multiplier;
}
