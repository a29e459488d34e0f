/** A return or exchange request's kinds, reasons and states with their Japanese labels (the rules: return-requests.ts). */
export const RETURN_KINDS = { return: "返品", exchange: "交換" } as const;
export type ReturnKind = keyof typeof RETURN_KINDS;

/**
 * Why the goods go back, and whose fault that is by the terms: the shop's (damaged, wrong, short — the
 * defect period, cold goods sooner, the shop pays the postage) or the customer's (the customer-return
 * period, unopened goods, the exclusions apply). 「その他」 is judged by staff on the request, so it is
 * asked for under the shop's-fault period without the exclusions; staff refuse it when it is neither.
 */
export const RETURN_REASONS = {
  damaged: { label: "破損・不良", fault: "shop" },
  wrong_item: { label: "誤配送（注文と違う商品）", fault: "shop" },
  short: { label: "数量不足", fault: "shop" },
  changed_mind: { label: "イメージと違う・お客様都合", fault: "customer" },
  other: { label: "その他", fault: "shop" },
} as const satisfies Record<string, { label: string; fault: "shop" | "customer" }>;
export type ReturnReason = keyof typeof RETURN_REASONS;

export function returnReasonLabel(reason: string): string {
  return Object.hasOwn(RETURN_REASONS, reason) ? RETURN_REASONS[reason as ReturnReason].label : reason;
}

export const RETURN_STATUS_LABELS = {
  requested: "受付中",
  approved: "承認済み（ご返送待ち）",
  refused: "お受けできません",
  received: "返品受け取り済み",
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUS_LABELS;
