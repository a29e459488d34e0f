/**
 * A product's photos in the back office (issue 17 item 2): list, add (several at once), replace, edit the
 * alt text and variation, reorder, make main, delete. Every change reads the product (in the editor's
 * scope: another merchant's product is not found) with its photos, plans on what it read, and runs ONE D1
 * batch that first checks the product's revision is still the one read, bumps it with updated_at (the
 * shop shows the change on the next request), then writes the photos. A batch that lost a race to another
 * write of the same product fails whole and is planned again on the fresh state. The bytes are
 * app/services/catalogue/product-image-files.server.ts; R2 objects of a photo that is gone are deleted after the batch.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { PRODUCT_IMAGE_LIMIT } from "~/core/limits";
import { PRODUCT_IMAGE_TEXT, productImageUrl, renditionSize, reorderedPhotos, type PhotoMove } from "~/core/catalogue/product-images";
import type { Database } from "~/db/client.server";
import { productMedia, products, productVariations } from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { checkPhoto, photoObjectKeys, storePhotoFiles, type CheckedPhoto } from "./product-image-files.server";

export type PhotoRow = typeof productMedia.$inferSelect;

/** The product as the photo editor sees it: its photos in order (position 0 is the main one) and variations. */
export interface PhotoEditorState {
  product: { id: number; sku: string; title: string; status: string; revision: number };
  photos: PhotoRow[];
  variations: { id: number; sku: string; title: string }[];
}

/** The product with its photos and variations if the scope may edit it; null (404) otherwise. One round trip. */
export async function loadPhotoEditor(db: Database, scope: CatalogueScope, productId: number): Promise<PhotoEditorState | null> {
  const inScope = and(eq(products.id, productId), productsInScope(scope));
  const scopedId = db.select({ id: products.id }).from(products).where(inScope);
  const [productRows, photos, variations] = await db.batch([
    db
      .select({ id: products.id, sku: products.sku, title: products.title, status: products.status, revision: products.revision })
      .from(products)
      .where(inScope)
      .limit(1),
    db.select().from(productMedia).where(inArray(productMedia.productId, scopedId)).orderBy(asc(productMedia.position), asc(productMedia.id)),
    db
      .select({ id: productVariations.id, sku: productVariations.sku, title: productVariations.title })
      .from(productVariations)
      .where(inArray(productVariations.productId, scopedId))
      .orderBy(asc(productVariations.position), asc(productVariations.id)),
  ]);
  const [product] = productRows;
  return product ? { product, photos, variations } : null;
}

export type PhotoChange = { ok: true; photos: PhotoRow[] } | { ok: false; status: 400 | 404 | 409 | 413 | 415; error: string };

type Plan = { refusal: { status: 400 | 404 | 409 | 413 | 415; error: string } } | { statements: BatchItem<"sqlite">[]; gone?: string[] };

const RACE_RETRIES = 3;

/**
 * Reads the product, plans on it and runs the plan in one batch guarded by the product's revision (see the
 * header); R2 objects the plan let go are deleted once the batch has committed.
 */
async function changePhotos(
  db: Database,
  bucket: R2Bucket,
  scope: CatalogueScope,
  productId: number,
  now: Date,
  plan: (state: PhotoEditorState) => Plan,
): Promise<PhotoChange> {
  for (let attempt = 1; ; attempt++) {
    const state = await loadPhotoEditor(db, scope, productId);
    if (!state) return { ok: false, status: 404, error: PRODUCT_IMAGE_TEXT.productNotFound };
    const planned = plan(state);
    if ("refusal" in planned) return { ok: false, ...planned.refusal };
    const { revision } = state.product;
    try {
      await db.batch([
        guard(db, sql`(select ${products.revision} from ${products} where ${products.id} = ${productId}) = ${revision}`),
        db
          .update(products)
          .set({ revision: sql`${products.revision} + 1`, updatedAt: now })
          .where(eq(products.id, productId)),
        ...planned.statements,
      ]);
    } catch (error) {
      if (!isGuardFailure(error) || attempt >= RACE_RETRIES) throw error;
      continue;
    }
    if (planned.gone?.length) await bucket.delete(planned.gone);
    const after = await loadPhotoEditor(db, scope, productId);
    return { ok: true, photos: after?.photos ?? [] };
  }
}

/** The photo `mediaId` of the product read, or the refusal when it is not one of them. */
function photoIn(state: PhotoEditorState, mediaId: number): PhotoRow | null {
  return state.photos.find((photo) => photo.id === mediaId) ?? null;
}

const notFound = { refusal: { status: 404 as const, error: PRODUCT_IMAGE_TEXT.notFound } };

/** A variation id the form named: null (the whole product) or one of this product's variations. */
function variationRefusal(state: PhotoEditorState, variationId: number | null): Plan | null {
  if (variationId == null || state.variations.some((variation) => variation.id === variationId)) return null;
  return { refusal: { status: 400, error: PRODUCT_IMAGE_TEXT.variation } };
}

/** The row values of a stored photo: the product page's rendition as its url, the zoom's pixel size. */
function photoValues(productId: number, photo: CheckedPhoto, r2Key: string) {
  const zoom = renditionSize(photo.size, "l");
  return { url: productImageUrl(productId, photo.contentHash, "m"), width: zoom.width, height: zoom.height, r2Key, contentHash: photo.contentHash };
}

export interface NewPhotos {
  files: File[];
  alt: string;
  variationId: number | null;
}

/**
 * Adds the files as the product's last photos, each with the alt text (and variation) given. All or
 * nothing: any file refused (not a JPEG/PNG/WebP by its bytes, too large, already a photo of the product,
 * over the product's limit) refuses the upload with its reason and changes nothing.
 */
export async function addProductPhotos(
  db: Database,
  bindings: { images: ImagesBinding; bucket: R2Bucket },
  scope: CatalogueScope,
  productId: number,
  input: NewPhotos,
  now: Date = new Date(),
): Promise<PhotoChange> {
  if (input.files.length === 0) return { ok: false, status: 400, error: PRODUCT_IMAGE_TEXT.noFile };
  const before = await loadPhotoEditor(db, scope, productId);
  if (!before) return { ok: false, status: 404, error: PRODUCT_IMAGE_TEXT.productNotFound };
  // Over the limit whatever the files are: refused before any of them is read.
  if (before.photos.length + input.files.length > PRODUCT_IMAGE_LIMIT) return { ok: false, status: 409, error: PRODUCT_IMAGE_TEXT.limit };
  const checked: CheckedPhoto[] = [];
  for (const file of input.files) {
    const result = await checkPhoto(bindings.images, file);
    if (!result.ok) return result;
    checked.push(result.photo);
  }
  const hashes = checked.map((photo) => photo.contentHash);
  if (new Set(hashes).size !== hashes.length) return { ok: false, status: 409, error: PRODUCT_IMAGE_TEXT.duplicate };
  const refusal = addRefusal(before, hashes, input.variationId);
  if (refusal) return { ok: false, ...refusal.refusal };

  const stored: { photo: CheckedPhoto; r2Key: string }[] = [];
  for (const photo of checked) {
    const r2Key = await storePhotoFiles(bindings.images, bindings.bucket, productId, photo);
    if (!r2Key) {
      await bindings.bucket.delete(stored.flatMap((each) => photoObjectKeys(each.r2Key, each.photo.kind)));
      return { ok: false, status: 415, error: PRODUCT_IMAGE_TEXT.resizeFailed };
    }
    stored.push({ photo, r2Key });
  }
  const result = await changePhotos(db, bindings.bucket, scope, productId, now, (state) => {
    const raced = addRefusal(state, hashes, input.variationId);
    if (raced) return raced;
    const last = state.photos.reduce((max, photo) => Math.max(max, photo.position), -1);
    return {
      statements: stored.map(({ photo, r2Key }, index) =>
        db.insert(productMedia).values({
          productId,
          variationId: input.variationId,
          alt: input.alt,
          position: last + 1 + index,
          ...photoValues(productId, photo, r2Key),
        }),
      ),
    };
  });
  // A refusal found after the files were stored (a race with another upload) leaves nothing behind.
  if (!result.ok && result.error !== PRODUCT_IMAGE_TEXT.duplicate) {
    await bindings.bucket.delete(stored.flatMap(({ photo, r2Key }) => photoObjectKeys(r2Key, photo.kind)));
  }
  return result;
}

function addRefusal(state: PhotoEditorState, hashes: string[], variationId: number | null): Extract<Plan, { refusal: unknown }> | null {
  const variation = variationRefusal(state, variationId);
  if (variation && "refusal" in variation) return variation;
  if (state.photos.some((photo) => photo.contentHash != null && hashes.includes(photo.contentHash))) {
    return { refusal: { status: 409, error: PRODUCT_IMAGE_TEXT.duplicate } };
  }
  if (state.photos.length + hashes.length > PRODUCT_IMAGE_LIMIT) return { refusal: { status: 409, error: PRODUCT_IMAGE_TEXT.limit } };
  return null;
}

/** Replaces a photo's image, keeping its place, alt text and variation; the new image gets a new URL and the old objects go. */
export async function replaceProductPhoto(
  db: Database,
  bindings: { images: ImagesBinding; bucket: R2Bucket },
  scope: CatalogueScope,
  productId: number,
  mediaId: number,
  file: File,
  now: Date = new Date(),
): Promise<PhotoChange> {
  const before = await loadPhotoEditor(db, scope, productId);
  if (!before) return { ok: false, status: 404, error: PRODUCT_IMAGE_TEXT.productNotFound };
  if (!photoIn(before, mediaId)) return { ok: false, ...notFound.refusal };
  const checked = await checkPhoto(bindings.images, file);
  if (!checked.ok) return checked;
  const { photo } = checked;
  if (before.photos.some((each) => each.contentHash === photo.contentHash)) return { ok: false, status: 409, error: PRODUCT_IMAGE_TEXT.duplicate };
  const r2Key = await storePhotoFiles(bindings.images, bindings.bucket, productId, photo);
  if (!r2Key) return { ok: false, status: 415, error: PRODUCT_IMAGE_TEXT.resizeFailed };
  const result = await changePhotos(db, bindings.bucket, scope, productId, now, (state) => {
    const current = photoIn(state, mediaId);
    if (!current) return notFound;
    if (state.photos.some((each) => each.contentHash === photo.contentHash)) return { refusal: { status: 409, error: PRODUCT_IMAGE_TEXT.duplicate } };
    return {
      statements: [
        db
          .update(productMedia)
          .set(photoValues(productId, photo, r2Key))
          .where(eq(productMedia.id, mediaId)),
      ],
      gone: current.r2Key ? photoObjectKeys(current.r2Key) : [],
    };
  });
  if (!result.ok && result.error !== PRODUCT_IMAGE_TEXT.duplicate) await bindings.bucket.delete(photoObjectKeys(r2Key, photo.kind));
  return result;
}

/** Saves a photo's alt text and the variation it shows. */
export function describeProductPhoto(
  db: Database,
  bucket: R2Bucket,
  scope: CatalogueScope,
  productId: number,
  mediaId: number,
  input: { alt: string; variationId: number | null },
  now: Date = new Date(),
): Promise<PhotoChange> {
  return changePhotos(db, bucket, scope, productId, now, (state) => {
    if (!photoIn(state, mediaId)) return notFound;
    const variation = variationRefusal(state, input.variationId);
    if (variation) return variation;
    return { statements: [db.update(productMedia).set({ alt: input.alt, variationId: input.variationId }).where(eq(productMedia.id, mediaId))] };
  });
}

/** Moves a photo one place up or down, or to the front (the main photo); positions become 0…n-1. */
export function moveProductPhoto(
  db: Database,
  bucket: R2Bucket,
  scope: CatalogueScope,
  productId: number,
  mediaId: number,
  move: PhotoMove,
  now: Date = new Date(),
): Promise<PhotoChange> {
  return changePhotos(db, bucket, scope, productId, now, (state) => {
    const order = reorderedPhotos(
      state.photos.map((photo) => photo.id),
      mediaId,
      move,
    );
    if (!order) return notFound;
    return {
      statements: order.flatMap((id, position) =>
        state.photos.find((photo) => photo.id === id)?.position === position ? [] : [db.update(productMedia).set({ position }).where(eq(productMedia.id, id))],
      ),
    };
  });
}

/** Deletes a photo; its R2 objects (renditions and original) go once the row has. */
export function deleteProductPhoto(
  db: Database,
  bucket: R2Bucket,
  scope: CatalogueScope,
  productId: number,
  mediaId: number,
  now: Date = new Date(),
): Promise<PhotoChange> {
  return changePhotos(db, bucket, scope, productId, now, (state) => {
    const photo = photoIn(state, mediaId);
    if (!photo) return notFound;
    return { statements: [db.delete(productMedia).where(eq(productMedia.id, mediaId))], gone: photo.r2Key ? photoObjectKeys(photo.r2Key) : [] };
  });
}
