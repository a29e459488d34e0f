/**
 * The bytes side of product photos: an upload checked by its bytes (JPEG, PNG or WebP, size and pixel
 * limits, EXIF/GPS stripped as for every upload), resized ONCE through the Cloudflare Images binding into
 * the WebP renditions the pages use, and stored in R2 under the photo's key with the original beside them.
 * D1 is app/services/catalogue/product-images.server.ts.
 */
import { stripImageMetadata } from "~/core/catalogue/image-metadata";
import { detectImageType, IMAGE_CONTENT_TYPES, imageDimensions, type ImageKind, type PixelSize } from "~/core/catalogue/images";
import {
  originalKey,
  PRODUCT_IMAGE_FORMAT,
  PRODUCT_IMAGE_SIZES,
  PRODUCT_IMAGE_TEXT,
  productImageKey,
  productImageRefusal,
  renditionKey,
  renditionSize,
} from "~/core/catalogue/product-images";

/** An upload that passed the checks: its bytes without metadata, their hash and the pixel size. */
export interface CheckedPhoto {
  kind: ImageKind;
  bytes: Uint8Array;
  contentHash: string;
  size: PixelSize;
}

export type PhotoCheck = { ok: true; photo: CheckedPhoto } | { ok: false; status: 400 | 413 | 415; error: string };

/** The HTTP status of a refused file: nothing sent 400, too big 413, not a photo we take 415. */
function refused(error: string): PhotoCheck {
  const status = error === PRODUCT_IMAGE_TEXT.noFile ? 400 : error === PRODUCT_IMAGE_TEXT.tooLarge || error === PRODUCT_IMAGE_TEXT.tooManyPixels ? 413 : 415;
  return { ok: false, status, error };
}

async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Checks an upload by its bytes, never its name or declared type. The Images binding then reads it
 * (info), so a file with an image's first bytes but nothing decodable behind them is refused as well.
 */
export async function checkPhoto(images: ImagesBinding, file: File): Promise<PhotoCheck> {
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageType(uploaded);
  const refusal = productImageRefusal({ bytes: uploaded.byteLength, kind, size: imageDimensions(uploaded) });
  const bytes = kind && !refusal ? stripImageMetadata(uploaded, kind) : null;
  if (refusal || !kind || !bytes) return refused(refusal ?? PRODUCT_IMAGE_TEXT.notImage);
  try {
    const info = await images.info(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());
    if (!("width" in info) || !(info.width > 0) || !(info.height > 0)) return refused(PRODUCT_IMAGE_TEXT.notImage);
    return { ok: true, photo: { kind, bytes, contentHash: await contentHash(bytes), size: { width: info.width, height: info.height } } };
  } catch {
    return refused(PRODUCT_IMAGE_TEXT.notImage);
  }
}

/** Every R2 object of a photo (its renditions and original), to delete them. */
export function photoObjectKeys(r2Key: string, kind: ImageKind | null = null): string[] {
  const kinds: ImageKind[] = kind ? [kind] : ["jpg", "png", "webp"];
  return [...PRODUCT_IMAGE_SIZES.map((size) => renditionKey(r2Key, size)), ...kinds.map((each) => originalKey(r2Key, each))];
}

/**
 * Resizes the photo into every rendition (in parallel) and stores them and the original in R2. Answers
 * the photo's R2 prefix, or null when the resizer refused it (nothing is left in R2 then).
 */
export async function storePhotoFiles(images: ImagesBinding, bucket: R2Bucket, productId: number, photo: CheckedPhoto): Promise<string | null> {
  const r2Key = productImageKey(productId, photo.contentHash);
  let renditions: { key: string; bytes: ArrayBuffer }[];
  try {
    renditions = await Promise.all(
      PRODUCT_IMAGE_SIZES.map(async (size) => {
        const { width } = renditionSize(photo.size, size);
        const result = await images
          .input(new Blob([photo.bytes as Uint8Array<ArrayBuffer>]).stream())
          .transform({ width, fit: "scale-down" })
          .output({ format: PRODUCT_IMAGE_FORMAT.contentType, quality: PRODUCT_IMAGE_FORMAT.quality });
        return { key: renditionKey(r2Key, size), bytes: await result.response().arrayBuffer() };
      }),
    );
  } catch {
    return null;
  }
  const immutable = { cacheControl: "public, max-age=31536000, immutable" };
  await Promise.all([
    ...renditions.map(({ key, bytes }) => bucket.put(key, bytes, { httpMetadata: { contentType: PRODUCT_IMAGE_FORMAT.contentType, ...immutable } })),
    bucket.put(originalKey(r2Key, photo.kind), photo.bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[photo.kind] } }),
  ]);
  return r2Key;
}
