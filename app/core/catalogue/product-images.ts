/**
 * Product photos uploaded in the back office (issue 17, docs/decisions/0017-product-images.md): which
 * files are accepted, the sizes they are resized to once at upload (list thumbnail, product page, zoom),
 * where the renditions live in R2 and the URL they are served at (the content hash in it, so a changed
 * photo gets a new URL and every URL can be cached for a year), the order of a product's photos, and the
 * editor's messages. Pure: no I/O. The seed's photos are files under public/ (r2_key null) and keep their
 * own URL at every size.
 */
import type { CatalogueScope } from "./catalogue-scope";
import { MEDIA_MAX_BYTES, PRODUCT_IMAGE_ALT_MAX_LENGTH, PRODUCT_IMAGE_LIMIT } from "../limits";
import { exceedsPixelLimit, TOO_MANY_PIXELS_TEXT } from "./image-pixels";
import type { ImageKind, PixelSize } from "./images";

/** The renditions made of each upload: s = list thumbnail (cards, cart, gallery thumbnails), m = product page, l = zoom. */
export const PRODUCT_IMAGE_SIZES = ["s", "m", "l"] as const;
export type ProductImageSize = (typeof PRODUCT_IMAGE_SIZES)[number];

/**
 * Widest side of each rendition, in pixels: a card is up to 300 CSS px and the product page's picture up
 * to 400 CSS px wide, both drawn at 2× on a phone; the zoom shows 2× of the product page. A smaller
 * upload is never enlarged.
 */
export const PRODUCT_IMAGE_WIDTHS: Record<ProductImageSize, number> = { s: 400, m: 800, l: 1600 };

/** The format and quality of every rendition (WebP: every browser the shop supports shows it; see the decision note). */
export const PRODUCT_IMAGE_FORMAT = { ext: "webp", contentType: "image/webp", quality: 82 } as const;

/** The uploads accepted, by their bytes: JPEG, PNG and WebP (a GIF may be animated; SVG can carry script). */
export const PRODUCT_IMAGE_KINDS: readonly ImageKind[] = ["jpg", "png", "webp"];

/** What the photo editor says. */
export const PRODUCT_IMAGE_TEXT = {
  noFile: "画像ファイルを選択してください。",
  notImage: "JPEG・PNG・WebPの画像ファイルを選択してください。",
  tooLarge: `画像のサイズが大きすぎます（1枚${Math.floor(MEDIA_MAX_BYTES / 1024 / 1024)}MBまで）。`,
  tooManyPixels: TOO_MANY_PIXELS_TEXT,
  limit: `商品画像は1商品${PRODUCT_IMAGE_LIMIT}枚までです。不要な画像を削除してから追加してください。`,
  duplicate: "同じ画像がすでに登録されています。",
  altRequired: "画像の説明（代替テキスト）を入力してください。",
  altTooLong: `画像の説明は${PRODUCT_IMAGE_ALT_MAX_LENGTH}文字以内で入力してください。`,
  variation: "対象のバリエーションを選び直してください。",
  notFound: "画像が見つかりません。",
  productNotFound: "商品が見つかりません。",
  resizeFailed: "画像を変換できませんでした。別の画像でお試しください。",
  uploaded: "画像を追加しました。",
  replaced: "画像を差し替えました。",
  saved: "画像の説明を保存しました。",
  moved: "画像の順番を変更しました。",
  main: "メイン画像に設定しました。",
  deleted: "画像を削除しました。",
} as const;

/** Why a file cannot be a product photo (null: it may be resized), from what its header says. */
export function productImageRefusal(file: { bytes: number; kind: ImageKind | null; size: PixelSize | null }): string | null {
  if (file.bytes === 0) return PRODUCT_IMAGE_TEXT.noFile;
  if (file.bytes > MEDIA_MAX_BYTES) return PRODUCT_IMAGE_TEXT.tooLarge;
  if (!file.kind || !PRODUCT_IMAGE_KINDS.includes(file.kind) || !file.size) return PRODUCT_IMAGE_TEXT.notImage;
  if (exceedsPixelLimit(file.size)) return PRODUCT_IMAGE_TEXT.tooManyPixels;
  return null;
}

/** The pixel size of one rendition of a photo of `original` size: at most its width wide, never enlarged, ratio kept. */
export function renditionSize(original: PixelSize, size: ProductImageSize): PixelSize {
  const width = Math.min(PRODUCT_IMAGE_WIDTHS[size], original.width);
  return { width, height: Math.max(1, Math.round((original.height * width) / original.width)) };
}

/** The R2 prefix of a photo's objects (product_media.r2_key): its renditions and the original sit under it. */
export function productImageKey(productId: number, contentHash: string): string {
  return `products/${productId}/${contentHash}`;
}

/** The R2 object of one rendition. */
export function renditionKey(r2Key: string, size: ProductImageSize): string {
  return `${r2Key}/${size}.${PRODUCT_IMAGE_FORMAT.ext}`;
}

/** The R2 object of the original upload (metadata stripped), kept to make other sizes later. */
export function originalKey(r2Key: string, kind: ImageKind): string {
  return `${r2Key}/original.${kind}`;
}

const PUBLIC_PREFIX = "/media/products";

/** Where one rendition is served; the product page's size is what product_media.url holds. */
export function productImageUrl(productId: number, contentHash: string, size: ProductImageSize): string {
  return `${PUBLIC_PREFIX}/${productId}/${contentHash}/${size}.${PRODUCT_IMAGE_FORMAT.ext}`;
}

/** The picture shown where a product has no photo yet (a file under public/, one size). */
export const NO_PRODUCT_IMAGE_URL = "/images/no-image.svg";

/** A product's picture at `size`, or the placeholder when it has no photo. */
export function productImageOrPlaceholder(url: string | null | undefined, size: ProductImageSize): string {
  return url ? productImageSrc(url, size) : NO_PRODUCT_IMAGE_URL;
}

/** A content hash as it appears in the URL: the first 16 hex digits of the bytes' SHA-256. */
export const CONTENT_HASH_PATTERN = /^[0-9a-f]{16}$/;

const SERVED_URL = new RegExp(`^(${PUBLIC_PREFIX}/\\d+/[0-9a-f]{16}/)(s|m|l)\\.${PRODUCT_IMAGE_FORMAT.ext}$`);

/**
 * The URL of a product photo (product_media.url, as every listing reads it) at another size. An uploaded
 * photo's URL names its size; a file under public/ (the seed's pictures) is the same at every size.
 */
export function productImageSrc(url: string, size: ProductImageSize): string {
  const match = SERVED_URL.exec(url);
  return match ? `${match[1]}${size}.${PRODUCT_IMAGE_FORMAT.ext}` : url;
}

/** `srcset` for a product photo drawn at up to `widest` (null for the seed's files, which have one size). */
export function productImageSrcSet(url: string, original: PixelSize, widest: ProductImageSize): string | null {
  if (!SERVED_URL.test(url)) return null;
  const sizes = PRODUCT_IMAGE_SIZES.slice(0, PRODUCT_IMAGE_SIZES.indexOf(widest) + 1);
  return sizes.map((size) => `${productImageSrc(url, size)} ${renditionSize(original, size).width}w`).join(", ");
}

/** The served file a URL asks for (`m.webp` → "m"); null for anything else (the route answers 404). */
export function servedSize(file: string): ProductImageSize | null {
  const size = file.replace(new RegExp(`\\.${PRODUCT_IMAGE_FORMAT.ext}$`), "");
  return file.endsWith(`.${PRODUCT_IMAGE_FORMAT.ext}`) && (PRODUCT_IMAGE_SIZES as readonly string[]).includes(size) ? (size as ProductImageSize) : null;
}

// ─── Order ─────────────────────────────────────────────────────────────────────────────────

export type PhotoMove = "up" | "down" | "main";

/**
 * The photos' ids in their new order after moving one: up/down swap it with its neighbour, main puts it
 * first (position 0 is the product's main photo). Null when the id is not among them; the same order when
 * it cannot move further.
 */
export function reorderedPhotos(ids: readonly number[], id: number, move: PhotoMove): number[] | null {
  const index = ids.indexOf(id);
  if (index < 0) return null;
  const order = [...ids];
  if (move === "main") return [id, ...order.filter((other) => other !== id)];
  const target = move === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= order.length) return order;
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/** The photo page of a product: /crm/products/{id}/images for staff, /merchant/products/{id}/images for its merchant. */
export function productPhotosPath(scope: CatalogueScope["kind"], productId: number): string {
  return `${scope === "staff" ? "/crm" : "/merchant"}/products/${productId}/images`;
}
