/**
 * Merchant accounts as staff manage them (/crm/merchants): the listing, one merchant with its logins, and
 * saving the form (app/core/merchant/merchant-accounts.ts) — one D1 batch per save, guarded by `updated_at` so an
 * edit made over a newer one is refused, and touching the merchant's products' `updated_at` so their pages
 * (which show its name, 特商法 details and whether it sells) change on the next request.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import type { MerchantInput } from "~/core/merchant/merchant-accounts";
import { MERCHANT_LISTING, type MerchantSort } from "~/core/merchant/merchant-listing";
import type { MerchantStatus } from "~/core/merchant/merchant-status";
import type { Database } from "~/db/client.server";
import { merchants, products, users } from "~/db/schema";
import { equalsFilter, likeFilter, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";

export interface MerchantRow {
  id: number;
  name: string;
  slug: string;
  legalName: string;
  status: MerchantStatus;
  productCount: number;
  loginCount: number;
  updatedAt: string | null;
}

const MERCHANT_SOURCE: ListingSource<MerchantSort> = {
  scope: undefined,
  sortColumns: { name: merchants.name, created: merchants.createdAt, updated: sql`coalesce(${merchants.updatedAt}, ${merchants.createdAt})` },
  idColumn: merchants.id,
  filters: {
    name: (value) => {
      const byName = likeFilter(merchants.name)(value);
      const byLegalName = likeFilter(merchants.legalName)(value);
      return byName && byLegalName ? sql`(${byName} or ${byLegalName})` : undefined;
    },
    status: equalsFilter(merchants.status),
  },
};

export async function listMerchants(db: Database, query: ListingQuery<MerchantSort>): Promise<ListingPage<MerchantRow, MerchantSort>> {
  return loadListingPage(MERCHANT_LISTING, query, MERCHANT_SOURCE, async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(merchants).where(where),
      db
        .select({
          id: merchants.id,
          name: merchants.name,
          slug: merchants.slug,
          legalName: merchants.legalName,
          status: merchants.status,
          productCount: sql<number>`(select count(*) from ${products} where ${products.merchantId} = ${merchants.id})`,
          loginCount: sql<number>`(select count(*) from ${users} where ${users.merchantId} = ${merchants.id} and ${users.withdrawnAt} is null)`,
          updatedAt: merchants.updatedAt,
        })
        .from(merchants)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return { total: counted[0]?.n ?? 0, rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt?.toISOString() ?? null })) };
  });
}

/** A login of the merchant: invited (no password yet), active, or disabled by staff. */
export type MerchantLoginState = "invited" | "active" | "disabled";

/** The stored password of a login whose person has not set one yet (no hash ever verifies against it). */
export const INVITED_PASSWORD_HASH = "invited";

export interface MerchantLoginRow {
  userId: number;
  email: string;
  name: string;
  state: MerchantLoginState;
  createdAt: string;
}

/** The merchant with its logins (null = no such merchant: 404). */
export async function findMerchant(db: Database, merchantId: number) {
  const [found, logins] = await db.batch([
    db.select().from(merchants).where(eq(merchants.id, merchantId)),
    db
      .select({
        userId: users.id,
        email: users.email,
        lastname: users.lastname,
        firstname: users.firstname,
        passwordHash: users.passwordHash,
        withdrawnAt: users.withdrawnAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(eq(users.merchantId, merchantId), eq(users.role, "merchant")))
      .orderBy(users.id),
  ]);
  const merchant = found[0];
  if (!merchant) return null;
  return {
    merchant,
    /** The version the form was loaded at; a save carries it back (optimistic lock). */
    version: merchant.updatedAt?.getTime() ?? 0,
    logins: logins.map((login): MerchantLoginRow => ({
      userId: login.userId,
      email: login.email,
      name: `${login.lastname} ${login.firstname}`,
      state: login.withdrawnAt ? "disabled" : login.passwordHash === INVITED_PASSWORD_HASH ? "invited" : "active",
      createdAt: login.createdAt.toISOString(),
    })),
  };
}

export type MerchantSaveOutcome = { ok: true; merchantId: number } | { ok: false; reason: "slug_taken" | "changed_meanwhile" | "not_found" };

/** Whether another merchant already has the slug (the UNIQUE index still decides a race). */
async function slugTaken(db: Database, slug: string, exceptId: number | null): Promise<boolean> {
  const other = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.slug, slug), exceptId == null ? undefined : sql`${merchants.id} <> ${exceptId}`))
    .get();
  return other != null;
}

/** A batch refused by a UNIQUE index (a slug, an e-mail taken by a racing save); D1 puts SQLite's message in the error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/UNIQUE constraint failed/.test(cause.message)) return true;
  }
  return false;
}

export async function createMerchant(db: Database, input: MerchantInput, now: Date): Promise<MerchantSaveOutcome> {
  if (await slugTaken(db, input.slug, null)) return { ok: false, reason: "slug_taken" };
  try {
    const [created] = await db.batch([
      db
        .insert(merchants)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning({ id: merchants.id }),
    ]);
    return { ok: true, merchantId: created[0]!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "slug_taken" };
    throw error;
  }
}

/**
 * Saves the form over the version it was loaded at (`version`: its `updated_at` in ms, 0 = never saved):
 * one batch updates the merchant only while nobody saved it meanwhile, and touches its products' pages.
 * A suspension takes effect at once: listings, product pages, carts and the checkout read the status.
 */
export async function updateMerchant(db: Database, merchantId: number, input: MerchantInput, version: number, now: Date): Promise<MerchantSaveOutcome> {
  if (await slugTaken(db, input.slug, merchantId)) return { ok: false, reason: "slug_taken" };
  const unchangedSince = sql`coalesce(${merchants.updatedAt}, 0) = ${version}`;
  try {
    const [updated] = await db.batch([
      db
        .update(merchants)
        .set({ ...input, updatedAt: now })
        .where(and(eq(merchants.id, merchantId), unchangedSince))
        .returning({ id: merchants.id }),
      // Only when the save above happened (its updated_at is now this batch's).
      db
        .update(products)
        .set({ updatedAt: now })
        .where(
          and(
            eq(products.merchantId, merchantId),
            sql`exists (select 1 from ${merchants} where ${merchants.id} = ${merchantId} and ${merchants.updatedAt} = ${now.getTime()})`,
          ),
        ),
    ]);
    if (updated.length > 0) return { ok: true, merchantId };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "slug_taken" };
    throw error;
  }
  const exists = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).get();
  return { ok: false, reason: exists ? "changed_meanwhile" : "not_found" };
}

/** Whether the merchant sells now (its portal says so when staff suspended it): a statement for the caller's batch, one row or none. */
export function merchantStatusQuery(db: Database, merchantId: number) {
  return db.select({ status: merchants.status }).from(merchants).where(eq(merchants.id, merchantId));
}
