/**
 * Images in R2 (spec §3 Image upload item, §7 media upload), stored under an unguessable key after the
 * bytes prove to be a JPEG, PNG, WebP or GIF within the product photos' pixel limits (with EXIF/GPS and
 * other photo metadata stripped), and
 * described by a `media` row:
 * - ticket attachments, served only to the uploader (before it is sent), the ticket's customer and staff;
 *   uploads never sent are purged;
 * - review photos (spec §3 Review gallery), public while their review is published.
 */
import type { SessionRole } from "~/core/account/sessions";
import { and, count, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { stripImageMetadata } from "~/core/catalogue/image-metadata";
import { detectImageType, IMAGE_CONTENT_TYPES, imageDimensions, MEDIA_TEXT } from "~/core/catalogue/images";
import { exceedsPixelLimit } from "~/core/catalogue/image-pixels";
import { MEDIA_MAX_BYTES, MEDIA_ORPHAN_HOURS, MEDIA_PENDING_LIMIT, TICKET_ATTACHMENT_LIMIT } from "~/core/limits";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { media, orders, products, returnRequests, reviews, ticketMessages, ticketReplyDrafts, tickets } from "~/db/schema";
import { randomHex } from "./signatures.server";

export const MEDIA_FOLDER = "tickets";
export const REVIEW_MEDIA_FOLDER = "reviews";

export { MEDIA_TEXT };

/** The media item of spec §3 "Ticket message" and "Review" galleries (plus its pixel size, which the previewer needs). */
export interface MediaItem {
  id: number;
  ext: string;
  folder: string;
  filename: string;
  thumbnail_m: string;
  thumbnail_xl: string;
  width: number | null;
  height: number | null;
}

type MediaRow = Pick<typeof media.$inferSelect, "id" | "ext" | "folder" | "filename" | "width" | "height">;

/**
 * Where an image is served: review photos publicly, ticket attachments behind the viewer check. Both
 * sizes are the stored image (the upload widget already scaled it).
 */
export function mediaUrl(id: number, size: "m" | "xl", folder: string = MEDIA_FOLDER): string {
  return folder === REVIEW_MEDIA_FOLDER ? `/media/reviews/${id}/${size}` : `/crm/customer/media/${id}/${size}`;
}

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    ext: row.ext,
    folder: row.folder,
    filename: row.filename,
    thumbnail_m: mediaUrl(row.id, "m", row.folder),
    thumbnail_xl: mediaUrl(row.id, "xl", row.folder),
    width: row.width,
    height: row.height,
  };
}

export const MEDIA_COLUMNS = {
  id: media.id,
  ext: media.ext,
  folder: media.folder,
  filename: media.filename,
  width: media.width,
  height: media.height,
};

export type UploadResult = { ok: true; item: MediaItem } | { ok: false; status: 400 | 409 | 413 | 415; error: string };

/**
 * Reserves one of the owner's MEDIA_PENDING_LIMIT unsent-upload slots by writing the media row, in ONE
 * statement that counts the unsent rows and inserts only below the limit (D1 runs statements one at a
 * time, so 60 uploads at once get at most the free slots). Answers the row, or undefined when full.
 */
function reserveUpload(db: Database, values: Omit<typeof media.$inferInsert, "id">) {
  const unsent = sql`(select count(*) from ${media} where ${media.ownerUserId} = ${values.ownerUserId} and ${media.ticketMessageId} is null and ${media.reviewId} is null and ${media.returnRequestId} is null)`;
  const row = db
    // Every column, in the table's order (drizzle's insert-select).
    .select({
      id: sql`null`.as("id"),
      ownerUserId: sql`${values.ownerUserId}`.as("owner_user_id"),
      r2Key: sql`${values.r2Key}`.as("r2_key"),
      folder: sql`${values.folder}`.as("folder"),
      filename: sql`${values.filename}`.as("filename"),
      ext: sql`${values.ext}`.as("ext"),
      contentType: sql`${values.contentType}`.as("content_type"),
      size: sql`${values.size}`.as("size"),
      width: sql`${values.width ?? null}`.as("width"),
      height: sql`${values.height ?? null}`.as("height"),
      ticketMessageId: sql`null`.as("ticket_message_id"),
      reviewId: sql`null`.as("review_id"),
      returnRequestId: sql`null`.as("return_request_id"),
      createdAt: sql`${values.createdAt?.getTime() ?? Date.now()}`.as("created_at"),
    })
    .from(sql`(select 1)`)
    .where(sql`${unsent} < ${MEDIA_PENDING_LIMIT}`);
  return db.insert(media).select(row).returning(MEDIA_COLUMNS).get();
}

/**
 * Checks one uploaded file by its bytes and size, strips its metadata (EXIF with GPS …), reserves an
 * unsent-upload slot, then stores it in R2. The slot is taken before the R2 put, so the limit holds
 * under concurrent uploads; a failed put gives the slot back.
 */
/** Owner null: an image that came in a guest's mail (no member's unsent-upload limit applies; the mail's size bounds it). */
export async function storeImage(db: Database, bucket: R2Bucket, ownerUserId: number | null, file: File, now: Date = new Date()): Promise<UploadResult> {
  if (file.size === 0) return { ok: false, status: 400, error: MEDIA_TEXT.noFile };
  if (file.size > MEDIA_MAX_BYTES) return { ok: false, status: 413, error: MEDIA_TEXT.tooLarge };
  const checked = checkedImage(new Uint8Array(await file.arrayBuffer()));
  if (!checked.ok) return checked;
  // The slot is taken before the R2 put, so the unsent-upload limit holds under concurrent uploads.
  const row = await reserveUpload(db, describe(checked, { ownerUserId, folder: MEDIA_FOLDER, reviewId: null }, now));
  if (!row) return { ok: false, status: 409, error: MEDIA_TEXT.pendingLimit };
  return putImage(db, bucket, checked, row);
}

/** A photo of a review (by its author, or staff for the shop's own): stored as review media at once. */
export async function storeReviewImage(
  db: Database,
  bucket: R2Bucket,
  review: { id: number; ownerUserId: number },
  uploaded: Uint8Array,
  now: Date = new Date(),
): Promise<UploadResult> {
  if (uploaded.byteLength === 0) return { ok: false, status: 400, error: MEDIA_TEXT.noFile };
  if (uploaded.byteLength > MEDIA_MAX_BYTES) return { ok: false, status: 413, error: MEDIA_TEXT.tooLarge };
  const checked = checkedImage(uploaded);
  if (!checked.ok) return checked;
  const row = await db
    .insert(media)
    .values(describe(checked, { ownerUserId: review.ownerUserId, folder: REVIEW_MEDIA_FOLDER, reviewId: review.id }, now))
    .returning(MEDIA_COLUMNS)
    .get();
  return putImage(db, bucket, checked, row);
}

interface CheckedImage {
  ok: true;
  kind: NonNullable<ReturnType<typeof detectImageType>>;
  bytes: Uint8Array;
}

type ImageRefusal = { ok: false; status: 413 | 415; error: string };

/**
 * The image's type proven by its bytes, its pixel size read from its header and within the limit, its
 * metadata (EXIF with GPS …) stripped; or why not: not an image (a header that does not say its size
 * included, so the limit cannot be dodged), or too many pixels.
 */
function checkedImage(uploaded: Uint8Array): CheckedImage | ImageRefusal {
  const kind = detectImageType(uploaded);
  const size = imageDimensions(uploaded);
  if (!kind || !size) return { ok: false, status: 415, error: MEDIA_TEXT.notImage };
  if (exceedsPixelLimit(size)) return { ok: false, status: 413, error: MEDIA_TEXT.tooManyPixels };
  const bytes = stripImageMetadata(uploaded, kind);
  return bytes ? { ok: true, kind, bytes } : { ok: false, status: 415, error: MEDIA_TEXT.notImage };
}

/** The media row of a checked image, under a random name in its folder. */
function describe(
  { kind, bytes }: CheckedImage,
  place: { ownerUserId: number | null; folder: string; reviewId: number | null },
  now: Date,
): Omit<typeof media.$inferInsert, "id"> {
  const filename = `${randomHex(16)}.${kind}`;
  const size = imageDimensions(bytes);
  return {
    ownerUserId: place.ownerUserId,
    r2Key: `${place.folder}/${filename}`,
    folder: place.folder,
    filename,
    ext: kind,
    contentType: IMAGE_CONTENT_TYPES[kind],
    size: bytes.byteLength,
    width: size?.width ?? null,
    height: size?.height ?? null,
    reviewId: place.reviewId,
    createdAt: now,
  };
}

/** Puts the bytes of a recorded image in R2; a failed put removes the row (and gives its slot back). */
async function putImage(db: Database, bucket: R2Bucket, { kind, bytes }: CheckedImage, row: MediaRow): Promise<UploadResult> {
  try {
    await bucket.put(`${row.folder}/${row.filename}`, bytes, { httpMetadata: { contentType: IMAGE_CONTENT_TYPES[kind] } });
  } catch (error) {
    await db.delete(media).where(eq(media.id, row.id));
    throw error;
  }
  return { ok: true, item: toMediaItem(row) };
}

/** Stores several files (a form sent without JS); stops at the first refused one. */
export async function storeImages(
  db: Database,
  bucket: R2Bucket,
  ownerUserId: number,
  files: File[],
  now: Date = new Date(),
): Promise<{ ok: true; ids: number[] } | { ok: false; status: 400 | 409 | 413 | 415; error: string }> {
  const ids: number[] = [];
  for (const file of files) {
    const result = await storeImage(db, bucket, ownerUserId, file, now);
    if (!result.ok) return result;
    ids.push(result.item.id);
  }
  return { ok: true, ids };
}

/** Whether every id is an upload of this user not yet sent with a message. */
export async function ownsPendingMedia(db: Database, ownerUserId: number, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const unique = [...new Set(ids)];
  const [row] = await db
    .select({ n: count() })
    .from(media)
    .where(
      and(inArray(media.id, unique), eq(media.ownerUserId, ownerUserId), isNull(media.ticketMessageId), isNull(media.reviewId), isNull(media.returnRequestId)),
    );
  return (row?.n ?? 0) === unique.length && unique.length === ids.length;
}

/**
 * The images of a message form sent without JS kept as the owner's unsent uploads, as the widget's uploads
 * are, so a refused form can carry them back by id instead of dropping them: the unsent uploads it named
 * (`galleryIds`, others' and sent ones left out) and each file stored on its own, at most
 * TICKET_ATTACHMENT_LIMIT in all. Owner null: the images of a guest's mail, which name no earlier uploads.
 * A file that cannot be kept (not an image, too large, beyond the limit) is named with the reason.
 */
export async function keepMessageImages(
  db: Database,
  bucket: R2Bucket,
  ownerUserId: number | null,
  upload: { galleryIds: number[]; files: File[] },
  now: Date = new Date(),
): Promise<{ named: MediaItem[]; stored: MediaItem[]; refused: { filename: string; error: string }[] }> {
  const ids = [...new Set(upload.galleryIds)];
  const named =
    ids.length && ownerUserId != null
      ? await db
          .select(MEDIA_COLUMNS)
          .from(media)
          .where(
            and(
              inArray(media.id, ids),
              eq(media.ownerUserId, ownerUserId),
              isNull(media.ticketMessageId),
              isNull(media.reviewId),
              isNull(media.returnRequestId),
            ),
          )
      : [];
  const stored: MediaItem[] = [];
  const refused: { filename: string; error: string }[] = [];
  for (const file of upload.files) {
    if (named.length + stored.length >= TICKET_ATTACHMENT_LIMIT) {
      refused.push({ filename: file.name, error: TICKET_TEXT.tooManyAttachments });
      continue;
    }
    const result = await storeImage(db, bucket, ownerUserId, file, now);
    if (result.ok) stored.push(result.item);
    else refused.push({ filename: file.name, error: result.error });
  }
  return { named: named.map(toMediaItem), stored, refused };
}

export interface MediaViewer {
  id: number;
  role: SessionRole;
}

/** The stored object behind a media id when this viewer may see it; null (404) otherwise. */
export async function findViewableMedia(db: Database, mediaId: number, viewer: MediaViewer) {
  const [row] = await db
    .select({
      r2Key: media.r2Key,
      contentType: media.contentType,
      ownerUserId: media.ownerUserId,
      ticketMessageId: media.ticketMessageId,
      ticketUserId: tickets.userId,
      // A return's photos are the order's customer's too (staff may have taken them, recording the return).
      returnOrderUserId: orders.userId,
    })
    .from(media)
    .leftJoin(ticketMessages, eq(ticketMessages.id, media.ticketMessageId))
    .leftJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .leftJoin(returnRequests, eq(returnRequests.id, media.returnRequestId))
    .leftJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(media.id, mediaId));
  if (!row) return null;
  if (viewer.role === "staff") return row;
  const allowed = row.ticketMessageId == null ? row.ownerUserId === viewer.id || row.returnOrderUserId === viewer.id : row.ticketUserId === viewer.id;
  return allowed ? row : null;
}

/** A review photo anyone may see: one of a published review of a product that is not a draft; null (404) otherwise. */
export async function findReviewMedia(db: Database, mediaId: number) {
  const [row] = await db
    .select({ r2Key: media.r2Key, contentType: media.contentType })
    .from(media)
    .innerJoin(reviews, eq(reviews.id, media.reviewId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(media.id, mediaId), eq(media.folder, REVIEW_MEDIA_FOLDER), eq(reviews.status, "published"), ne(products.status, "draft")));
  return row ?? null;
}

/** Deletes uploads never sent with a message (from D1, then R2), older than MEDIA_ORPHAN_HOURS. */
export async function purgeOrphanMedia(db: Database, bucket: R2Bucket, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MEDIA_ORPHAN_HOURS * 60 * 60 * 1000);
  // Rows go first, and only while still unsent, so an image attached meanwhile keeps its object.
  const removed = await db
    .delete(media)
    .where(
      and(
        isNull(media.ticketMessageId),
        isNull(media.reviewId),
        isNull(media.returnRequestId),
        lt(media.createdAt, cutoff),
        // A reply waiting for approval (issue 36 item 8) keeps its images until it is sent or set aside.
        sql`not exists (select 1 from ${ticketReplyDrafts} where ${ticketReplyDrafts.status} = 'pending' and instr(',' || ${ticketReplyDrafts.mediaIds} || ',', ',' || ${media.id} || ',') > 0)`,
      ),
    )
    .returning({ r2Key: media.r2Key });
  for (let start = 0; start < removed.length; start += 1000) {
    await bucket.delete(removed.slice(start, start + 1000).map((row) => row.r2Key));
  }
  return removed.length;
}
