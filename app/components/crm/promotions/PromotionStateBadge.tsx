import type { PromotionState } from "~/core/promotions/promotions";

const STATE_TONES: Record<PromotionState, string> = {
  scheduled: "bg-amber-50 text-amber-900",
  running: "bg-green-50 text-green-800",
  ended: "bg-gray-100 text-gray-700",
};

/**
 * A promotion's state (予定 / 実施中 / 終了) as a badge with its label (`PROMOTION_STATE_LABELS`): the
 * promotion's page and the promotion lists, which take the label from their loader.
 */
export function PromotionStateBadge({ state, label }: { state: PromotionState; label: string }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${STATE_TONES[state]}`} data-testid="promotion-state">
      {label}
    </span>
  );
}
