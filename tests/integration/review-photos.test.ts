/**
 * Review photos (spec §3 Review gallery) on a real local D1 and R2: the seed stores them through the media
 * service (once), the reviews API answers them as `gallery`, and GET /media/reviews/{id}/{m|xl} serves them
 * to anyone while their review is published — and nothing else (ticket attachments, hidden reviews).
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { media, products, reviews } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID } from "~/services/seed/people";
import { seedDatabase } from "~/services/seed/seed.server";
import * as reviewsLoad from "~/routes/api.product.reviews.load.$id";
import * as serve from "~/routes/media.reviews.$mediaId.$size";
import { storeImage, type MediaItem } from "~/services/media.server";
import { fileOf, pngBytes } from "../support/images";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, jsonBody, pageRequest, responseOf, type RouteHandler } from "../support/requests";

// A migrated, empty store seeded here, once, with the bucket: `firstSeed` is what that seed reported inserting.
const it = platformTest({ seed: false }).extend<{ firstSeed: Record<string, number> }>({
  firstSeed: [
    async ({ platform }, provide) => provide((await seedDatabase(platform.db, { now: new Date(), bucket: platform.env.ATTACHMENTS })).inserted),
    { scope: "file", auto: true },
  ],
});

type Review = { nickname: string; gallery: MediaItem[] };

const loadReviews = async (platform: TestPlatform, sku: string) => {
  const productId = String(productBySku(sku).id);
  const response = await responseOf(platform, reviewsLoad.action as RouteHandler, apiRequest(`/api/product/reviews/load/${productId}`), { id: productId });
  return (await jsonBody<{ reviews: Review[] }>(response)).reviews;
};

const photo = (platform: TestPlatform, id: number | string, size = "m") =>
  responseOf(platform, serve.loader as RouteHandler, pageRequest(`/media/reviews/${id}/${size}`), { mediaId: String(id), size });

describe("the seed's review photos", () => {
  it("are stored in R2 once, as review media", async ({ platform, firstSeed }) => {
    expect(firstSeed.media).toBe(5);
    const rows = await platform.db.select().from(media).all();
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row).toMatchObject({ folder: "reviews", ext: "png", contentType: "image/png", width: 480, height: 360, ticketMessageId: null });
      expect(row.reviewId).not.toBeNull();
      expect(row.r2Key).toMatch(/^reviews\/[0-9a-f]{32}\.png$/);
      const object = await platform.env.ATTACHMENTS.get(row.r2Key);
      expect(object?.size).toBe(row.size);
    }
    // A second run stores nothing more.
    const again = await seedDatabase(platform.db, { now: new Date(), bucket: platform.env.ATTACHMENTS });
    expect(again.inserted.media).toBe(0);
    expect(await platform.db.select().from(media).all()).toHaveLength(5);
  });
});

describe("POST /api/product/reviews/load/{id}", () => {
  it("answers each review's photos as gallery media items", async ({ platform }) => {
    const apron = await loadReviews(platform, "DEMO-VARIATION");
    const sakura = apron.find((review) => review.nickname === "さくら");
    expect(sakura?.gallery).toHaveLength(2);
    for (const item of sakura?.gallery ?? []) {
      expect(Object.keys(item).sort()).toEqual(["ext", "filename", "folder", "height", "id", "thumbnail_m", "thumbnail_xl", "width"]);
      expect(item.thumbnail_xl).toBe(`/media/reviews/${item.id}/xl`);
    }
    expect(apron.find((review) => review.nickname === "ひろ")?.gallery).toEqual([]);
  });
});

describe("GET /media/reviews/{id}/{m|xl}", () => {
  it("serves a published review's photo to anyone, cacheable", async ({ platform }) => {
    const [kuma] = (await loadReviews(platform, "DEMO-SIMPLE")).find((review) => review.nickname === "くまさん")?.gallery ?? [];
    for (const size of ["m", "xl"]) {
      const response = await photo(platform, kuma!.id, size);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it("answers 404 for a hidden review's photo, a draft product's, a ticket attachment and unknown ids or sizes", async ({ platform }) => {
    const [rice] = (await loadReviews(platform, "FOOD-RICE")).find((review) => review.nickname === "のりたま")?.gallery ?? [];
    const row = await platform.db.select({ reviewId: media.reviewId }).from(media).where(eq(media.id, rice!.id)).get();
    await platform.db.update(reviews).set({ status: "hidden" }).where(eq(reviews.id, row!.reviewId!));
    expect((await photo(platform, rice!.id)).status).toBe(404);
    await platform.db.update(reviews).set({ status: "published" }).where(eq(reviews.id, row!.reviewId!));
    expect((await photo(platform, rice!.id)).status).toBe(200);
    await platform.db.update(products).set({ status: "draft" }).where(eq(products.sku, "FOOD-RICE"));
    expect((await photo(platform, rice!.id)).status).toBe(404);
    await platform.db.update(products).set({ status: "published" }).where(eq(products.sku, "FOOD-RICE"));

    const ticketImage = await storeImage(platform.db, platform.env.ATTACHMENTS, MEMBER_ID, fileOf(pngBytes(2, 2), "a.png"));
    expect(ticketImage.ok).toBe(true);
    if (ticketImage.ok) expect((await photo(platform, ticketImage.item.id)).status).toBe(404);
    expect((await photo(platform, 999_999)).status).toBe(404);
    expect((await photo(platform, rice!.id, "huge")).status).toBe(404);
    expect((await photo(platform, "abc")).status).toBe(400);
  });
});
