/**
 * A product's state in the back office (issue 17), pure. Four states over the existing columns:
 *   下書き        status draft                 — not shown anywhere but the back office
 *   公開          status published, not private — listed, searchable, sold
 *   非公開（リンク限定） status published, is_private, a secret — not listed; sold to whoever opens
 *                 /product/access/link/{sku}/{secret}; the secret can be regenerated (old links stop working)
 *   アーカイブ      status archived              — no longer sold; carts show it unavailable
 *
 * Moves: 下書き → 公開 / リンク限定 / アーカイブ; 公開 ⇄ リンク限定; either back to 下書き or on to
 * アーカイブ; アーカイブ only back to 下書き (checked again before it is sold). The first move to 公開 or
 * リンク限定 sets published_at; it never changes afterwards.
 */

export type ProductState = "draft" | "published" | "private" | "archived";

export const PRODUCT_STATE_LABELS: Record<ProductState, string> = {
  draft: "下書き",
  published: "公開",
  private: "非公開（リンク限定）",
  archived: "アーカイブ",
};

export type ProductStatusAction = "publish" | "make_private" | "regenerate_secret" | "unpublish" | "archive" | "restore";

export const PRODUCT_STATUS_ACTION_LABELS: Record<ProductStatusAction, string> = {
  publish: "公開する",
  make_private: "リンク限定で公開する",
  regenerate_secret: "限定リンクを作り直す",
  unpublish: "下書きに戻す",
  archive: "アーカイブする",
  restore: "下書きに戻す",
};

export const PRODUCT_STATUS_ACTIONS = Object.keys(PRODUCT_STATUS_ACTION_LABELS) as ProductStatusAction[];

const ALLOWED: Record<ProductState, readonly ProductStatusAction[]> = {
  draft: ["publish", "make_private", "archive"],
  published: ["make_private", "unpublish", "archive"],
  private: ["publish", "regenerate_secret", "unpublish", "archive"],
  archived: ["restore"],
};

/** Where each move leads. */
const TARGET: Record<ProductStatusAction, ProductState> = {
  publish: "published",
  make_private: "private",
  regenerate_secret: "private",
  unpublish: "draft",
  archive: "archived",
  restore: "draft",
};

export const PRODUCT_STATUS_NOTICES = {
  publish: "商品を公開しました。",
  make_private: "商品をリンク限定で公開しました。限定リンクを知っている人だけが購入できます。",
  regenerate_secret: "限定リンクを作り直しました。以前のリンクは使えなくなりました。",
  unpublish: "商品を下書きに戻しました。",
  archive: "商品をアーカイブしました。",
  restore: "商品を下書きに戻しました。",
} as const satisfies Record<ProductStatusAction, string>;

export const PRODUCT_STATUS_TEXT = {
  notAllowed: (state: ProductState, action: ProductStatusAction) =>
    `「${PRODUCT_STATE_LABELS[state]}」の商品は「${PRODUCT_STATUS_ACTION_LABELS[action]}」ことができません。ページを読み込み直してください。`,
  noSellableVariation: "販売中のバリエーションがないため公開できません。バリエーションを1つ以上「販売中」にしてください。",
} as const;

export interface ProductStateFacts {
  status: "draft" | "published" | "archived";
  isPrivate: boolean;
}

export function productStateOf(product: ProductStateFacts): ProductState {
  if (product.status === "published") return product.isPrivate ? "private" : "published";
  return product.status;
}

/** The moves offered from a state, in the order the page shows them. */
export function statusActionsFrom(state: ProductState): readonly ProductStatusAction[] {
  return ALLOWED[state];
}

export interface StatusChangeFacts extends ProductStateFacts {
  type: "simple" | "set" | "variation";
  secret: string | null;
  publishedAt: Date | null;
  /** Variations a shopper can choose (status published). */
  sellableVariations: number;
}

/** The columns a move writes; `secret` "new" asks for a fresh random secret. */
export interface StatusChange {
  state: ProductState;
  status: "draft" | "published" | "archived";
  isPrivate: boolean;
  secret: "new" | "keep";
  publishedAt: Date | null;
}

export type StatusPlan = { ok: true; change: StatusChange } | { ok: false; refusal: string };

export function planStatusChange(product: StatusChangeFacts, action: ProductStatusAction, now: Date): StatusPlan {
  const state = productStateOf(product);
  if (!ALLOWED[state].includes(action)) return { ok: false, refusal: PRODUCT_STATUS_TEXT.notAllowed(state, action) };
  const target = TARGET[action];
  const goesOnSale = target === "published" || target === "private";
  if (goesOnSale && product.type === "variation" && product.sellableVariations === 0) return { ok: false, refusal: PRODUCT_STATUS_TEXT.noSellableVariation };
  return {
    ok: true,
    change: {
      state: target,
      status: target === "draft" ? "draft" : target === "archived" ? "archived" : "published",
      isPrivate: target === "private",
      // A link handed out once keeps working when the product goes back to リンク限定, unless regenerated.
      secret: action === "regenerate_secret" || (target === "private" && !product.secret) ? "new" : "keep",
      publishedAt: goesOnSale ? (product.publishedAt ?? now) : product.publishedAt,
    },
  };
}

/** The private link's path (the route product.access.link.$sku.$secret). */
export function privateLinkPath(sku: string, secret: string): string {
  return `/product/access/link/${encodeURIComponent(sku)}/${encodeURIComponent(secret)}`;
}
