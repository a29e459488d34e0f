/**
 * 再入荷のお知らせ (spec §1 "request a restock of sold-out items"): when stock comes back, every member with
 * an open request for the item gets a notification mail and their request is marked notified. The
 * statements go into the batch of the stock change (app/services/catalogue/stock-adjustments.server.ts) and carry
 * their own condition, so a mail goes only with the change that made the stock available, and only once
 * per request even when two changes race (the second finds the requests notified).
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { notificationMails, stockRequests, users } from "~/db/schema";
import { restockMail } from "~/mail/restock-mails";
import { IN_LIST_SIZE } from "../catalogue/catalogue-records.server";
import { notificationOf } from "../mail/mails.server";

/** Requests notified per D1 batch (each adds a mail statement; ids are bound parameters). */
export const REQUESTS_PER_BATCH = 50;

export interface WaitingRequest {
  id: number;
  userId: number;
  lastname: string;
  firstname: string;
}

/**
 * The open requests stock of this item answers: for a variation, its own and the ones made for the
 * product without a variation; for a product (simple/set), the product's.
 */
export async function waitingRequests(db: Database, productId: number, variationId: number | null): Promise<WaitingRequest[]> {
  return db
    .select({ id: stockRequests.id, userId: stockRequests.userId, lastname: users.lastname, firstname: users.firstname })
    .from(stockRequests)
    .innerJoin(users, eq(users.id, stockRequests.userId))
    .where(
      and(
        eq(stockRequests.productId, productId),
        isNull(stockRequests.notifiedAt),
        variationId == null ? isNull(stockRequests.variationId) : or(eq(stockRequests.variationId, variationId), isNull(stockRequests.variationId)),
      ),
    )
    .orderBy(stockRequests.id)
    .all();
}

/** The open requests of many products at once (a CSV import's chunk), by product; `answeredBy` picks an item's. */
export async function waitingRequestsOfProducts(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, (WaitingRequest & { variationId: number | null })[]>> {
  const byProduct = new Map<number, (WaitingRequest & { variationId: number | null })[]>();
  for (const ids of chunked([...new Set(productIds)], IN_LIST_SIZE)) {
    const rows = await db
      .select({
        id: stockRequests.id,
        productId: stockRequests.productId,
        variationId: stockRequests.variationId,
        userId: stockRequests.userId,
        lastname: users.lastname,
        firstname: users.firstname,
      })
      .from(stockRequests)
      .innerJoin(users, eq(users.id, stockRequests.userId))
      .where(and(inArray(stockRequests.productId, ids), isNull(stockRequests.notifiedAt)))
      .orderBy(stockRequests.id)
      .all();
    for (const { productId, ...request } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), request]);
  }
  return byProduct;
}

/** Of a product's open requests, the ones stock of this item answers (as waitingRequests reads them). */
export function answeredBy<T extends { variationId: number | null }>(requests: readonly T[], variationId: number | null): T[] {
  return requests.filter((request) => request.variationId == null || (variationId != null && request.variationId === variationId));
}

/**
 * The mails and marks for `requests`, each only while its request is still open and `due` holds (the
 * stock change happened and left the item in stock). The last statement returns the requests it marked.
 */
export function restockNoticeStatements(
  db: Database,
  requests: WaitingRequest[],
  item: { title: string; url: string },
  due: SQL,
  now: Date,
): [...BatchItem<"sqlite">[], BatchItem<"sqlite">] {
  const stillOpen = (requestId: number) =>
    sql`exists (select 1 from ${stockRequests} where ${stockRequests.id} = ${requestId} and ${stockRequests.notifiedAt} is null)`;
  const mails = requests.map((request) => {
    const mail = notificationOf(restockMail({ name: `${request.lastname} ${request.firstname}`, product: item }));
    return db.insert(notificationMails).select(
      db
        // Every column, in the table's order (drizzle's insert-select).
        .select({
          id: sql<number>`null`.as("id"),
          userId: sql<number>`${request.userId}`.as("user_id"),
          title: sql<string>`${mail.title}`.as("title"),
          content: sql<string>`${mail.content}`.as("content"),
          readed: sql<number | null>`null`.as("readed"),
          dateCreated: sql<number>`${now.getTime()}`.as("date_created"),
        })
        .from(sql`(select 1)`)
        .where(and(stillOpen(request.id), due)),
    );
  });
  const mark = db
    .update(stockRequests)
    .set({ notifiedAt: now })
    .where(
      and(
        inArray(
          stockRequests.id,
          requests.map((request) => request.id),
        ),
        isNull(stockRequests.notifiedAt),
        due,
      ),
    )
    .returning({ id: stockRequests.id });
  return [...mails, mark];
}

export function chunked<T>(items: T[], size: number = REQUESTS_PER_BATCH): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
