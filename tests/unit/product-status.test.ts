import { describe, expect, it } from "vitest";
import {
  planStatusChange,
  PRODUCT_STATUS_ACTIONS,
  PRODUCT_STATUS_TEXT,
  privateLinkPath,
  productStateOf,
  statusActionsFrom,
  type ProductState,
  type StatusChangeFacts,
} from "~/core/catalogue/product-status";

const NOW = new Date("2026-11-24T10:00:00Z");
const EARLIER = new Date("2026-01-01T00:00:00Z");

const FACTS: Record<ProductState, StatusChangeFacts> = {
  draft: { status: "draft", isPrivate: false, type: "simple", secret: null, publishedAt: null, sellableVariations: 0 },
  published: { status: "published", isPrivate: false, type: "simple", secret: null, publishedAt: EARLIER, sellableVariations: 0 },
  private: { status: "published", isPrivate: true, type: "simple", secret: "s3cret", publishedAt: EARLIER, sellableVariations: 0 },
  archived: { status: "archived", isPrivate: false, type: "simple", secret: "s3cret", publishedAt: EARLIER, sellableVariations: 0 },
};

describe("product states", () => {
  it("reads the state from status and is_private", () => {
    expect(Object.values(FACTS).map(productStateOf)).toEqual(["draft", "published", "private", "archived"]);
  });

  it("allows exactly these moves", () => {
    const allowed = Object.fromEntries(
      (Object.keys(FACTS) as ProductState[]).map((state) => [state, PRODUCT_STATUS_ACTIONS.filter((action) => planStatusChange(FACTS[state], action, NOW).ok)]),
    );
    expect(allowed).toEqual({
      draft: ["publish", "make_private", "archive"],
      published: ["make_private", "unpublish", "archive"],
      private: ["publish", "regenerate_secret", "unpublish", "archive"],
      archived: ["restore"],
    });
    for (const state of Object.keys(FACTS) as ProductState[]) expect(statusActionsFrom(state)).toEqual(allowed[state]);
  });

  it("refuses any other move with a Japanese message naming the state", () => {
    const plan = planStatusChange(FACTS.archived, "publish", NOW);
    expect(plan).toEqual({ ok: false, refusal: PRODUCT_STATUS_TEXT.notAllowed("archived", "publish") });
    expect(plan.ok ? "" : plan.refusal).toContain("アーカイブ");
  });

  it("sets published_at on the first publication only", () => {
    expect(planStatusChange(FACTS.draft, "publish", NOW)).toMatchObject({ ok: true, change: { status: "published", isPrivate: false, publishedAt: NOW } });
    expect(planStatusChange(FACTS.draft, "make_private", NOW)).toMatchObject({ ok: true, change: { publishedAt: NOW } });
    expect(planStatusChange(FACTS.private, "publish", NOW)).toMatchObject({ ok: true, change: { publishedAt: EARLIER } });
    expect(planStatusChange(FACTS.published, "unpublish", NOW)).toMatchObject({ ok: true, change: { status: "draft", publishedAt: EARLIER } });
  });

  it("gives a private product a secret, keeps a handed-out one, and makes a new one on request", () => {
    expect(planStatusChange(FACTS.draft, "make_private", NOW)).toMatchObject({
      ok: true,
      change: { state: "private", status: "published", isPrivate: true, secret: "new" },
    });
    expect(planStatusChange({ ...FACTS.published, secret: "old" }, "make_private", NOW)).toMatchObject({ ok: true, change: { secret: "keep" } });
    expect(planStatusChange(FACTS.private, "regenerate_secret", NOW)).toMatchObject({ ok: true, change: { state: "private", secret: "new" } });
    expect(planStatusChange(FACTS.published, "regenerate_secret", NOW).ok).toBe(false);
  });

  it("archives from any live state and only restores to draft", () => {
    for (const state of ["draft", "published", "private"] as const)
      expect(planStatusChange(FACTS[state], "archive", NOW)).toMatchObject({ ok: true, change: { status: "archived", isPrivate: false } });
    expect(planStatusChange(FACTS.archived, "restore", NOW)).toMatchObject({ ok: true, change: { state: "draft", status: "draft" } });
  });

  it("does not put a variation product on sale without a variation on sale", () => {
    const variation = { ...FACTS.draft, type: "variation" as const };
    expect(planStatusChange(variation, "publish", NOW)).toEqual({ ok: false, refusal: PRODUCT_STATUS_TEXT.noSellableVariation });
    expect(planStatusChange(variation, "make_private", NOW)).toEqual({ ok: false, refusal: PRODUCT_STATUS_TEXT.noSellableVariation });
    expect(planStatusChange({ ...variation, sellableVariations: 1 }, "publish", NOW).ok).toBe(true);
    expect(planStatusChange(variation, "archive", NOW).ok).toBe(true);
  });

  it("builds the private link", () => {
    expect(privateLinkPath("DEMO-PRIVATE", "a/b")).toBe("/product/access/link/DEMO-PRIVATE/a%2Fb");
  });
});
