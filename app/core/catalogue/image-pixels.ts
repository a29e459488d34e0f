/**
 * How many pixels an uploaded picture may have: the product photos' limits (app/core/limits.ts, the
 * resizer's input limits), for ticket, return and review photos too. A few hundred bytes of PNG can claim
 * 60,000×60,000 pixels, which the browser of whoever opens it must decode (gigabytes of memory). Pure; its
 * own module so the photo rules (product-images.ts) and the upload rules (images.ts) share it without
 * importing each other.
 */
import { PRODUCT_IMAGE_MAX_PIXELS, PRODUCT_IMAGE_MAX_SIDE } from "../limits";

/** Whether a picture of this width and height is larger than any upload may be, on a side or in area. */
export function exceedsPixelLimit({ width, height }: { width: number; height: number }): boolean {
  return Math.max(width, height) > PRODUCT_IMAGE_MAX_SIDE || width * height > PRODUCT_IMAGE_MAX_PIXELS;
}

/** Why such a picture is refused, with the limits in words (12,000 → 「12,000」, 100,000,000 → 「1億」). */
export const TOO_MANY_PIXELS_TEXT = `画像の縦横が大きすぎます（一辺${/* @__PURE__ */ digitsGrouped(PRODUCT_IMAGE_MAX_SIDE)}ピクセル・${/* @__PURE__ */ japaneseCount(PRODUCT_IMAGE_MAX_PIXELS)}画素まで）。`;

// Marked pure at the call: bundlers cannot tell that formatting a number changes nothing, and would keep
// this module (and a chunk cycle with it) in every page that imports the upload rules.
function digitsGrouped(value: number): string {
  return value.toLocaleString("ja-JP");
}

function japaneseCount(value: number): string {
  return new Intl.NumberFormat("ja-JP", { notation: "compact" }).format(value);
}
