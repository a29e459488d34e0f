import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES, PRODUCT_IMAGE_ALT_MAX_LENGTH, PRODUCT_IMAGE_MAX_PIXELS } from "~/core/limits";
import { PhotoFormSchema } from "~/core/catalogue/product-image-forms";
import {
  PRODUCT_IMAGE_TEXT,
  productImageKey,
  productImageRefusal,
  productImageSrc,
  productImageSrcSet,
  productImageUrl,
  productPhotosPath,
  renditionKey,
  renditionSize,
  reorderedPhotos,
  servedSize,
} from "~/core/catalogue/product-images";

const HASH = "0123456789abcdef";

describe("renditionSize: the list, product page and zoom sizes, never enlarged", () => {
  it("scales a 2000×1500 photo to 400, 800 and 1600 px wide, ratio kept", () => {
    const photo = { width: 2000, height: 1500 };
    expect(renditionSize(photo, "s")).toEqual({ width: 400, height: 300 });
    expect(renditionSize(photo, "m")).toEqual({ width: 800, height: 600 });
    expect(renditionSize(photo, "l")).toEqual({ width: 1600, height: 1200 });
  });

  it("keeps a photo narrower than a size as it is, and rounds odd ratios", () => {
    expect(renditionSize({ width: 300, height: 600 }, "m")).toEqual({ width: 300, height: 600 });
    expect(renditionSize({ width: 801, height: 3 }, "m")).toEqual({ width: 800, height: 3 });
    expect(renditionSize({ width: 4000, height: 1 }, "s")).toEqual({ width: 400, height: 1 });
  });
});

describe("where a photo lives and is served", () => {
  it("keys every rendition under the photo's prefix, and serves it at a URL carrying the content hash", () => {
    const key = productImageKey(58, HASH);
    expect(key).toBe(`products/58/${HASH}`);
    expect(renditionKey(key, "l")).toBe(`products/58/${HASH}/l.webp`);
    expect(productImageUrl(58, HASH, "m")).toBe(`/media/products/58/${HASH}/m.webp`);
  });

  it("picks another size of an uploaded photo's URL; the seed's files are one URL at every size", () => {
    const url = productImageUrl(58, HASH, "m");
    expect(productImageSrc(url, "s")).toBe(`/media/products/58/${HASH}/s.webp`);
    expect(productImageSrc(url, "l")).toBe(`/media/products/58/${HASH}/l.webp`);
    expect(productImageSrc("/images/products/demo-simple.svg", "s")).toBe("/images/products/demo-simple.svg");
    expect(productImageSrc("/media/products/58/not-a-hash/m.webp", "s")).toBe("/media/products/58/not-a-hash/m.webp");
  });

  it("lists the sizes up to the widest drawn in srcset, with their real widths", () => {
    const url = productImageUrl(58, HASH, "m");
    expect(productImageSrcSet(url, { width: 1600, height: 1200 }, "m")).toBe(`/media/products/58/${HASH}/s.webp 400w, /media/products/58/${HASH}/m.webp 800w`);
    expect(productImageSrcSet(url, { width: 500, height: 500 }, "m")).toBe(`/media/products/58/${HASH}/s.webp 400w, /media/products/58/${HASH}/m.webp 500w`);
    expect(productImageSrcSet("/images/products/demo-simple.svg", { width: 600, height: 600 }, "m")).toBeNull();
  });

  it("serves only s, m and l as WebP", () => {
    expect(servedSize("s.webp")).toBe("s");
    expect(servedSize("l.webp")).toBe("l");
    for (const file of ["x.webp", "m.jpg", "original.jpg", "m", "m.webp.webp", ""]) expect(servedSize(file), file).toBeNull();
  });

  it("puts the photo page under /crm for staff and /merchant for a merchant", () => {
    expect(productPhotosPath("staff", 7)).toBe("/crm/products/7/images");
    expect(productPhotosPath("merchant", 7)).toBe("/merchant/products/7/images");
  });
});

describe("productImageRefusal: what a file must be before it is resized", () => {
  const ok = { bytes: 1000, kind: "jpg" as const, size: { width: 2000, height: 1500 } };
  it("takes JPEG, PNG and WebP within the limits", () => {
    for (const kind of ["jpg", "png", "webp"] as const) expect(productImageRefusal({ ...ok, kind })).toBeNull();
    expect(productImageRefusal({ ...ok, bytes: MEDIA_MAX_BYTES })).toBeNull();
    expect(productImageRefusal({ ...ok, size: { width: 12_000, height: 8_000 } })).toBeNull();
  });

  it("refuses nothing sent, too many bytes, a GIF or no image, and too many pixels", () => {
    expect(productImageRefusal({ ...ok, bytes: 0 })).toBe(PRODUCT_IMAGE_TEXT.noFile);
    expect(productImageRefusal({ ...ok, bytes: MEDIA_MAX_BYTES + 1 })).toBe(PRODUCT_IMAGE_TEXT.tooLarge);
    expect(productImageRefusal({ ...ok, kind: "gif" })).toBe(PRODUCT_IMAGE_TEXT.notImage);
    expect(productImageRefusal({ ...ok, kind: null })).toBe(PRODUCT_IMAGE_TEXT.notImage);
    expect(productImageRefusal({ ...ok, size: null })).toBe(PRODUCT_IMAGE_TEXT.notImage);
    expect(productImageRefusal({ ...ok, size: { width: 12_001, height: 10 } })).toBe(PRODUCT_IMAGE_TEXT.tooManyPixels);
    expect(productImageRefusal({ ...ok, size: { width: 10_000, height: PRODUCT_IMAGE_MAX_PIXELS / 10_000 + 1 } })).toBe(PRODUCT_IMAGE_TEXT.tooManyPixels);
  });
});

describe("reorderedPhotos: up, down and main", () => {
  const ids = [10, 11, 12];
  it("swaps with the neighbour, puts the main photo first, and stays put at the ends", () => {
    expect(reorderedPhotos(ids, 12, "up")).toEqual([10, 12, 11]);
    expect(reorderedPhotos(ids, 10, "down")).toEqual([11, 10, 12]);
    expect(reorderedPhotos(ids, 12, "main")).toEqual([12, 10, 11]);
    expect(reorderedPhotos(ids, 10, "up")).toEqual(ids);
    expect(reorderedPhotos(ids, 12, "down")).toEqual(ids);
    expect(reorderedPhotos(ids, 10, "main")).toEqual(ids);
  });

  it("answers null for a photo that is not among them", () => {
    expect(reorderedPhotos(ids, 99, "up")).toBeNull();
  });
});

describe("PhotoFormSchema: the photo page's posts", () => {
  it("requires alt text (spaces alone are none), at most the limit, and a variation id or nothing", () => {
    const parse = (fields: Record<string, string>) => v.safeParse(PhotoFormSchema, fields);
    expect(parse({ intent: "upload", alt: "　正面　の写真 " }).output).toEqual({ intent: "upload", alt: "正面 の写真", variationId: null });
    expect(parse({ intent: "upload", alt: "写真", variationId: "2" }).output).toMatchObject({ variationId: 2 });
    expect(parse({ intent: "upload", alt: "　 " }).issues?.[0]?.message).toBe(PRODUCT_IMAGE_TEXT.altRequired);
    expect(parse({ intent: "upload", alt: "あ".repeat(PRODUCT_IMAGE_ALT_MAX_LENGTH + 1) }).issues?.[0]?.message).toBe(PRODUCT_IMAGE_TEXT.altTooLong);
    expect(parse({ intent: "upload", alt: "写真", variationId: "x" }).issues?.[0]?.message).toBe(PRODUCT_IMAGE_TEXT.variation);
    expect(parse({ intent: "main", mediaId: "5" }).output).toEqual({ intent: "main", mediaId: 5 });
    expect(parse({ intent: "rotate", mediaId: "5" }).success).toBe(false);
  });
});
