/**
 * What a new support ticket may name (spec §3 Past order, §7 load-product / past-orders): the customer's
 * recent orders with their lines, and a product they may see; and the /user/support page that offers them
 * beside the customer's tickets.
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { qualified, type Database } from "~/db/client.server";
import { categories, orderLines, orders, productMedia, products, ticketMessages, tickets } from "~/db/schema";
import { excerpt } from "~/core/tickets/tickets";
import type { TicketConfirmation, TicketStatus } from "~/core/tickets/ticket-labels";
import { productPath } from "~/core/catalogue/products";
import { lastMessage, type Viewer } from "./tickets.server";

export interface PastOrder {
  id: number;
  number: string;
  date_created: string;
  orderdetails: { id: number; sku: string; title: string; variation: { picture: string | null }; product: { id: number; picture: string | null } }[];
}

const PAST_ORDERS_LIMIT = 20;

function pastOrdersQueries(db: Database, customerId: number) {
  const mine = eq(orders.userId, customerId);
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const productPicture = sql<
    string | null
  >`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${qualified(orderLines.productId)} and ${productMedia.variationId} is null order by ${productMedia.position} limit 1)`;
  const variationPicture = sql<
    string | null
  >`(select ${productMedia.url} from ${productMedia} where ${productMedia.variationId} = ${qualified(orderLines.variationId)} order by ${productMedia.position} limit 1)`;
  return [
    db
      .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt })
      .from(orders)
      .where(mine)
      .orderBy(...newestFirst)
      .limit(PAST_ORDERS_LIMIT),
    db
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        sku: orderLines.sku,
        title: orderLines.title,
        picture: orderLines.picture,
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        productPicture,
        variationPicture,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          db
            .select({ id: orders.id })
            .from(orders)
            .where(mine)
            .orderBy(...newestFirst)
            .limit(PAST_ORDERS_LIMIT),
        ),
      )
      .orderBy(asc(orderLines.id)),
  ] as const;
}

type PastOrderRows = [Awaited<ReturnType<typeof pastOrdersQueries>[0]>, Awaited<ReturnType<typeof pastOrdersQueries>[1]>];

function toPastOrders([orderRows, lines]: PastOrderRows): PastOrder[] {
  return orderRows.map((order) => ({
    id: order.id,
    number: order.number,
    date_created: order.createdAt.toISOString(),
    orderdetails: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        id: line.id,
        sku: line.sku,
        title: line.title,
        variation: { picture: line.variationId != null ? (line.variationPicture ?? line.picture ?? null) : null },
        product: { id: line.productId, picture: line.productPicture ?? (line.picture || null) },
      })),
  }));
}

/** The customer's recent orders with their lines (§3 Past order), newest first: one round trip. */
export async function pastOrders(db: Database, customerId: number): Promise<PastOrder[]> {
  const [orderRows, lines] = await db.batch(pastOrdersQueries(db, customerId));
  return toPastOrders([orderRows, lines]);
}

/** The /user/support page: the member's tickets and past orders, in one round trip. */
export async function loadSupportPage(db: Database, userId: number): Promise<{ tickets: CustomerTicketSummary[]; orders: PastOrder[] }> {
  const [ticketRows, orderRows, lines] = await db.batch([customerTicketsQuery(db, userId, 50), ...pastOrdersQueries(db, userId)]);
  return { tickets: ticketRows.map(toCustomerTicket), orders: toPastOrders([orderRows, lines]) };
}

export interface TicketProduct {
  id: number;
  sku: string;
  title: string;
  type: "simple" | "set" | "variation";
  status: "published" | "draft" | "archived";
  picture: string | null;
  url: string;
}

/**
 * A product for the new-ticket form: staff see any; a customer sees listed products and anything they
 * bought (a private or archived product of a past order). Null = not found for this viewer.
 */
export async function productForTicket(db: Database, viewer: Viewer, productId: number): Promise<TicketProduct | null> {
  const bought = sql<number>`exists (select 1 from ${orderLines} inner join ${orders} on ${orders.id} = ${orderLines.orderId} where ${qualified(orderLines.productId)} = ${qualified(products.id)} and ${orders.userId} = ${viewer.id})`;
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      type: products.type,
      status: products.status,
      isPrivate: products.isPrivate,
      categorySlug: categories.slug,
      picture: sql<
        string | null
      >`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${products.id} and ${productMedia.variationId} is null order by ${productMedia.position} limit 1)`,
      bought,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(eq(products.id, productId));
  if (!row) return null;
  const listed = row.status === "published" && !row.isPrivate;
  if (viewer.role !== "staff" && !listed && !row.bought) return null;
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    type: row.type,
    status: row.status,
    picture: row.picture,
    url: productPath(row),
  };
}

export interface CustomerTicketSummary {
  id: number;
  status: TicketStatus;
  confirmation: TicketConfirmation | null;
  category: string;
  trouble: string;
  createdAt: string;
  updatedAt: string;
  unread: number;
  lastMessage: string;
}

export function customerTicketsQuery(db: Database, userId: number, limit: number) {
  const unread = sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} and ${ticketMessages.fromadmin} is not null and ${ticketMessages.readAt} is null)`;
  return db
    .select({
      id: tickets.id,
      status: tickets.status,
      confirmation: tickets.confirmation,
      category: tickets.category,
      trouble: tickets.trouble,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      unread,
      last: lastMessage,
    })
    .from(tickets)
    .where(eq(tickets.userId, userId))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
}

export function toCustomerTicket(row: Awaited<ReturnType<typeof customerTicketsQuery>>[number]): CustomerTicketSummary {
  return {
    id: row.id,
    status: row.status,
    confirmation: row.confirmation,
    category: row.category,
    trouble: row.trouble,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unread: Number(row.unread),
    lastMessage: excerpt(row.last ?? ""),
  };
}
