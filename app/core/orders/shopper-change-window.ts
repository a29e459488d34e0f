/** The owner's setting of how long a shopper may change their order's delivery themselves (issue 38 item 2). Pure. */

/** Until when a shopper may change their order's delivery themselves (the owner's shop setting). */
export const SHOPPER_CHANGE_WINDOWS = ["none", "received", "preparing"] as const;
export type ShopperChangeWindow = (typeof SHOPPER_CHANGE_WINDOWS)[number];

export const SHOPPER_CHANGE_WINDOW_LABELS: Record<ShopperChangeWindow, string> = {
  none: "不可（お客様ご自身では変更できない）",
  received: "入金待ち・新規受付まで",
  preparing: "発送準備まで（発送前まで）",
};
