/**
 * /crm/orders/archive/{number}: staff see that an order number was archived to R2 (decision 0068) and what
 * its document holds; the owner restores it (POST → back to the order's page in D1). An order number still in
 * D1 goes to its order page; one in neither answers 404.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { archivedOrderPath, ORDER_ARCHIVE_TEXT, OrderNumberSchema } from "~/core/archive/order-archive";
import { formatDateTime } from "~/core/dates";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import { orders } from "~/db/schema";
import type { SessionUser } from "~/services/account/sessions.server";
import { readArchivedOrder, restoreArchivedOrder } from "~/services/archive/order-archive.server";
import type { ArchivedOrderPageData } from "../types/order-archive";
import { orderActorOf } from "../account/auth.server";
import { invariantResponse, withNotice } from "../http.server";
import { parseQuery } from "../input.server";

const TABLE_LABELS: Record<string, string> = {
  order_shipments: "配送",
  order_lines: "注文明細",
  order_events: "履歴",
  order_refunds: "返金",
  order_edits: "変更",
  coupon_uses: "クーポン利用",
  return_requests: "返品・交換",
};

function orderNumberParam(value: string | undefined): string {
  const parsed = v.safeParse(OrderNumberSchema, value);
  invariantResponse(parsed.success, ORDER_ARCHIVE_TEXT.badNumber, { status: 404 });
  return parsed.output;
}

/** The order's page when the number is in D1 (restored, or never archived); null otherwise. */
async function orderInDatabase(context: AppLoadContext, orderNumber: string): Promise<Response | null> {
  const row = await context.db.select({ id: orders.id }).from(orders).where(eq(orders.number, orderNumber)).get();
  return row ? redirect(`${ORDER_DESK_PATH}/${row.id}`) : null;
}

export async function loadArchivedOrderPage(
  request: Request,
  context: AppLoadContext,
  rawNumber: string | undefined,
  staff: SessionUser,
): Promise<ArchivedOrderPageData> {
  const orderNumber = orderNumberParam(rawNumber);
  const inDatabase = await orderInDatabase(context, orderNumber);
  if (inDatabase) throw inDatabase;
  const document = await readArchivedOrder(context.cloudflare.env.ATTACHMENTS, orderNumber);
  invariantResponse(document, ORDER_ARCHIVE_TEXT.notArchived, { status: 404 });
  const { columns, rows } = document.tables.rows.orders ?? { columns: [], rows: [] };
  const field = (name: string) => rows[0]?.[columns.indexOf(name)];
  const { error } = parseQuery(request, v.object({ error: v.fallback(v.nullable(v.picklist(Object.keys(ORDER_ARCHIVE_TEXT))), null) }));
  return {
    number: orderNumber,
    placedText: formatDateTime(new Date(Number(field("created_at")))),
    archivedText: formatDateTime(document.archivedAt),
    status: ORDER_STATUS_LABELS[field("status") as OrderStatus] ?? String(field("status")),
    total: Number(field("total")),
    email: String(field("email")),
    counts: Object.entries(TABLE_LABELS).map(([table, label]) => ({ label, rows: document.tables.rows[table]?.rows.length ?? 0 })),
    canRestore: staff.isOwner,
    error: error ? ORDER_ARCHIVE_TEXT[error as keyof typeof ORDER_ARCHIVE_TEXT] : null,
  };
}

/** The owner's 復元: the order page with its notice, or this page again with why not. */
export async function restoreArchivedOrderAction(context: AppLoadContext, rawNumber: string | undefined, owner: SessionUser): Promise<Response> {
  const orderNumber = orderNumberParam(rawNumber);
  const result = await restoreArchivedOrder(context.db, context.cloudflare.env.ATTACHMENTS, orderNumber, orderActorOf(owner), new Date());
  if (result.ok) return redirect(withNotice(`${ORDER_DESK_PATH}/${result.orderId}`, "archive_restored"), { status: 303 });
  const key = Object.entries(ORDER_ARCHIVE_TEXT).find(([, text]) => text === result.error)?.[0] ?? "notArchived";
  return redirect(`${archivedOrderPath(orderNumber)}?error=${key}`, { status: 303 });
}
