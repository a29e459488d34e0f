/**
 * What a shopper saved (お気に入り, あとで買う) says when it cannot go into the cart now: archived, no longer
 * published, or its merchant suspended by staff. The item stays on the list — the shopper saved it — but
 * shows why, offers no way into the cart, and a move back to the cart is refused with the reason. Stock is
 * not this rule's: a sold-out item goes into the cart like any other and the cart says so. Pure.
 */

export type SavedItemUnavailable = "archived" | "unpublished" | "seller_suspended";

export interface SavedItemFacts {
  status: "draft" | "published" | "archived";
  /** Its merchant's status is `suspended` (a shop's own product has none). */
  sellerSuspended: boolean;
}

export function savedItemUnavailable(item: SavedItemFacts): SavedItemUnavailable | null {
  if (item.status === "archived") return "archived";
  if (item.status !== "published") return "unpublished";
  return item.sellerSuspended ? "seller_suspended" : null;
}

/** The badge on the saved item (spec §8: archived → 利用できません). */
export const SAVED_ITEM_BADGES: Record<SavedItemUnavailable, string> = {
  archived: "利用できません",
  unpublished: "販売停止中",
  seller_suspended: "販売停止中",
};

/** Why 「カートに戻す」 was refused. */
export function moveBackRefusal(title: string, reason: SavedItemUnavailable): string {
  return reason === "archived"
    ? `「${title}」は販売を終了したため、カートに戻せません。`
    : `「${title}」は現在販売停止中のため、カートに戻せません。販売が再開されるまで「あとで買う」に残しておきます。`;
}
