/**
 * Product photos (issue 17 item 2) on a real local D1, R2 and Images binding (miniflare's, backed by
 * sharp): uploads resized once into WebP renditions of the right sizes, the refusals (alt text, not an
 * image by its bytes, too big, duplicate), reorder / main / replace / delete with their R2 objects, the
 * served renditions' headers and URLs, the product's revision bumped by every write, and who may do what.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { MEDIA_MAX_BYTES, PRODUCT_IMAGE_LIMIT } from "~/core/limits";
import { PRODUCT_IMAGE_TEXT, productImageSrc } from "~/core/catalogue/product-images";
import { productMedia, products } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import * as crmPage from "~/routes/crm.products.$productId.images";
import * as merchantPage from "~/routes/merchant.products.$productId.images";
import * as served from "~/routes/media.products.$productId.$hash.$file";
import { productSummaries } from "~/services/catalogue/catalogue.server";
import { fileOf, GIF_1X1, gradientJpegBytes, gradientPngBytes, jpegHeader } from "../support/images";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const WAREHOUSE = productBySku("DEMO-VARIATION"); // the shop's own, with variations
const OWN = productBySku("FOOD-BUTTER"); // 十勝しあわせ牧場 (the `merchant` fixture)
const OTHERS = productBySku("KITCHEN-CHAWAN"); // 有田 青華窯 (the `otherMerchant` fixture)

type Desk = "crm" | "merchant";
const routes = { crm: crmPage, merchant: merchantPage };
const pathOf = (desk: Desk, productId: number) => `/${desk}/products/${productId}/images`;

/** A multipart post of the photo page, as a plain form without JS sends it. */
function post(platform: TestPlatform, desk: Desk, productId: number, cookie: string, fields: Record<string, string>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("file", file);
  const request = new Request(`${TEST_ORIGIN}${pathOf(desk, productId)}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, Cookie: cookie, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
  return run(platform, routes[desk].action as RouteHandler, request, { productId: String(productId) });
}

const page = (platform: TestPlatform, desk: Desk, productId: number, cookie?: string) =>
  run(platform, routes[desk].loader as RouteHandler, pageRequest(pathOf(desk, productId), cookie), { productId: String(productId) });

const serve = (platform: TestPlatform, url: string, headers: Record<string, string> = {}) => {
  const [, , , productId, hash, file] = url.split("/");
  const request = new Request(`${TEST_ORIGIN}${url}`, { headers });
  return run(platform, served.loader as RouteHandler, request, { productId: productId!, hash: hash!, file: file! });
};

const photosOf = (platform: TestPlatform, productId: number) =>
  platform.db.select().from(productMedia).where(eq(productMedia.productId, productId)).orderBy(asc(productMedia.position), asc(productMedia.id));

const revisionOf = async (platform: TestPlatform, productId: number) =>
  (await platform.db.select({ revision: products.revision, updatedAt: products.updatedAt }).from(products).where(eq(products.id, productId)))[0]!;

async function objectKeys(platform: TestPlatform, prefix: string): Promise<string[]> {
  return (await platform.env.ATTACHMENTS.list({ prefix })).objects.map((object) => object.key).sort();
}

async function webpInfo(platform: TestPlatform, bytes: ArrayBuffer) {
  return platform.env.IMAGES.info(new Blob([bytes]).stream());
}

const jpeg = (platform: TestPlatform, width: number, height: number, seed = 0) =>
  gradientJpegBytes(platform.env.IMAGES, width, height, seed).then((bytes) => fileOf(bytes, `photo-${seed}.jpg`, "image/jpeg"));

describe("uploading a product photo", () => {
  it("resizes a 2000px JPEG once into WebP renditions for the list, the product page and the zoom, stored in R2", async ({ platform, staff }) => {
    const before = await revisionOf(platform, WAREHOUSE.id);
    const photosBefore = await photosOf(platform, WAREHOUSE.id);
    const file = await jpeg(platform, 2000, 1500, 1);
    const started = performance.now();
    const outcome = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "upload", alt: "  紺のエプロン　正面  " }, [file]);
    const elapsed = performance.now() - started;
    console.info(`upload + resize of a 2000×1500 JPEG (${Math.round(file.size / 1024)} KB): ${Math.round(elapsed)} ms`);
    expect(outcome.status).toBe(303);
    expect(outcome.response?.headers.get("Location")).toBe(`${pathOf("crm", WAREHOUSE.id)}?notice=uploaded#result`);

    const photos = await photosOf(platform, WAREHOUSE.id);
    expect(photos).toHaveLength(photosBefore.length + 1);
    const added = photos.at(-1)!;
    expect(added.contentHash).toMatch(/^[0-9a-f]{16}$/);
    expect(added).toMatchObject({
      alt: "紺のエプロン 正面",
      variationId: null,
      url: `/media/products/${WAREHOUSE.id}/${added.contentHash}/m.webp`,
      r2Key: `products/${WAREHOUSE.id}/${added.contentHash}`,
      width: 1600,
      height: 1200,
      position: Math.max(...photosBefore.map((photo) => photo.position)) + 1,
    });
    expect(await objectKeys(platform, `${added.r2Key}/`)).toEqual(["l.webp", "m.webp", "original.jpg", "s.webp"].map((name) => `${added.r2Key}/${name}`));
    for (const [size, width, height] of [
      ["s", 400, 300],
      ["m", 800, 600],
      ["l", 1600, 1200],
    ] as const) {
      const object = await platform.env.ATTACHMENTS.get(`${added.r2Key}/${size}.webp`);
      expect(object?.httpMetadata?.contentType).toBe("image/webp");
      expect(await webpInfo(platform, await object!.arrayBuffer())).toMatchObject({ format: "image/webp", width, height });
    }
    const after = await revisionOf(platform, WAREHOUSE.id);
    expect(after.revision).toBe(before.revision + 1);
    expect(after.updatedAt).not.toBeNull();
  });

  it("never enlarges a small photo and takes PNG and several files at once, each with the alt text and variation given", async ({ platform, staff }) => {
    const count = (await photosOf(platform, WAREHOUSE.id)).length;
    const files = [fileOf(gradientPngBytes(300, 600, 2), "a.png"), fileOf(gradientPngBytes(640, 480, 3), "b.png")];
    const outcome = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "upload", alt: "生成り", variationId: "2" }, files);
    expect(outcome.status).toBe(303);
    const photos = await photosOf(platform, WAREHOUSE.id);
    expect(photos).toHaveLength(count + 2);
    const [tall, wide] = photos.slice(-2);
    expect(tall).toMatchObject({ alt: "生成り", variationId: 2, width: 300, height: 600 });
    expect(wide).toMatchObject({ alt: "生成り", variationId: 2, width: 640, height: 480 });
    const small = await platform.env.ATTACHMENTS.get(`${tall!.r2Key}/s.webp`);
    expect(await webpInfo(platform, await small!.arrayBuffer())).toMatchObject({ width: 300, height: 600 });
  });

  it("refuses without alt text, a non-image named .jpg, a GIF, an image's first bytes with nothing behind them, a file over the limit and a duplicate — changing nothing", async ({
    platform,
    staff,
  }) => {
    const before = await revisionOf(platform, WAREHOUSE.id);
    const count = (await photosOf(platform, WAREHOUSE.id)).length;
    const objects = await objectKeys(platform, "products/");
    const tooBig = new Uint8Array(MEDIA_MAX_BYTES + 1);
    tooBig.set(jpegHeader(800, 600));
    const existing = (await photosOf(platform, WAREHOUSE.id)).at(-1)!;
    const existingBytes = await (await platform.env.ATTACHMENTS.get(`${existing.r2Key}/original.png`))!.arrayBuffer();
    const cases: [Record<string, string>, File[], number, string][] = [
      [{ intent: "upload", alt: "  " }, [await jpeg(platform, 100, 100, 4)], 400, PRODUCT_IMAGE_TEXT.altRequired],
      [
        { intent: "upload", alt: "説明" },
        [fileOf(new TextEncoder().encode("<html>not a photo</html>"), "photo.jpg", "image/jpeg")],
        415,
        PRODUCT_IMAGE_TEXT.notImage,
      ],
      [{ intent: "upload", alt: "説明" }, [fileOf(GIF_1X1, "anim.gif", "image/gif")], 415, PRODUCT_IMAGE_TEXT.notImage],
      [{ intent: "upload", alt: "説明" }, [fileOf(jpegHeader(640, 480), "broken.jpg", "image/jpeg")], 415, PRODUCT_IMAGE_TEXT.notImage],
      [{ intent: "upload", alt: "説明" }, [fileOf(tooBig, "huge.jpg", "image/jpeg")], 413, PRODUCT_IMAGE_TEXT.tooLarge],
      [{ intent: "upload", alt: "説明" }, [fileOf(new Uint8Array(existingBytes), "again.png")], 409, PRODUCT_IMAGE_TEXT.duplicate],
      [{ intent: "upload", alt: "説明" }, [], 400, PRODUCT_IMAGE_TEXT.noFile],
      [{ intent: "upload", alt: "説明", variationId: "99" }, [await jpeg(platform, 100, 100, 5)], 400, PRODUCT_IMAGE_TEXT.variation],
    ];
    for (const [fields, files, status, error] of cases) {
      const outcome = await post(platform, "crm", WAREHOUSE.id, staff, fields, files);
      expect(outcome.status, error).toBe(status);
      expect(await valueOf(outcome)).toMatchObject({ error });
    }
    expect(await photosOf(platform, WAREHOUSE.id)).toHaveLength(count);
    expect((await revisionOf(platform, WAREHOUSE.id)).revision).toBe(before.revision);
    expect(await objectKeys(platform, "products/")).toEqual(objects);
  });
});

describe("serving the renditions", () => {
  it("answers each size as WebP cached for a year, to anyone, and 404 for any other URL", async ({ platform, member }) => {
    const [photo] = (await photosOf(platform, WAREHOUSE.id)).filter((row) => row.r2Key != null);
    for (const size of ["s", "m", "l"] as const) {
      const outcome = await serve(platform, productImageSrc(photo!.url, size), { Cookie: member });
      expect(outcome.status).toBe(200);
      const headers = outcome.response!.headers;
      expect(headers.get("Content-Type")).toBe("image/webp");
      expect(headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const again = await serve(platform, productImageSrc(photo!.url, size), { "If-None-Match": headers.get("ETag")! });
      expect(again.status).toBe(304);
    }
    const base = `/media/products/${WAREHOUSE.id}`;
    for (const url of [
      `${base}/${"0".repeat(16)}/m.webp`,
      `${base}/${photo!.contentHash}/x.webp`,
      `${base}/${photo!.contentHash}/original.jpg`,
      `/media/products/0/${photo!.contentHash}/m.webp`,
    ]) {
      expect((await serve(platform, url)).status, url).toBe(404);
    }
  });
});

describe("the product's limit and a draft product", () => {
  it("refuses photos beyond the product's limit, changing nothing", async ({ platform, staff }) => {
    const chawan = productBySku("DEMO-MERCHANT");
    const existing = (await photosOf(platform, chawan.id)).length;
    // One row per statement: D1 binds at most 100 values per statement.
    const fillers = Array.from({ length: PRODUCT_IMAGE_LIMIT - existing - 1 }, (_, index) =>
      platform.db.insert(productMedia).values({ productId: chawan.id, url: "/images/no-image.svg", alt: "既存", position: 10 + index }),
    );
    await platform.db.batch(fillers as [(typeof fillers)[number], ...typeof fillers]);
    const two = [fileOf(gradientPngBytes(50, 50, 31), "a.png"), fileOf(gradientPngBytes(50, 50, 32), "b.png")];
    const refused = await post(platform, "crm", chawan.id, staff, { intent: "upload", alt: "追加" }, two);
    expect(refused.status).toBe(409);
    expect(await valueOf(refused)).toMatchObject({ error: PRODUCT_IMAGE_TEXT.limit });
    expect(await photosOf(platform, chawan.id)).toHaveLength(PRODUCT_IMAGE_LIMIT - 1);
    const last = await post(platform, "crm", chawan.id, staff, { intent: "upload", alt: "追加" }, two.slice(0, 1));
    expect(last.status).toBe(303);
    expect(await photosOf(platform, chawan.id)).toHaveLength(PRODUCT_IMAGE_LIMIT);
  });

  it("still serves a draft product's photos (public content; the editor and previews show them)", async ({ platform }) => {
    const photo = (await photosOf(platform, WAREHOUSE.id)).find((row) => row.r2Key != null)!;
    await platform.db.update(products).set({ status: "draft" }).where(eq(products.id, WAREHOUSE.id));
    try {
      expect((await serve(platform, photo.url)).status).toBe(200);
    } finally {
      await platform.db.update(products).set({ status: "published" }).where(eq(products.id, WAREHOUSE.id));
    }
  });
});

describe("arranging the photos", () => {
  it("moves a photo up and down, makes one the main photo, each in one batch bumping the product's revision", async ({ platform, staff }) => {
    const ids = (await photosOf(platform, WAREHOUSE.id)).map((photo) => photo.id);
    const last = ids.at(-1)!;
    let revision = (await revisionOf(platform, WAREHOUSE.id)).revision;
    const step = async (intent: string, mediaId: number, expected: number[]) => {
      const outcome = await post(platform, "crm", WAREHOUSE.id, staff, { intent, mediaId: String(mediaId) });
      expect(outcome.status).toBe(303);
      const photos = await photosOf(platform, WAREHOUSE.id);
      expect(photos.map((photo) => photo.id)).toEqual(expected);
      expect(photos.map((photo) => photo.position)).toEqual(expected.map((_, index) => index));
      revision += 1;
      expect((await revisionOf(platform, WAREHOUSE.id)).revision).toBe(revision);
    };
    const swapped = [...ids.slice(0, -2), last, ids.at(-2)!];
    await step("up", last, swapped);
    await step("down", last, ids);
    await step("main", last, [last, ...ids.slice(0, -1)]);
    // The listings and the product page read the main photo from product_media.url.
    const [summary] = await productSummaries(platform.db, eq(products.id, WAREHOUSE.id), [], 1);
    expect(summary?.image).toMatch(new RegExp(`^/media/products/${WAREHOUSE.id}/[0-9a-f]{16}/m\\.webp$`));
  });

  it("keeps every move when two editors post at once (the later batch is planned again on the fresh order)", async ({ platform, staff }) => {
    const ids = (await photosOf(platform, WAREHOUSE.id)).map((photo) => photo.id);
    const before = (await revisionOf(platform, WAREHOUSE.id)).revision;
    const outcomes = await Promise.all([
      post(platform, "crm", WAREHOUSE.id, staff, { intent: "main", mediaId: String(ids[2]) }),
      post(platform, "crm", WAREHOUSE.id, staff, { intent: "describe", mediaId: String(ids[1]), alt: "同時に保存", variationId: "" }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([303, 303]);
    const photos = await photosOf(platform, WAREHOUSE.id);
    expect(photos[0]?.id).toBe(ids[2]);
    expect(photos.find((photo) => photo.id === ids[1])?.alt).toBe("同時に保存");
    expect((await revisionOf(platform, WAREHOUSE.id)).revision).toBe(before + 2);
  });

  it("saves alt text (required) and the variation a photo shows", async ({ platform, staff }) => {
    const [photo] = await photosOf(platform, WAREHOUSE.id);
    const refused = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "describe", mediaId: String(photo!.id), alt: "" });
    expect(refused.status).toBe(400);
    expect(await valueOf(refused)).toMatchObject({ error: PRODUCT_IMAGE_TEXT.altRequired, field: "alt", mediaId: photo!.id });
    const saved = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "describe", mediaId: String(photo!.id), alt: "紺の後ろ姿", variationId: "1" });
    expect(saved.status).toBe(303);
    expect((await photosOf(platform, WAREHOUSE.id))[0]).toMatchObject({ alt: "紺の後ろ姿", variationId: 1 });
  });
});

describe("replacing and deleting", () => {
  it("replaces a photo's image: a new URL, the same place and alt text, the old objects gone", async ({ platform, staff }) => {
    const photo = (await photosOf(platform, WAREHOUSE.id)).find((row) => row.r2Key != null)!;
    const outcome = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "replace", mediaId: String(photo.id) }, [await jpeg(platform, 1200, 900, 9)]);
    expect(outcome.status).toBe(303);
    const replaced = (await photosOf(platform, WAREHOUSE.id)).find((row) => row.id === photo.id)!;
    expect(replaced).toMatchObject({ alt: photo.alt, position: photo.position, width: 1200, height: 900 });
    expect(replaced.url).not.toBe(photo.url);
    expect(replaced.contentHash).not.toBe(photo.contentHash);
    expect(await objectKeys(platform, `${photo.r2Key}/`)).toEqual([]);
    expect((await serve(platform, photo.url)).status).toBe(404);
    expect((await serve(platform, replaced.url)).status).toBe(200);
  });

  it("deletes a photo with its R2 objects", async ({ platform, staff }) => {
    const photo = (await photosOf(platform, WAREHOUSE.id)).find((row) => row.r2Key != null)!;
    expect(await objectKeys(platform, `${photo.r2Key}/`)).toHaveLength(4);
    const outcome = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "delete", mediaId: String(photo.id) });
    expect(outcome.status).toBe(303);
    expect((await photosOf(platform, WAREHOUSE.id)).some((row) => row.id === photo.id)).toBe(false);
    expect(await objectKeys(platform, `${photo.r2Key}/`)).toEqual([]);
    const again = await post(platform, "crm", WAREHOUSE.id, staff, { intent: "delete", mediaId: String(photo.id) });
    expect(again.status).toBe(404);
  });
});

describe("who may open and change a product's photos", () => {
  it("the product's merchant and staff; another merchant gets 404, a customer 403, a guest the login page", async ({
    platform,
    staff,
    merchant,
    otherMerchant,
    member,
  }) => {
    const cases: [Desk, number, string | undefined, number][] = [
      ["merchant", OWN.id, merchant, 200],
      ["merchant", OTHERS.id, merchant, 404],
      ["merchant", OWN.id, otherMerchant, 404],
      ["merchant", OWN.id, staff, 403],
      ["merchant", OWN.id, member, 403],
      ["merchant", OWN.id, undefined, 302],
      ["crm", OWN.id, staff, 200],
      ["crm", OTHERS.id, staff, 200],
      ["crm", OWN.id, merchant, 403],
      ["crm", OWN.id, member, 403],
      ["crm", OWN.id, undefined, 302],
    ];
    for (const [desk, productId, cookie, status] of cases) {
      expect((await page(platform, desk, productId, cookie)).status, `${desk} ${productId} GET`).toBe(status);
    }
    let seed = 20;
    const file = () => fileOf(gradientPngBytes(64, 64, seed++), "p.png");
    for (const [desk, productId, cookie, status] of cases) {
      const expected = status === 200 ? 303 : status;
      const outcome = await post(platform, desk, productId, cookie ?? "", { intent: "upload", alt: "写真" }, [file()]);
      expect(outcome.status, `${desk} ${productId} POST`).toBe(expected);
    }
    // Every refused post left the product as it was: only the two allowed uploads per product landed.
    const own = (await photosOf(platform, OWN.id)).filter((row) => row.r2Key != null);
    expect(own).toHaveLength(2);
    const theirs = (await photosOf(platform, OTHERS.id)).filter((row) => row.r2Key != null);
    expect(theirs).toHaveLength(1);
    // A photo of another merchant's product cannot be moved, described or deleted through one's own product either.
    const theirCount = (await photosOf(platform, OTHERS.id)).length;
    const deleted = await post(platform, "merchant", OWN.id, merchant, { intent: "delete", mediaId: String(theirs[0]!.id) });
    expect(deleted.status).toBe(404);
    expect(await photosOf(platform, OTHERS.id)).toHaveLength(theirCount);
    expect(await objectKeys(platform, `${theirs[0]!.r2Key}/`)).toHaveLength(4);
    // The renditions are public content: anyone may load them (they are what the shop shows).
    for (const cookie of [undefined, member, merchant, otherMerchant, staff]) {
      expect((await serve(platform, own[0]!.url, cookie ? { Cookie: cookie } : {})).status).toBe(200);
    }
  });
});
