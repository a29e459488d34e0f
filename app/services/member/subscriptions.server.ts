/**
 * A member's subscriptions (定期便): list, detail, skipping the next delivery and cancelling — only for a
 * delivery after cancel_date (app/core/catalogue/subscriptions.ts) — each reported by a notification mail written in
 * the same D1 batch as the change, and the "next delivery soon" reminder. Everything is scoped to the
 * member: another member's subscription is "not found".
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { addDaysToDate, jstDate } from "~/core/dates";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { describeAddress } from "~/core/address/address-book";
import { addressJson } from "~/core/address/address-records";
import {
  datesAfterSkip,
  subscriptionChangeAllowed,
  subscriptionRefusalMessage,
  UPCOMING_REMINDER_DAYS,
  upcomingReminderDue,
  type SubscriptionChange,
} from "~/core/catalogue/subscriptions";
import { includedTax } from "~/core/tax";
import { aliased, type Database } from "~/db/client.server";
import { addresses, categories, notificationMails, productMedia, products, productVariations, subscriptions, users } from "~/db/schema";
import { cancelledMail, skippedMail, upcomingMail } from "~/mail/subscription-mails";
import { mailStatement } from "../mail/mails.server";
import { productPath } from "~/core/catalogue/products";

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = "定期便が見つかりません。URLが正しいかご確認ください。";
const REMINDER_CHUNK = 50;

export const SUBSCRIPTION_STALE_MESSAGE = "定期便の内容が更新されています。最新の内容をご確認のうえ、もう一度お試しください。";

const subscriptionColumns = {
  id: subscriptions.id,
  userId: subscriptions.userId,
  status: subscriptions.status,
  quantity: subscriptions.quantity,
  periodMonths: subscriptions.periodMonths,
  amount: subscriptions.amount,
  nextPaymentDate: subscriptions.nextPaymentDate,
  nextShippingDate: subscriptions.nextShippingDate,
  cancelDate: subscriptions.cancelDate,
  paymentMethod: subscriptions.paymentMethod,
  cancelledAt: subscriptions.cancelledAt,
  createdAt: subscriptions.createdAt,
  addressId: subscriptions.addressId,
  productTitle: aliased(products.title, "product_title"),
  sku: products.sku,
  taxRate: products.taxRate,
  categorySlug: aliased(categories.slug, "category_slug"),
  variationTitle: aliased(productVariations.title, "variation_title"),
  picture: sql<
    string | null
  >`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${products.id} order by ${productMedia.position} limit 1)`,
};

function subscriptionsQuery(db: Database) {
  return db
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .leftJoin(productVariations, eq(productVariations.id, subscriptions.variationId));
}

type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptionsQuery>["all"]>>[number];

function shape(row: SubscriptionRow, today: string) {
  const allowed = subscriptionChangeAllowed(row, today);
  return {
    id: row.id,
    status: row.status,
    title: row.variationTitle ? `${row.productTitle}（${row.variationTitle}）` : row.productTitle,
    productUrl: productPath({ categorySlug: row.categorySlug, sku: row.sku }),
    picture: row.picture,
    quantity: row.quantity,
    periodMonths: row.periodMonths,
    amount: row.amount,
    unitPrice: Math.floor(row.amount / Math.max(1, row.quantity)),
    taxRate: row.taxRate,
    tax: includedTax(row.amount, row.taxRate),
    nextPaymentDate: row.nextPaymentDate,
    nextShippingDate: row.nextShippingDate,
    cancelDate: row.cancelDate,
    paymentLabel: PAYMENT_METHODS[row.paymentMethod].label,
    cancelledAt: row.cancelledAt,
    createdAt: row.createdAt,
    /** Whether skip and cancel are offered now, and why not otherwise. */
    changeAllowed: allowed.ok,
    refusal: allowed.ok ? null : subscriptionRefusalMessage(allowed.reason, row),
  };
}

export type SubscriptionView = ReturnType<typeof shape>;

/** The member's subscriptions, active ones first, next delivery soonest first. */
export async function listSubscriptions(db: Database, userId: number, now: Date): Promise<SubscriptionView[]> {
  const rows = await subscriptionsQuery(db)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.status), asc(subscriptions.nextShippingDate), desc(subscriptions.id))
    .all();
  const today = jstDate(now);
  return rows.map((row) => shape(row, today));
}

/** One of the member's subscriptions with its delivery address; null when they have none such. */
export async function loadSubscription(db: Database, userId: number, subscriptionId: number, now: Date) {
  const owned = and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId));
  const [rows, addressRows] = await db.batch([
    subscriptionsQuery(db).where(owned),
    db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), inArray(addresses.id, db.select({ id: subscriptions.addressId }).from(subscriptions).where(owned)))),
  ]);
  const row = rows[0];
  if (!row) return null;
  const address = addressRows[0];
  return {
    ...shape(row, jstDate(now)),
    address: address
      ? {
          name: `${address.lastname} ${address.firstname}`,
          ...describeAddress(addressJson(address)),
        }
      : null,
  };
}

export type SubscriptionDetail = NonNullable<Awaited<ReturnType<typeof loadSubscription>>>;

// ─── Changes ────────────────────────────────────────────────────────────────────────────────

export type SubscriptionChangeResult = { ok: true; nextShippingDate: string } | { ok: false; status: 404 | 409; error: string };

/**
 * Skips the next delivery (both next dates move one period later) or cancels the subscription, writing the
 * member's mail in the same batch. `delivery` is the next shipping day the member confirmed: if it has
 * changed meanwhile (a double submit, another tab), nothing happens and the answer is 409 — so a
 * confirmation sent twice skips one delivery and writes one mail.
 */
export async function changeSubscription(
  db: Database,
  userId: number,
  subscriptionId: number,
  change: SubscriptionChange,
  options: { delivery: string | null; now: Date },
): Promise<SubscriptionChangeResult> {
  const { now } = options;
  const [rows, people] = await db.batch([
    subscriptionsQuery(db).where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId))),
    db.select({ lastname: users.lastname, firstname: users.firstname }).from(users).where(eq(users.id, userId)),
  ]);
  const row = rows[0];
  if (!row) return { ok: false, status: 404, error: SUBSCRIPTION_NOT_FOUND_MESSAGE };
  if (options.delivery != null && options.delivery !== row.nextShippingDate) return { ok: false, status: 409, error: SUBSCRIPTION_STALE_MESSAGE };
  const allowed = subscriptionChangeAllowed(row, jstDate(now));
  if (!allowed.ok) return { ok: false, status: 409, error: subscriptionRefusalMessage(allowed.reason, row) };

  const view = shape(row, jstDate(now));
  const name = people[0] ? `${people[0].lastname} ${people[0].firstname}` : "";
  const unchanged = and(
    eq(subscriptions.id, row.id),
    eq(subscriptions.userId, userId),
    eq(subscriptions.status, "active"),
    eq(subscriptions.nextShippingDate, row.nextShippingDate),
  );
  const next = change === "skip" ? datesAfterSkip(row) : null;
  const update = next
    ? db.update(subscriptions).set(next).where(unchanged).returning({ id: subscriptions.id })
    : db.update(subscriptions).set({ status: "cancelled", cancelledAt: now }).where(unchanged).returning({ id: subscriptions.id });
  const mail = next ? skippedMail({ name, subscription: view, skipped: row.nextShippingDate, next }) : cancelledMail({ name, subscription: view });
  const [updated, written] = await db.batch([update, mailStatement(db, userId, mail, now).returning({ id: notificationMails.id })]);
  if (updated.length === 0) {
    // Another request changed it between our read and this batch: take back the mail this one wrote.
    const mailId = written[0]?.id;
    if (mailId != null) await db.delete(notificationMails).where(eq(notificationMails.id, mailId));
    return { ok: false, status: 409, error: SUBSCRIPTION_STALE_MESSAGE };
  }
  return { ok: true, nextShippingDate: next?.nextShippingDate ?? row.nextShippingDate };
}

/**
 * Writes the "next delivery soon" mail for every active subscription shipping within
 * UPCOMING_REMINDER_DAYS, once per delivery (a reminder already written for that delivery — same title —
 * is not written again). Meant for a daily scheduled run; answers how many mails it wrote.
 */
export async function writeUpcomingDeliveryMails(db: Database, now: Date): Promise<number> {
  const today = jstDate(now);
  const rows = await db
    .select({ ...subscriptionColumns, lastname: users.lastname, firstname: users.firstname })
    .from(subscriptions)
    .innerJoin(products, eq(products.id, subscriptions.productId))
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(productVariations, eq(productVariations.id, subscriptions.variationId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        sql`${subscriptions.nextShippingDate} > ${today}`,
        sql`${subscriptions.nextShippingDate} <= ${addDaysToDate(today, UPCOMING_REMINDER_DAYS)}`,
      ),
    )
    .all();
  const due = rows
    .filter((row) => upcomingReminderDue(row, today))
    .map((row) => ({ row, mail: upcomingMail({ name: `${row.lastname} ${row.firstname}`, subscription: shape(row, today) }) }));
  let count = 0;
  // D1 binds at most 100 parameters per statement: look up earlier reminders a chunk at a time.
  for (let start = 0; start < due.length; start += REMINDER_CHUNK) {
    const chunk = due.slice(start, start + REMINDER_CHUNK);
    const written = await db
      .select({ userId: notificationMails.userId, title: notificationMails.title })
      .from(notificationMails)
      .where(
        inArray(
          notificationMails.title,
          chunk.map(({ mail }) => mail.subject),
        ),
      )
      .all();
    const fresh = chunk.filter(({ row, mail }) => !written.some((old) => old.userId === row.userId && old.title === mail.subject));
    const [first, ...rest] = fresh.map(({ row, mail }) => mailStatement(db, row.userId, mail, now));
    if (!first) continue;
    await db.batch([first, ...rest]);
    count += fresh.length;
  }
  return count;
}
