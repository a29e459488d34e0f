/**
 * Staff's coupon campaigns (/crm/coupon-campaigns: the /coupon-get/{code} links) and point promotions
 * (/crm/point-promos): listing, one by id, save, end now and delete. The cart reads the same rows
 * (cart-view.server.ts: the campaign in the session, the running promo with the highest multiplier).
 */
import { and, count, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import { periodInstants, PROMOTION_MESSAGES, promotionState, type CampaignInput, type PointPromoInput } from "~/core/promotions/promotion-forms";
import type { Database } from "~/db/client.server";
import { couponCampaigns, coupons, pointPromos } from "~/db/schema";
import { periodStateFilter } from "./coupon-admin.server";
import { likeFilter, loadListingPage, type ListingPage } from "../search/listing.server";
import { CAMPAIGN_LISTING, POINT_PROMO_LISTING, type PromotionSort, type PromotionState } from "~/core/promotions/promotions";

export type Campaign = typeof couponCampaigns.$inferSelect;
export type PointPromo = typeof pointPromos.$inferSelect;
export type WithState<T> = T & { state: PromotionState };

export async function listCampaigns(db: Database, query: ListingQuery<PromotionSort>, now: Date): Promise<ListingPage<WithState<Campaign>, PromotionSort>> {
  const source = {
    scope: undefined,
    sortColumns: {
      id: couponCampaigns.id,
      title: couponCampaigns.title,
      starts: couponCampaigns.startsAt,
      ends: sql`coalesce(${couponCampaigns.endsAt}, 9e15)`,
    },
    idColumn: couponCampaigns.id,
    filters: {
      q: likeFilter(sql`(${couponCampaigns.code} || ' ' || ${couponCampaigns.title})`),
      state: periodStateFilter(couponCampaigns.startsAt, couponCampaigns.endsAt, now),
    },
  };
  return loadListingPage(CAMPAIGN_LISTING, query, source, async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(couponCampaigns).where(where),
      db
        .select()
        .from(couponCampaigns)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return { total: counted[0]?.n ?? 0, rows: rows.map((row) => ({ ...row, state: promotionState(row, now) })) };
  });
}

export async function listPointPromos(db: Database, query: ListingQuery<PromotionSort>, now: Date): Promise<ListingPage<WithState<PointPromo>, PromotionSort>> {
  const source = {
    scope: undefined,
    sortColumns: { id: pointPromos.id, title: pointPromos.title, starts: pointPromos.startsAt, ends: sql`coalesce(${pointPromos.endsAt}, 9e15)` },
    idColumn: pointPromos.id,
    filters: { q: likeFilter(pointPromos.title), state: periodStateFilter(pointPromos.startsAt, pointPromos.endsAt, now) },
  };
  return loadListingPage(POINT_PROMO_LISTING, query, source, async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(pointPromos).where(where),
      db
        .select()
        .from(pointPromos)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return { total: counted[0]?.n ?? 0, rows: rows.map((row) => ({ ...row, state: promotionState(row, now) })) };
  });
}

export async function findCampaign(db: Database, id: number): Promise<Campaign | null> {
  return (await db.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)).get()) ?? null;
}

export async function findPointPromo(db: Database, id: number): Promise<PointPromo | null> {
  return (await db.select().from(pointPromos).where(eq(pointPromos.id, id)).get()) ?? null;
}

export type PromotionSaveResult =
  { ok: true; id: number } | { ok: false; notFound: true } | { ok: false; stale: true } | { ok: false; fieldErrors: Record<string, string[]> };

/** An edit of a stored campaign or promotion, made on the revision its form was loaded with. */
export interface PromotionEdit {
  id: number;
  revision: number;
}

/**
 * Inserts the row (`edit` null), or updates it only while its revision is still the edit's, bumping it.
 * An update that changed nothing answers why: the row is gone, or it moved on (`stored` was read before).
 */
async function insertOrGuardedUpdate<T extends typeof couponCampaigns | typeof pointPromos>(
  db: Database,
  table: T,
  values: T["$inferInsert"],
  edit: PromotionEdit | null,
  stored: unknown,
): Promise<PromotionSaveResult> {
  const saved = !edit
    ? await db.insert(table).values(values).returning({ id: table.id })
    : await db
        .update(table)
        .set({ ...values, revision: sql`${table.revision} + 1` })
        .where(and(eq(table.id, edit.id), eq(table.revision, edit.revision)))
        .returning({ id: table.id });
  if (saved[0]) return { ok: true, id: saved[0].id };
  return stored ? { ok: false, stale: true } : { ok: false, notFound: true };
}

function isUniqueCode(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/UNIQUE constraint failed: coupon_campaigns\.code/.test(cause.message)) return true;
  }
  return false;
}

/**
 * Creates (`edit` null) or updates a campaign — refused as stale when it was saved or ended since
 * `edit.revision`. Its code is free among campaigns and coupons (/coupon-get/{code} serves both).
 */
export async function saveCampaign(db: Database, input: CampaignInput, edit: PromotionEdit | null): Promise<PromotionSaveResult> {
  const id = edit?.id ?? null;
  const [takenCampaign, takenCoupon, current] = await db.batch([
    db
      .select({ id: couponCampaigns.id })
      .from(couponCampaigns)
      .where(and(sql`upper(${couponCampaigns.code}) = ${input.code}`, id == null ? undefined : ne(couponCampaigns.id, id))),
    db
      .select({ id: coupons.id })
      .from(coupons)
      .where(sql`upper(${coupons.code}) = ${input.code}`),
    db
      .select()
      .from(couponCampaigns)
      .where(eq(couponCampaigns.id, id ?? 0)),
  ]);
  const stored = current[0];
  if (id != null && !stored) return { ok: false, notFound: true };
  if (edit && stored!.revision !== edit.revision) return { ok: false, stale: true };
  if (takenCampaign.length || takenCoupon.length) return { ok: false, fieldErrors: { code: [PROMOTION_MESSAGES.codeTaken] } };
  const { startsAt, endsAt } = periodInstants(input, stored ?? null);
  const values = {
    code: input.code,
    title: input.title,
    type: input.type,
    value: input.value,
    minAmount: input.minAmount,
    freeShipping: input.freeShipping,
    startsAt,
    endsAt,
  };
  try {
    return await insertOrGuardedUpdate(db, couponCampaigns, values, edit, stored);
  } catch (error) {
    if (isUniqueCode(error)) return { ok: false, fieldErrors: { code: [PROMOTION_MESSAGES.codeTaken] } };
    throw error;
  }
}

/** Creates (`edit` null) or updates a point promotion — refused as stale when it changed since `edit.revision`. */
export async function savePointPromo(db: Database, input: PointPromoInput, edit: PromotionEdit | null): Promise<PromotionSaveResult> {
  const stored = edit ? await findPointPromo(db, edit.id) : null;
  if (edit && !stored) return { ok: false, notFound: true };
  if (edit && stored!.revision !== edit.revision) return { ok: false, stale: true };
  const values = { title: input.title, color: input.color, link: input.link, minAmount: input.minAmount, rate: input.rate, ...periodInstants(input, stored) };
  return insertOrGuardedUpdate(db, pointPromos, values, edit, stored);
}

export type PromotionKind = "campaign" | "promo";

const TABLES = { campaign: couponCampaigns, promo: pointPromos } as const;

export const PROMOTION_CHANGE_MESSAGES = { alreadyEnded: "このキャンペーンはすでに終了しています。" } as const;

/** 今すぐ終了: the end becomes `now` (an ended one stays as it ended); false when there is no such row. */
export async function endPromotion(
  db: Database,
  kind: PromotionKind,
  id: number,
  now: Date,
): Promise<{ ok: true } | { ok: false; error: string; status: 404 | 409 }> {
  const table = TABLES[kind];
  const ended = await db
    .update(table)
    .set({ endsAt: now, revision: sql`${table.revision} + 1` })
    .where(and(eq(table.id, id), or(isNull(table.endsAt), gt(table.endsAt, now))))
    .returning({ id: table.id });
  if (ended.length) return { ok: true };
  const exists = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get();
  return exists ? { ok: false, error: PROMOTION_CHANGE_MESSAGES.alreadyEnded, status: 409 } : { ok: false, error: PROMOTION_MESSAGES.notFound, status: 404 };
}

/** Deletes a campaign or promotion (orders keep their own discount and points; nothing refers to these rows). */
export async function deletePromotion(db: Database, kind: PromotionKind, id: number): Promise<boolean> {
  const table = TABLES[kind];
  return (await db.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0;
}
