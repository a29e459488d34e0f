/**
 * Archiving old orders to R2 and restoring them (issue 39 item 5, decision 0068) on real local D1 and R2:
 * an archived order leaves every D1 table and its R2 document holds every row; a restore puts back exactly
 * those rows (ids kept) and its pointers; an order changed between the read and the delete stays; two
 * archivers, two restorers, an archiver and a restorer at once never lose or duplicate an order; a cron run
 * archives a bounded batch, oldest first, and leaves open and recent orders alone.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { archivedOrderPath, ORDER_ARCHIVE_BATCH, orderArchiveKey } from "~/core/archive/order-archive";
import { orderLines, orders, ticketOrderLines, tickets } from "~/db/schema";
import { archiveOldOrders, archiveOrder, readArchivedOrder, restoreArchivedOrder, type OrderArchiveDocument } from "~/services/archive/order-archive.server";
import * as archivePage from "~/routes/crm.orders.archive.$number";
import * as orderDeskPage from "~/routes/crm.orders.$orderId";
import { MEMBER_ID, OWNER_ID } from "~/services/seed/people";
import type { ArchivedOrderPageData } from "~/web/types/order-archive";
import { placeMemberOrder } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { deliveredOrder, receiveReturn, requestMemberReturn, STAFF_ACTOR } from "../support/returns";
import { expectRedirect, memberCookie, pageRequest, postRequest, run, valueOf } from "../support/requests";
import { openMemberTicket } from "../support/tickets";

const it = platformTest();
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
/** Six years on: the orders placed today are past the archive's five. */
const later = () => new Date(Date.now() + 6 * YEAR_MS);

/** Every table holding a row of the order, read with `select *` (independent of the archive's own SQL). */
const ORDER_TABLES: Record<string, string> = {
  orders: "id = ?",
  order_shipments: "order_id = ?",
  order_lines: "order_id = ?",
  order_events: "order_id = ?",
  order_refunds: "order_id = ?",
  order_edits: "order_id = ?",
  coupon_uses: "order_id = ?",
  return_requests: "order_id = ?",
  return_request_lines: "return_id in (select id from return_requests where order_id = ?)",
  return_replacements: "return_id in (select id from return_requests where order_id = ?)",
  ticket_order_lines: "order_line_id in (select id from order_lines where order_id = ?)",
  point_ledger: "order_id = ?",
  tickets: "order_id = ?",
  subscriptions: "order_id = ?",
  merchant_alerts: "order_id = ?",
};

async function orderRows(platform: TestPlatform, orderId: number): Promise<Record<string, Record<string, unknown>[]>> {
  const entries = await Promise.all(
    Object.entries(ORDER_TABLES).map(async ([table, where]) => {
      const { results } = await platform.env.DB.prepare(`select * from ${table} where ${where} order by 1, 2`).bind(orderId).all();
      return [table, results] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const countRows = (rows: Record<string, unknown[]>) => Object.values(rows).reduce((sum, list) => sum + list.length, 0);

/** A delivered order with a received return (refund, return lines), points earned, and a ticket about one of its lines. */
async function richClosedOrder(platform: TestPlatform) {
  const delivered = await deliveredOrder(platform.db, MEMBER_ID, { quantity: 2 });
  const line = delivered.lines[0]!;
  await receiveReturn(platform.db, await requestMemberReturn(platform, delivered.id, line.id, { token: `archive-${delivered.id}` }));
  const ticketId = await openMemberTicket(platform, "届いた商品について");
  await platform.db.update(tickets).set({ orderId: delivered.id }).where(eq(tickets.id, ticketId));
  await platform.db.insert(ticketOrderLines).values({ ticketId, orderLineId: line.id });
  return { ...delivered, ticketId };
}

const archivedDocument = (platform: TestPlatform, number: string) => readArchivedOrder(platform.env.ATTACHMENTS, number);

describe("archiving one order", () => {
  it("moves every row to one R2 document and restores them exactly, ids and pointers kept", async ({ platform }) => {
    const order = await richClosedOrder(platform);
    const before = await orderRows(platform, order.id);
    expect((await platform.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get())?.status).toBe("completed");
    for (const table of [
      "order_shipments",
      "order_lines",
      "order_events",
      "order_refunds",
      "return_requests",
      "return_request_lines",
      "ticket_order_lines",
      "point_ledger",
      "tickets",
    ]) {
      expect(before[table]!.length, table).toBeGreaterThan(0);
    }

    expect(await archiveOrder(platform.db, platform.env.ATTACHMENTS, order.id, later())).toBe("archived");
    const gone = await orderRows(platform, order.id);
    expect(countRows(gone)).toBe(0);
    // The rows that stay in D1 (the member's points, the ticket) lost only their pointer.
    const ledgerIds = before.point_ledger!.map((row) => row.id as number);
    const { results: ledger } = await platform.env.DB.prepare(`select id, order_id from point_ledger where id in (${ledgerIds.join(",")})`).all();
    expect(ledger.map((row) => row.order_id)).toEqual(ledgerIds.map(() => null));

    const document = (await archivedDocument(platform, order.number)) as OrderArchiveDocument;
    expect(document.orderId).toBe(order.id);
    for (const [table, rows] of Object.entries(before)) {
      const stored = document.tables.rows[table] ?? document.tables.links[table];
      expect(stored?.rows.length, table).toBe(rows.length);
    }
    const [orderRow] = document.tables.rows.orders!.rows;
    expect(Object.fromEntries(document.tables.rows.orders!.columns.map((column, index) => [column, orderRow![index]]))).toEqual(before.orders![0]);

    const restored = await restoreArchivedOrder(platform.db, platform.env.ATTACHMENTS, order.number, STAFF_ACTOR, later());
    expect(restored).toEqual({ ok: true, orderId: order.id });
    expect(await platform.env.ATTACHMENTS.head(orderArchiveKey(order.number))).toBeNull();
    const after = await orderRows(platform, order.id);
    const restoreEvent = after.order_events!.filter((row) => row.kind === "archive_restored");
    expect(restoreEvent).toHaveLength(1);
    expect({ ...after, order_events: after.order_events!.filter((row) => row.kind !== "archive_restored") }).toEqual(before);

    // Touched now, the restored order is not archived again for the archive's years.
    expect(await archiveOrder(platform.db, platform.env.ATTACHMENTS, order.id, later())).toBe("not_archivable");
  });

  it("keeps an order that changed between the read and the delete, and removes the copy it wrote", async ({ platform }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID);
    const before = await orderRows(platform, order.id);
    const bucket = platform.env.ATTACHMENTS;
    // Staff write a note while the archiver reads its object back.
    const racing = Object.create(bucket) as R2Bucket;
    racing.get = async (key: string) => {
      await platform.env.DB.prepare(
        "insert into order_events (order_id, actor_kind, actor_name, kind, note) values (?, 'staff', '佐藤', 'note', 'お客様から電話')",
      )
        .bind(order.id)
        .run();
      return bucket.get(key);
    };
    expect(await archiveOrder(platform.db, racing, order.id, later())).toBe("changed");
    const after = await orderRows(platform, order.id);
    expect(after.order_events!.length).toBe(before.order_events!.length + 1);
    expect({ ...after, order_events: before.order_events }).toEqual(before);
    expect(await bucket.head(orderArchiveKey(order.number))).toBeNull();
    // Archived on the next run, note and all.
    expect(await archiveOrder(platform.db, bucket, order.id, later())).toBe("archived");
    expect((await archivedDocument(platform, order.number))!.tables.rows.order_events!.rows).toHaveLength(after.order_events!.length);
  });

  it("leaves open and recent orders in D1", async ({ platform }) => {
    const open = await placeMemberOrder(platform.db, MEMBER_ID);
    expect(await archiveOrder(platform.db, platform.env.ATTACHMENTS, open.id, later())).toBe("not_archivable");
    const recent = await deliveredOrder(platform.db, MEMBER_ID);
    expect(await archiveOrder(platform.db, platform.env.ATTACHMENTS, recent.id, new Date(Date.now() + 4 * YEAR_MS))).toBe("not_archivable");
    expect(await platform.env.ATTACHMENTS.head(orderArchiveKey(recent.number))).toBeNull();
  });
});

describe("at once", () => {
  it("two archivers of one order: archived once, nothing lost", async ({ platform }) => {
    const order = await richClosedOrder(platform);
    const before = await orderRows(platform, order.id);
    const outcomes = await Promise.all([0, 1, 2].map(() => archiveOrder(platform.db, platform.env.ATTACHMENTS, order.id, later())));
    expect(outcomes.filter((outcome) => outcome === "archived")).toHaveLength(1);
    expect(countRows(await orderRows(platform, order.id))).toBe(0);
    expect((await archivedDocument(platform, order.number))!.tables.rows.order_lines!.rows).toHaveLength(before.order_lines!.length);
  });

  it("two restorers of one order: restored once, the object gone after", async ({ platform }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID);
    const before = await orderRows(platform, order.id);
    expect(await archiveOrder(platform.db, platform.env.ATTACHMENTS, order.id, later())).toBe("archived");
    const results = await Promise.all([0, 1].map(() => restoreArchivedOrder(platform.db, platform.env.ATTACHMENTS, order.number, STAFF_ACTOR, later())));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const after = await orderRows(platform, order.id);
    expect(after.order_events!.filter((row) => row.kind === "archive_restored")).toHaveLength(1);
    expect(after.order_lines).toEqual(before.order_lines);
    expect(await platform.env.ATTACHMENTS.head(orderArchiveKey(order.number))).toBeNull();
  });

  it("a restore while the archive runs: the order ends in exactly one place, whole", async ({ platform }) => {
    for (let round = 0; round < 3; round++) {
      const order = await deliveredOrder(platform.db, MEMBER_ID);
      const before = await orderRows(platform, order.id);
      await Promise.all([
        archiveOrder(platform.db, platform.env.ATTACHMENTS, order.id, later()),
        restoreArchivedOrder(platform.db, platform.env.ATTACHMENTS, order.number, STAFF_ACTOR, later()),
      ]);
      const inD1 = await orderRows(platform, order.id);
      const document = await archivedDocument(platform, order.number);
      expect(countRows(inD1) > 0, "in D1").toBe(document === null);
      if (document) expect(document.tables.rows.order_lines!.rows).toHaveLength(before.order_lines!.length);
      else expect({ ...inD1, order_events: inD1.order_events!.filter((row) => row.kind !== "archive_restored") }).toEqual(before);
    }
  });
});

describe("the cron's batch", () => {
  it("archives the oldest archivable orders, a bounded number per run, and twice at once archives each once", async ({ platform }) => {
    const placed = [];
    for (let index = 0; index < 4; index++) placed.push(await deliveredOrder(platform.db, MEMBER_ID));
    const ids = placed.map((order) => order.id);
    // Make these four the oldest orders of the store, in this order.
    for (const [index, id] of ids.entries()) {
      await platform.db
        .update(orders)
        .set({ createdAt: new Date(Date.UTC(2000, 0, 1 + index)) })
        .where(eq(orders.id, id));
    }
    const first = await archiveOldOrders(platform.db, platform.env.ATTACHMENTS, later(), 2);
    expect(first.archived).toBe(2);
    const remaining = async () =>
      (
        await platform.db
          .select({ id: orders.id })
          .from(orders)
          .where(sql`${orders.id} in (${sql.join(ids, sql`, `)})`)
      ).map((row) => row.id);
    expect(await remaining()).toEqual(ids.slice(2));

    const runs = await Promise.all([0, 1].map(() => archiveOldOrders(platform.db, platform.env.ATTACHMENTS, later(), 2)));
    expect(runs.reduce((sum, run) => sum + run.archived, 0)).toBe(2);
    expect(await remaining()).toEqual([]);
    for (const order of placed) expect((await archivedDocument(platform, order.number))?.orderId).toBe(order.id);
    expect(
      await platform.db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(sql`${orderLines.orderId} in (${sql.join(ids, sql`, `)})`),
    ).toEqual([]);

    const run = await archiveOldOrders(platform.db, platform.env.ATTACHMENTS, later());
    expect(run.archived).toBeLessThanOrEqual(ORDER_ARCHIVE_BATCH);
  });
});

describe("the staff page of an archived order", () => {
  it("tells staff the number is archived, lets only the owner restore it, and sends a number in D1 to its order", async ({ platform, staff }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID);
    const params = { number: order.number };
    const path = archivedOrderPath(order.number);
    // A number still in D1 opens its order page, from the desk's URL or the archive's.
    expectRedirect(await run(platform, orderDeskPage.loader, pageRequest(`/crm/orders/${order.number}`, staff), { orderId: order.number }), 302, path);
    expectRedirect(await run(platform, archivePage.loader, pageRequest(path, staff), params), 302, `/crm/orders/${order.id}`);

    expect(await archiveOrder(platform.db, platform.env.ATTACHMENTS, order.id, later())).toBe("archived");
    const shown = await valueOf<ArchivedOrderPageData>(await run(platform, archivePage.loader, pageRequest(path, staff), params));
    expect(shown).toMatchObject({ number: order.number, status: "お届け済み", canRestore: false, error: null });
    expect(shown.counts.find((count) => count.label === "注文明細")?.rows).toBe(order.lines.length);
    expect((await run(platform, archivePage.action, postRequest(path, {}, { cookie: staff }), params)).status).toBe(403);
    expect(await platform.env.ATTACHMENTS.head(orderArchiveKey(order.number))).not.toBeNull();

    const owner = await memberCookie(platform, OWNER_ID);
    expect((await valueOf<ArchivedOrderPageData>(await run(platform, archivePage.loader, pageRequest(path, owner), params))).canRestore).toBe(true);
    expectRedirect(
      await run(platform, archivePage.action, postRequest(path, {}, { cookie: owner }), params),
      303,
      `/crm/orders/${order.id}?notice=archive_restored#result`,
    );
    expect(await platform.db.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).get()).toEqual({ id: order.id });
    // Restored twice (a double click): told so, nothing changed.
    expectRedirect(await run(platform, archivePage.action, postRequest(path, {}, { cookie: owner }), params), 303, `${path}?error=notArchived`);

    expect((await run(platform, archivePage.loader, pageRequest(archivedOrderPath("20000101-999999"), staff), { number: "20000101-999999" })).status).toBe(404);
    expect((await run(platform, archivePage.loader, pageRequest("/crm/orders/archive/x", staff), { number: "x" })).status).toBe(404);
  });
});
