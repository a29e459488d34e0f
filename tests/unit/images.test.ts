import { describe, expect, it } from "vitest";
import {
  canAddImages,
  compressionPlan,
  detectImageType,
  IMAGE_WIDGET_DEFAULTS,
  imageDimensions,
  isImageFile,
  keepCompressed,
  limitPromptFor,
  showAddBox,
  uploadPercent,
  uploadSucceeded,
} from "~/core/catalogue/images";
import { PRODUCT_IMAGE_MAX_PIXELS, PRODUCT_IMAGE_MAX_SIDE } from "~/core/limits";
import { exceedsPixelLimit } from "~/core/catalogue/image-pixels";
import { GIF_1X1, jpegHeader, pngBytes, pngClaimingBytes, webpLosslessHeader } from "../support/images";

const text = (value: string) => new TextEncoder().encode(value);

describe("detectImageType: images only, by their bytes (upload validation)", () => {
  it("knows JPEG, PNG, GIF and WebP by their magic bytes", () => {
    expect(detectImageType(jpegHeader(1, 1))).toBe("jpg");
    expect(detectImageType(pngBytes())).toBe("png");
    expect(detectImageType(GIF_1X1)).toBe("gif");
    expect(detectImageType(text("GIF87a......"))).toBe("gif");
    expect(detectImageType(webpLosslessHeader(1, 1))).toBe("webp");
  });
  it("refuses text, SVG, PDF, HTML, RIFF that is not WebP, truncated signatures and nothing", () => {
    expect(detectImageType(text("hello, I am a .png"))).toBeNull();
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(text("%PDF-1.7"))).toBeNull();
    expect(detectImageType(text("<!doctype html>"))).toBeNull();
    expect(detectImageType(text("RIFF\u0000\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe("imageDimensions: the pixel size from the header", () => {
  it("reads PNG, JPEG (SOF0 after APP0), GIF and WebP (VP8L) sizes", () => {
    expect(imageDimensions(pngBytes(3, 2))).toEqual({ width: 3, height: 2 });
    expect(imageDimensions(jpegHeader(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(imageDimensions(GIF_1X1)).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(webpLosslessHeader(640, 480))).toEqual({ width: 640, height: 480 });
  });
  it("answers null when the header does not say (truncated, not an image)", () => {
    expect(imageDimensions(jpegHeader(10, 10).slice(0, 12))).toBeNull();
    expect(imageDimensions(text("plain text"))).toBeNull();
    expect(imageDimensions(pngBytes().slice(0, 20))).toBeNull();
  });
});

describe("the widget's defaults (spec §9)", () => {
  it("are 5 images, max width 1024, quality 0.92, compression and auto-upload on, credentials off, field 'file'", () => {
    expect(IMAGE_WIDGET_DEFAULTS).toMatchObject({
      limit: 5,
      maxWidth: 1024,
      quality: 0.92,
      enableCompress: true,
      autoUpload: true,
      withCredentials: false,
      name: "file",
      readonly: false,
    });
  });
});

describe("limit and add box (spec §5)", () => {
  it("adds while count + picked stays within the limit; otherwise nothing is added", () => {
    expect(canAddImages(0, 3, 3)).toBe(true);
    expect(canAddImages(2, 1, 3)).toBe(true);
    expect(canAddImages(0, 4, 3)).toBe(false);
    expect(canAddImages(2, 2, 3)).toBe(false);
    expect(canAddImages(3, 1, 3)).toBe(false);
    expect(canAddImages(4, 1, 5)).toBe(true);
    expect(canAddImages(5, 1, 5)).toBe(false);
  });
  it("hides the add box at the limit and when read-only", () => {
    expect(showAddBox(0, 3, false)).toBe(true);
    expect(showAddBox(2, 3, false)).toBe(true);
    expect(showAddBox(3, 3, false)).toBe(false);
    expect(showAddBox(0, 3, true)).toBe(false);
  });
  it("says the limit in the prompt", () => {
    expect(limitPromptFor(3)).toBe("画像は3枚まで追加できます");
  });
  it("takes image files only", () => {
    expect(isImageFile({ type: "image/heic" })).toBe(true);
    expect(isImageFile({ type: "image/png" })).toBe(true);
    expect(isImageFile({ type: "text/plain" })).toBe(false);
    expect(isImageFile({ type: "" })).toBe(false);
  });
});

describe("uploadPercent: loaded over total, rounded up (spec §4)", () => {
  it("rounds up and never passes 100", () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(1, 1000)).toBe(1);
    expect(uploadPercent(333, 1000)).toBe(34);
    expect(uploadPercent(999, 1000)).toBe(100);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(1200, 1000)).toBe(100);
  });
  it("is 0 while the total is unknown", () => {
    expect(uploadPercent(10, 0)).toBe(0);
    expect(uploadPercent(10, Number.NaN)).toBe(0);
  });
  it("counts only HTTP 200 as success", () => {
    expect(uploadSucceeded(200)).toBe(true);
    for (const status of [0, 201, 204, 304, 400, 413, 415, 500]) expect(uploadSucceeded(status)).toBe(false);
  });
});

describe("compressionPlan: min(maxWidth, natural width) at the quality (spec §5)", () => {
  const on = { enableCompress: true, maxWidth: 1024, quality: 0.92 };
  it("scales a wide photo down to maxWidth keeping the ratio", () => {
    expect(compressionPlan({ type: "image/jpeg", width: 4032, height: 3024 }, on)).toEqual({ width: 1024, height: 768, type: "image/jpeg", quality: 0.92 });
  });
  it("keeps the natural width when it is smaller (no upscaling), still at the quality", () => {
    expect(compressionPlan({ type: "image/jpeg", width: 800, height: 600 }, on)).toEqual({ width: 800, height: 600, type: "image/jpeg", quality: 0.92 });
    expect(compressionPlan({ type: "image/png", width: 1024, height: 10 }, on)).toMatchObject({ width: 1024, height: 10 });
  });
  it("re-encodes PNG and other types as JPEG, WebP as WebP; leaves GIFs alone", () => {
    expect(compressionPlan({ type: "image/png", width: 2000, height: 1000 }, on)).toMatchObject({ type: "image/jpeg", width: 1024, height: 512 });
    expect(compressionPlan({ type: "image/heic", width: 2000, height: 1000 }, on)).toMatchObject({ type: "image/jpeg" });
    expect(compressionPlan({ type: "image/webp", width: 2000, height: 1000 }, on)).toMatchObject({ type: "image/webp" });
    expect(compressionPlan({ type: "image/gif", width: 2000, height: 1000 }, on)).toBeNull();
  });
  it("never makes a side 0 and honours another maxWidth and quality", () => {
    expect(compressionPlan({ type: "image/jpeg", width: 10000, height: 1 }, on)).toMatchObject({ width: 1024, height: 1 });
    expect(compressionPlan({ type: "image/jpeg", width: 1000, height: 500 }, { enableCompress: true, maxWidth: 320, quality: 0.5 })).toEqual({
      width: 320,
      height: 160,
      type: "image/jpeg",
      quality: 0.5,
    });
  });
  it("does nothing when compression is off or the size is unknown", () => {
    expect(compressionPlan({ type: "image/jpeg", width: 4000, height: 3000 }, { ...on, enableCompress: false })).toBeNull();
    expect(compressionPlan({ type: "image/jpeg", width: 0, height: 0 }, on)).toBeNull();
  });
  it("keeps the original when re-encoding at the same size did not make it smaller", () => {
    expect(keepCompressed({ size: 1000, width: 800 }, { size: 1200, width: 800 })).toBe(false);
    expect(keepCompressed({ size: 1000, width: 800 }, { size: 900, width: 800 })).toBe(true);
    expect(keepCompressed({ size: 1000, width: 4000 }, { size: 1200, width: 1024 })).toBe(true);
  });
});

describe("exceedsPixelLimit: every upload held to the product photos' side and area", () => {
  it("takes the limits themselves and refuses one pixel more, on a side or in area", () => {
    expect(PRODUCT_IMAGE_MAX_SIDE).toBe(12_000);
    expect(PRODUCT_IMAGE_MAX_PIXELS).toBe(100_000_000);
    expect(exceedsPixelLimit({ width: 1, height: 1 })).toBe(false);
    expect(exceedsPixelLimit({ width: 12_000, height: 8_000 })).toBe(false);
    expect(exceedsPixelLimit({ width: 10_000, height: 10_000 })).toBe(false);
    expect(exceedsPixelLimit({ width: 12_001, height: 1 })).toBe(true);
    expect(exceedsPixelLimit({ width: 1, height: 12_001 })).toBe(true);
    expect(exceedsPixelLimit({ width: 10_000, height: 10_001 })).toBe(true);
  });

  it("reads a 60,000×60,000 PNG's claim from its header", () => {
    const size = imageDimensions(pngClaimingBytes(60_000, 60_000))!;
    expect(size).toEqual({ width: 60_000, height: 60_000 });
    expect(exceedsPixelLimit(size)).toBe(true);
  });
});
