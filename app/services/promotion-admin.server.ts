/**
 * Staff's coupon campaigns (/crm/coupon-campaigns: the /coupon-get/{code} links) and point promotions
 * (/crm/point-promos): listing, one by id, save, end now and delete. The cart reads the same rows
 * (cart-view.server.ts: the campaign in the session, the running promo with the highest multiplier).
 */
import { and, count, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { ListingQuery } from "~/core/listing";
import {
  CAMPAIGN_LISTING,
  periodInstants,
  POINT_PROMO_LISTING,
  PROMOTION_MESSAGES,
  promotionState,
  type CampaignInput,
  type PointPromoInput,
  type PromotionSort,
  type PromotionState,
} from "~/core/promotion-forms";
import type { Database } from "~/db/client.server";
import { couponCampaigns, coupons, pointPromos } from "~/db/schema";
import { periodStateFilter } from "./coupon-admin.server";
import { likeFilter, loadListingPage, type ListingPage } from "./listing.server";

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

export type PromotionSaveResult = { ok: true; id: number } | { ok: false; notFound: true } | { ok: false; fieldErrors: Record<string, string[]> };

function isUniqueCode(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/UNIQUE constraint failed: coupon_campaigns\.code/.test(cause.message)) return true;
  }
  return false;
}

/** Creates (id null) or updates a campaign. Its code is free among campaigns and coupons (/coupon-get/{code} serves both). */
export async function saveCampaign(db: Database, input: CampaignInput, id: number | null): Promise<PromotionSaveResult> {
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
    const saved =
      id == null
        ? await db.insert(couponCampaigns).values(values).returning({ id: couponCampaigns.id })
        : await db.update(couponCampaigns).set(values).where(eq(couponCampaigns.id, id)).returning({ id: couponCampaigns.id });
    return saved[0] ? { ok: true, id: saved[0].id } : { ok: false, notFound: true };
  } catch (error) {
    if (isUniqueCode(error)) return { ok: false, fieldErrors: { code: [PROMOTION_MESSAGES.codeTaken] } };
    throw error;
  }
}

/** Creates (id null) or updates a point promotion. */
export async function savePointPromo(db: Database, input: PointPromoInput, id: number | null): Promise<PromotionSaveResult> {
  const stored = id == null ? null : await findPointPromo(db, id);
  if (id != null && !stored) return { ok: false, notFound: true };
  const values = { title: input.title, color: input.color, link: input.link, minAmount: input.minAmount, rate: input.rate, ...periodInstants(input, stored) };
  const saved =
    id == null
      ? await db.insert(pointPromos).values(values).returning({ id: pointPromos.id })
      : await db.update(pointPromos).set(values).where(eq(pointPromos.id, id)).returning({ id: pointPromos.id });
  return saved[0] ? { ok: true, id: saved[0].id } : { ok: false, notFound: true };
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
    .set({ endsAt: now })
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
