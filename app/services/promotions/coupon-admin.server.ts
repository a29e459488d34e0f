/**
 * Staff's coupons (/crm/coupons): the listing with each coupon's uses, one coupon with its per-product
 * values, exclusions, ranges and uses, and saving one — the coupon and all its rows in ONE D1 batch, so the
 * cart (cart-view.server.ts, the same tables) never sees half a coupon. A coupon that was used is never
 * deleted (coupon_uses keep the orders' history): it is ended instead.
 */
import { and, count, countDistinct, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { COUPON_MESSAGES, type CouponInput, type StoredCoupon } from "~/core/promotions/coupon-form";
import type { ListingQuery } from "~/core/search/listing";
import { periodInstants, PROMOTION_MESSAGES, promotionState } from "~/core/promotions/promotion-forms";
import { qualified, type Database } from "~/db/client.server";
import { couponCampaigns, couponPriceRanges, couponProductExclusions, couponProductPrices, coupons, couponUses, products } from "~/db/schema";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { likeFilter, loadListingPage, type FilterSql, type ListingPage, type ListingSource } from "../search/listing.server";
import { COUPON_LISTING, type CouponSort, type PromotionState } from "~/core/promotions/promotions";

export interface CouponRow {
  id: number;
  code: string;
  title: string;
  type: "fix" | "rate";
  value: number;
  freeShipping: boolean;
  memberOnly: boolean;
  isAuto: boolean;
  alone: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxUses: number | null;
  used: number;
  state: PromotionState;
}

const usedCount = sql<number>`(select count(*) from ${couponUses} where ${couponUses.couponId} = ${qualified(coupons.id)})`;

/** 開始前 / 実施中 / 終了 at `now`, as the cart's activeAt reads the period. */
export function periodStateFilter(startsAt: AnySQLiteColumn, endsAt: AnySQLiteColumn, now: Date): FilterSql {
  return (value) => {
    if (value === "ended") return sql`${endsAt} is not null and ${endsAt} <= ${now.getTime()}`;
    if (value === "scheduled") return and(sql`${startsAt} > ${now.getTime()}`, or(isNull(endsAt), gt(endsAt, now)));
    if (value === "running") return and(or(isNull(startsAt), sql`${startsAt} <= ${now.getTime()}`), or(isNull(endsAt), gt(endsAt, now)));
    return undefined;
  };
}

function couponSource(now: Date): ListingSource<CouponSort> {
  return {
    scope: undefined,
    sortColumns: { id: coupons.id, code: coupons.code, ends: sql`coalesce(${coupons.expiresAt}, 9e15)`, used: usedCount },
    idColumn: coupons.id,
    filters: {
      q: likeFilter(sql`(${coupons.code} || ' ' || ${coupons.title} || ' ' || ${coupons.titleSimple})`),
      kind: (value) => (value === "auto" ? eq(coupons.isAuto, true) : value === "code" ? eq(coupons.isAuto, false) : undefined),
      state: periodStateFilter(coupons.startsAt, coupons.expiresAt, now),
      member: (value) => (value === "1" ? eq(coupons.memberOnly, true) : value === "0" ? eq(coupons.memberOnly, false) : undefined),
    },
  };
}

export async function listCoupons(db: Database, query: ListingQuery<CouponSort>, now: Date): Promise<ListingPage<CouponRow, CouponSort>> {
  return loadListingPage(COUPON_LISTING, query, couponSource(now), async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(coupons).where(where),
      db
        .select({
          id: coupons.id,
          code: coupons.code,
          title: coupons.title,
          type: coupons.type,
          value: coupons.value,
          freeShipping: coupons.freeShipping,
          memberOnly: coupons.memberOnly,
          isAuto: coupons.isAuto,
          alone: coupons.alone,
          startsAt: coupons.startsAt,
          expiresAt: coupons.expiresAt,
          maxUses: coupons.maxUses,
          used: usedCount,
        })
        .from(coupons)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({ ...row, state: promotionState({ startsAt: row.startsAt, endsAt: row.expiresAt }, now) })),
    };
  });
}

export interface CouponUsage {
  /** Orders that used it (coupon_uses rows). */
  used: number;
  /** Different customers (by e-mail) among them. */
  customers: number;
}

export interface EditableCoupon extends StoredCoupon {
  id: number;
  createdAt: Date;
  revision: number;
  usage: CouponUsage;
}

/** One coupon with its rows and uses (one batch), or null. */
export async function findCouponForEditor(db: Database, id: number): Promise<EditableCoupon | null> {
  const [found, prices, exclusions, ranges, uses] = await db.batch([
    db.select().from(coupons).where(eq(coupons.id, id)),
    db
      .select({ sku: products.sku, type: couponProductPrices.type, value: couponProductPrices.value, titleSimple: couponProductPrices.titleSimple })
      .from(couponProductPrices)
      .innerJoin(products, eq(products.id, couponProductPrices.productId))
      .where(eq(couponProductPrices.couponId, id))
      .orderBy(products.sku),
    db
      .select({ sku: products.sku })
      .from(couponProductExclusions)
      .innerJoin(products, eq(products.id, couponProductExclusions.productId))
      .where(eq(couponProductExclusions.couponId, id))
      .orderBy(products.sku),
    db
      .select({ minAmount: couponPriceRanges.minAmount, type: couponPriceRanges.type, value: couponPriceRanges.value })
      .from(couponPriceRanges)
      .where(eq(couponPriceRanges.couponId, id))
      .orderBy(couponPriceRanges.minAmount),
    db
      .select({ used: count(), customers: countDistinct(couponUses.email) })
      .from(couponUses)
      .where(eq(couponUses.couponId, id)),
  ]);
  const coupon = found[0];
  if (!coupon) return null;
  return {
    ...coupon,
    prices,
    excludedSkus: exclusions.map((row) => row.sku),
    ranges,
    usage: { used: uses[0]?.used ?? 0, customers: uses[0]?.customers ?? 0 },
  };
}

export type CouponSaveResult =
  | { ok: true; id: number; used: number; maxUses: number | null; maxUsesPerUser: number | null }
  | { ok: false; notFound: true }
  | { ok: false; stale: true }
  | { ok: false; fieldErrors: Record<string, string[]> };

/** The batch failed on the unique coupon code (a coupon saved meanwhile under the same code). */
function isCodeTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/UNIQUE constraint failed: coupons\.code/.test(cause.message)) return true;
  }
  return false;
}

/** The checks only the database can answer: the code is free (coupons and campaigns share it), the SKUs exist. */
async function lookUp(db: Database, input: CouponInput, id: number | null) {
  const skus = [...new Set([...input.prices.map((row) => row.sku), ...input.excludedSkus])];
  const [known, takenCoupon, takenCampaign, current, uses] = await db.batch([
    db
      .select({ id: products.id, sku: products.sku, couponDisabled: products.couponDisabled })
      .from(products)
      .where(inArray(products.sku, skus.length ? skus : [""])),
    db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(sql`upper(${coupons.code}) = ${input.code}`, id == null ? undefined : ne(coupons.id, id))),
    db
      .select({ id: couponCampaigns.id })
      .from(couponCampaigns)
      .where(sql`upper(${couponCampaigns.code}) = ${input.code}`),
    db
      .select()
      .from(coupons)
      .where(eq(coupons.id, id ?? 0)),
    db
      .select({ used: count() })
      .from(couponUses)
      .where(eq(couponUses.couponId, id ?? 0)),
  ]);
  return {
    productIds: new Map(known.map((row) => [row.sku, row.id])),
    couponDisabledSkus: new Set(known.filter((row) => row.couponDisabled).map((row) => row.sku)),
    codeTaken: takenCoupon.length + takenCampaign.length > 0,
    current: current[0] ?? null,
    used: uses[0]?.used ?? 0,
  };
}

function fieldErrorsOf(input: CouponInput, found: Awaited<ReturnType<typeof lookUp>>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (found.codeTaken) errors.code = [PROMOTION_MESSAGES.codeTaken];
  else if (found.current && found.used > 0 && found.current.code !== input.code) errors.code = [COUPON_MESSAGES.usedCodeFixed];
  for (const row of input.prices) {
    if (!found.productIds.has(row.sku)) errors[`prices[${row.index}].sku`] = [COUPON_MESSAGES.skuUnknown([row.sku])];
  }
  const unknownExcluded = input.excludedSkus.filter((sku) => !found.productIds.has(sku));
  const disabledExcluded = input.excludedSkus.filter((sku) => found.couponDisabledSkus.has(sku));
  if (unknownExcluded.length) errors.excludedSkus = [COUPON_MESSAGES.skuUnknown(unknownExcluded)];
  else if (disabledExcluded.length) errors.excludedSkus = [COUPON_MESSAGES.excludedCouponDisabled(disabledExcluded)];
  return errors;
}

/**
 * Creates (id null) or replaces coupon `id` with `input`: the coupon row, then its per-product values,
 * exclusions and ranges, all in one batch. An unknown SKU is reported on the row the form sent it in.
 */
/**
 * Creates a coupon (`edit` null) or saves an edit made on `edit.revision`: refused as stale, nothing
 * changed, when the coupon was saved or ended meanwhile — the batch's first statement guards the revision,
 * so two saves at once cannot both apply.
 */
export async function saveCoupon(db: Database, input: CouponInput, edit: { id: number; revision: number } | null, now: Date): Promise<CouponSaveResult> {
  const id = edit?.id ?? null;
  const found = await lookUp(db, input, id);
  if (id != null && !found.current) return { ok: false, notFound: true };
  if (edit && found.current!.revision !== edit.revision) return { ok: false, stale: true };
  const fieldErrors = fieldErrorsOf(input, found);
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const period = periodInstants(
    { startsOn: input.startsOn, endsOn: input.endsOn },
    found.current ? { startsAt: found.current.startsAt, endsAt: found.current.expiresAt } : null,
  );
  const values = {
    code: input.code,
    title: input.title,
    titleSimple: input.titleSimple,
    type: input.type,
    value: input.value,
    freeShipping: input.freeShipping,
    alone: input.alone,
    memberOnly: input.memberOnly,
    isAuto: input.isAuto,
    productsDefault: input.productsDefault,
    minAmount: input.minAmount,
    maxUses: input.maxUses,
    maxUsesPerUser: input.maxUsesPerUser,
    startsAt: period.startsAt,
    expiresAt: period.endsAt,
  };
  // A new coupon's id is not known inside the batch: its rows find it by its (unique) code.
  const couponId: SQL | number = id ?? sql`(select ${coupons.id} from ${coupons} where ${coupons.code} = ${input.code})`;
  const productId = (sku: string) => found.productIds.get(sku)!;
  const head =
    id == null
      ? db
          .insert(coupons)
          .values({ ...values, createdAt: now })
          .returning({ id: coupons.id })
      : db
          .update(coupons)
          .set({ ...values, revision: sql`${coupons.revision} + 1` })
          .where(and(eq(coupons.id, edit!.id), eq(coupons.revision, edit!.revision)))
          .returning({ id: coupons.id });
  const rows: BatchItem<"sqlite">[] = [];
  if (edit) {
    rows.push(
      db.delete(couponProductPrices).where(eq(couponProductPrices.couponId, edit.id)),
      db.delete(couponProductExclusions).where(eq(couponProductExclusions.couponId, edit.id)),
      db.delete(couponPriceRanges).where(eq(couponPriceRanges.couponId, edit.id)),
    );
  }
  if (input.prices.length) {
    rows.push(
      db.insert(couponProductPrices).values(
        input.prices.map((row) => ({
          couponId: couponId as number,
          productId: productId(row.sku),
          type: row.type,
          value: row.value,
          titleSimple: row.titleSimple,
        })),
      ),
    );
  }
  if (input.excludedSkus.length) {
    rows.push(db.insert(couponProductExclusions).values(input.excludedSkus.map((sku) => ({ couponId: couponId as number, productId: productId(sku) }))));
  }
  if (input.ranges.length) {
    rows.push(db.insert(couponPriceRanges).values(input.ranges.map((row) => ({ couponId: couponId as number, ...row }))));
  }
  try {
    const guarded = edit ? [guard(db, sql`(select ${coupons.revision} from ${coupons} where ${coupons.id} = ${edit.id}) = ${edit.revision}`)] : [];
    const results = await db.batch([...guarded, head, ...rows] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const savedId = (results[guarded.length] as { id: number }[])[0]?.id;
    if (savedId == null) return { ok: false, notFound: true };
    return { ok: true, id: savedId, used: found.used, maxUses: input.maxUses, maxUsesPerUser: input.maxUsesPerUser };
  } catch (error) {
    if (isCodeTaken(error)) return { ok: false, fieldErrors: { code: [PROMOTION_MESSAGES.codeTaken] } };
    if (edit && isGuardFailure(error)) return (await couponRevision(db, edit.id)) == null ? { ok: false, notFound: true } : { ok: false, stale: true };
    throw error;
  }
}

async function couponRevision(db: Database, id: number): Promise<number | null> {
  return (await db.select({ revision: coupons.revision }).from(coupons).where(eq(coupons.id, id)).get())?.revision ?? null;
}

export type CouponChangeResult = { ok: true } | { ok: false; error: string; status: 404 | 409 };

/** 今すぐ終了: the coupon's expiry becomes `now` (an ended one stays as it ended). */
export async function endCoupon(db: Database, id: number, now: Date): Promise<CouponChangeResult> {
  const ended = await db
    .update(coupons)
    .set({ expiresAt: now, revision: sql`${coupons.revision} + 1` })
    .where(and(eq(coupons.id, id), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))))
    .returning({ id: coupons.id });
  if (ended.length) return { ok: true };
  const exists = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).get();
  return exists ? { ok: false, error: COUPON_MESSAGES.alreadyEnded, status: 409 } : { ok: false, error: COUPON_MESSAGES.notFound, status: 404 };
}

/** Deletes a coupon nobody used (its rows go with it); a used one is refused in the same statement. */
export async function deleteCoupon(db: Database, id: number): Promise<CouponChangeResult> {
  const deleted = await db
    .delete(coupons)
    .where(and(eq(coupons.id, id), sql`not exists (select 1 from ${couponUses} where ${couponUses.couponId} = ${id})`))
    .returning({ id: coupons.id });
  if (deleted.length) return { ok: true };
  const exists = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).get();
  return exists ? { ok: false, error: COUPON_MESSAGES.usedNotDeletable, status: 409 } : { ok: false, error: COUPON_MESSAGES.notFound, status: 404 };
}
