/**
 * Seeds the demo catalogue and people. Idempotent: every row has a fixed id and is inserted with
 * ON CONFLICT DO NOTHING, so a second run inserts nothing and never overwrites what the demo changed.
 * The products go through the product editor's schema and statements (./seed-products.server.ts), so the
 * demo and the editor cannot drift. Given the R2 bucket, it also stores the demo's review photos (once per
 * review) through the media service.
 */
import { count, eq, getTableColumns, getTableName } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { hashPassword } from "~/auth/password.server";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { storeReviewImage } from "~/services/media.server";
import { buildCatalogue, productBySku } from "./catalogue";
import { DEMO_REPLY_TEMPLATES } from "./desk";
import { buildPeople, DEMO_EMAILS, DEMO_PASSWORD, MEMBER_ID, STAFF_ID } from "./people";
import { drawPicture, REVIEW_PHOTOS } from "./review-photos";
import { seedProducts } from "./seed-products.server";

/** D1 binds at most 100 parameters per statement. */
const MAX_BOUND_PARAMETERS = 100;
/** Statements per D1 batch (one round trip, one transaction). */
const STATEMENTS_PER_BATCH = 50;

interface Insert {
  table: string;
  statement: BatchItem<"sqlite">;
}

/** Multi-row inserts, each under the parameter limit (drizzle binds one parameter per column and row). */
function inserts<T extends SQLiteTable>(db: Database, table: T, rows: T["$inferInsert"][]): Insert[] {
  const rowsPerStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / Object.keys(getTableColumns(table)).length));
  const result: Insert[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    result.push({ table: getTableName(table), statement: db.insert(table).values(chunk).onConflictDoNothing() });
  }
  return result;
}

/** Whom the products' creation is attributed to (it writes no history: CreationOptions.receipts is off). */
const SEED_ACTOR = { userId: STAFF_ID, name: "初期データ" };

/** Runs the inserts in batches, adding up the rows each table got. */
async function runInserts(db: Database, plan: readonly Insert[], inserted: Record<string, number>): Promise<void> {
  for (let start = 0; start < plan.length; start += STATEMENTS_PER_BATCH) {
    const group = plan.slice(start, start + STATEMENTS_PER_BATCH);
    const [first, ...rest] = group.map((insert) => insert.statement);
    if (!first) continue;
    const results = (await db.batch([first, ...rest])) as D1Result[];
    results.forEach((result, index) => {
      const table = group[index]?.table;
      if (table) inserted[table] = (inserted[table] ?? 0) + result.meta.changes;
    });
  }
}

export async function seedDatabase(db: Database, options: { now: Date; bucket?: R2Bucket }): Promise<{ inserted: Record<string, number> }> {
  const { now } = options;
  const passwordHashes: Record<string, string> = {};
  for (const email of DEMO_EMAILS) passwordHashes[email] = await hashPassword(DEMO_PASSWORD);
  const people = buildPeople(now, passwordHashes);
  const catalogue = buildCatalogue(now, { memberId: MEMBER_ID, staffId: STAFF_ID });

  // Parents before children: foreign keys are enforced. The products refer to merchants, categories,
  // features, tags and (their excluded coupons) coupons; media, related products, reviews, per-product
  // coupon prices and orders refer to the products.
  const parents: Insert[] = [
    ...inserts(db, schema.merchants, catalogue.merchants),
    ...inserts(db, schema.categories, catalogue.categories),
    ...inserts(db, schema.features, catalogue.features),
    ...inserts(db, schema.tags, catalogue.tags),
    ...inserts(db, schema.coupons, catalogue.coupons),
    ...inserts(db, schema.users, people.users),
  ];
  const children: Insert[] = [
    ...inserts(db, schema.productMedia, catalogue.productMedia),
    ...inserts(db, schema.relatedProducts, catalogue.relatedProducts),
    ...inserts(db, schema.addresses, people.addresses),
    ...inserts(db, schema.reviews, catalogue.reviews),
    ...inserts(db, schema.couponProductPrices, catalogue.couponProductPrices),
    ...inserts(db, schema.couponPriceRanges, catalogue.couponPriceRanges),
    ...inserts(db, schema.couponCampaigns, catalogue.couponCampaigns),
    ...inserts(db, schema.pointPromos, catalogue.pointPromos),
    ...inserts(db, schema.orders, people.orders),
    ...inserts(db, schema.orderShipments, people.orderShipments),
    ...inserts(db, schema.orderLines, people.orderLines),
    ...inserts(db, schema.pointLedger, people.pointLedger),
    ...inserts(db, schema.subscriptions, people.subscriptions),
    ...inserts(db, schema.notificationMails, people.notificationMails),
    ...inserts(db, schema.favorites, people.favorites),
    ...inserts(db, schema.tickets, people.tickets),
    ...inserts(db, schema.ticketOrderLines, people.ticketOrderLines),
    ...inserts(db, schema.ticketMessages, people.ticketMessages),
    ...inserts(db, schema.replyTemplates, DEMO_REPLY_TEMPLATES),
  ];

  const inserted: Record<string, number> = {};
  for (const { table } of parents) inserted[table] = 0;
  inserted.products = 0;
  for (const { table } of children) inserted[table] = 0;
  await runInserts(db, parents, inserted);
  inserted.products = await seedProducts(db, catalogue.products, SEED_ACTOR, now);
  await runInserts(db, children, inserted);
  if (options.bucket) inserted.media = await seedReviewPhotos(db, options.bucket, catalogue.reviews, now);
  return { inserted };
}

/** Stores each demo review's photos unless that review has photos already; answers how many were stored. */
async function seedReviewPhotos(
  db: Database,
  bucket: R2Bucket,
  reviewRows: { id?: number; productId: number; nickname: string; userId?: number | null }[],
  now: Date,
): Promise<number> {
  let stored = 0;
  for (const spec of REVIEW_PHOTOS) {
    const productId = productBySku(spec.sku).id;
    const review = reviewRows.find((row) => row.productId === productId && row.nickname === spec.nickname);
    if (review?.id == null) throw new Error(`No seed review by ${spec.nickname} for ${spec.sku}`);
    const [existing] = await db.select({ n: count() }).from(schema.media).where(eq(schema.media.reviewId, review.id));
    if ((existing?.n ?? 0) > 0) continue;
    for (const picture of spec.pictures) {
      const result = await storeReviewImage(db, bucket, { id: review.id, ownerUserId: review.userId ?? STAFF_ID }, drawPicture(picture), now);
      if (!result.ok) throw new Error(`Review photo refused: ${result.error}`);
      stored += 1;
    }
  }
  return stored;
}
