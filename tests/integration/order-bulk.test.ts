/**
 * Bulk actions on staff's order list (/crm/orders/bulk, issue 38 item 4) on a real local D1: the dry run
 * names what each selected order (parcel) would change or why it cannot, and changes nothing; the apply
 * runs each target as its own guarded change — a mixed set applies the ones that can and names the
 * others — and redirects to the results (PRG); bad input is a Japanese message with nothing changed; the
 * same apply sent twice at once, or racing a single-order action or a cancellation, changes and mails
 * each target once; only staff get in.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect } from "vitest";
import { BULK_CHANGES, BULK_MAX_ORDERS, BULK_REFUSALS, BULK_TEXT, readBulkResultParam } from "~/core/orders/order-bulk";
import { mailOutbox, orderEvents, orders, orderShipments } from "~/db/schema";
import * as bulkRoute from "~/routes/crm.orders.bulk";
import * as resultRoute from "~/routes/crm.orders.bulk_.result";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { cancelOrder } from "~/services/orders/order-cancellation.server";
import { confirmPayment, shipShipment } from "~/services/orders/order-transitions.server";
import type { BulkActionData, BulkPreviewData, BulkResultData } from "~/web/types/order-bulk";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { location, multipartRequest, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();
const STAFF = { kind: "staff" as const, userId: STAFF_ID, name: "佐藤 健" };

function bulkPath(intent: string, ids: (number | string)[]) {
  return `/crm/orders/bulk?${new URLSearchParams([["intent", intent], ...ids.map((id): [string, string] => ["order", String(id)])])}`;
}

async function dryRun(platform: TestPlatform, cookie: string, intent: string, ids: (number | string)[]) {
  const outcome = await run(platform, bulkRoute.loader as RouteHandler, pageRequest(bulkPath(intent, ids), cookie));
  return { status: outcome.status, page: await valueOf<BulkPreviewData>(outcome) };
}

function apply(platform: TestPlatform, cookie: string, intent: string, ids: number[], fields: [string, string][]) {
  return run(
    platform,
    bulkRoute.action as RouteHandler,
    postRequest(bulkPath(intent, ids), [["intent", intent], ["step", "apply"], ...fields], { cookie, mode: "navigate" }),
  );
}

/** The outcomes an apply's redirect carries, by target key (`{orderId}.{shipmentId or 0}`). */
function outcomesOf(outcome: Awaited<ReturnType<typeof run>>): Record<string, string> {
  expect(outcome.status).toBe(303);
  const url = new URL(location(outcome)!, "http://shop.test");
  expect(url.pathname).toBe("/crm/orders/bulk/result");
  return Object.fromEntries(
    url.searchParams.getAll("r").map((value) => {
      const entry = readBulkResultParam(value)!;
      return [`${entry.orderId}.${entry.shipmentId ?? 0}`, entry.outcome];
    }),
  );
}

/** The rows each target of a dry run shows: [order number or id, change or refusal]. */
function reasons(page: BulkPreviewData) {
  return page.orders.flatMap((order) => order.targets.map((target) => [target.key, target.refusal ?? target.change]));
}

const statusOf = async (platform: TestPlatform, id: number) => (await platform.db.select().from(orders).where(eq(orders.id, id)).get())?.status;
const shipmentStatus = async (platform: TestPlatform, id: number) =>
  (await platform.db.select().from(orderShipments).where(eq(orderShipments.id, id)).get())?.status;
const outboxCount = async (platform: TestPlatform, pattern: string) =>
  (await platform.db.select().from(mailOutbox).where(like(mailOutbox.key, pattern))).length;
const eventCount = async (platform: TestPlatform, orderId: number, kind: string) =>
  (
    await platform.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, kind)))
  ).length;
const shipmentsOf = async (platform: TestPlatform, orderId: number) =>
  (await platform.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId))).map((shipment) => shipment.id);

describe("入金確認", () => {
  it("the dry run names each order's change or reason, changes nothing, and the apply does the one that can", async ({ platform, staff }) => {
    const { db } = platform;
    const waiting = await placeMemberOrder(db, MEMBER_ID, { now });
    const paid = await placeMemberOrder(db, MEMBER_ID, { now });
    await confirmPayment(db, paid.id, STAFF, TEST_MAIL_FRAME, now);
    const cancelled = await placeMemberOrder(db, MEMBER_ID, { now });
    await cancelOrder(db, cancelled.id, STAFF, "staff", TEST_MAIL_FRAME, now);
    const cod = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", now });
    const ids = [waiting.id, paid.id, cancelled.id, cod.id, 99999];

    const { status, page } = await dryRun(platform, staff, "confirm_payment", ids);
    expect(status).toBe(200);
    expect(reasons(page)).toEqual([
      [`${waiting.id}.0`, BULK_CHANGES.confirm_payment.planned],
      [`${paid.id}.0`, "入金確認済みです。"],
      [`${cancelled.id}.0`, "キャンセル済みです。"],
      [`${cod.id}.0`, BULK_REFUSALS.notBankTransfer],
      ["99999.0", BULK_REFUSALS.notFound],
    ]);
    expect(page.applicable).toBe(1);
    expect(page.run).toMatch(/^[0-9a-f-]{36}$/);
    expect(await statusOf(platform, waiting.id)).toBe("pending_payment");

    // Posted with every target ticked (as a hand-made form could): the refused ones are named, the one applied.
    const outcome = await apply(platform, staff, "confirm_payment", ids, [["run", page.run], ...ids.map((id): [string, string] => ["target", `${id}.0`])]);
    expect(outcomesOf(outcome)).toEqual({
      [`${waiting.id}.0`]: "done",
      [`${paid.id}.0`]: "alreadyPaid",
      [`${cancelled.id}.0`]: "cancelled",
      [`${cod.id}.0`]: "notBankTransfer",
      "99999.0": "notFound",
    });
    expect(await statusOf(platform, waiting.id)).toBe("paid");
    expect(await outboxCount(platform, `payment-confirmed:${waiting.number}`)).toBe(1);

    const shown = await valueOf<BulkResultData>(await run(platform, resultRoute.loader as RouteHandler, pageRequest(location(outcome)!, staff)));
    expect(shown.doneCount).toBe(1);
    expect(shown.refusedCount).toBe(4);
    expect(shown.rows.map((row) => [row.number, row.done, row.message])).toEqual([
      [waiting.number, true, "入金を確認しました。"],
      [paid.number, false, "入金確認済みです。"],
      [cancelled.number, false, "キャンセル済みです。"],
      [cod.number, false, BULK_REFUSALS.notBankTransfer],
      [null, false, BULK_REFUSALS.notFound],
    ]);
  });

  it("the same apply sent twice at once confirms each order once and mails once", async ({ platform, staff }) => {
    const { db } = platform;
    const placed = [await placeMemberOrder(db, MEMBER_ID, { now }), await placeMemberOrder(db, MEMBER_ID, { now })];
    const ids = placed.map((order) => order.id);
    const { page } = await dryRun(platform, staff, "confirm_payment", ids);
    const fields: [string, string][] = [["run", page.run], ...ids.map((id): [string, string] => ["target", `${id}.0`])];
    const [first, second] = await Promise.all([apply(platform, staff, "confirm_payment", ids, fields), apply(platform, staff, "confirm_payment", ids, fields)]);
    const [a, b] = [outcomesOf(first), outcomesOf(second)];
    for (const order of placed) {
      expect([a[`${order.id}.0`], b[`${order.id}.0`]].sort()).toEqual(["alreadyPaid", "done"]);
      expect(await statusOf(platform, order.id)).toBe("paid");
      expect(await eventCount(platform, order.id, "payment_confirmed")).toBe(1);
      expect(await outboxCount(platform, `payment-confirmed:${order.number}`)).toBe(1);
    }
  });
});

describe("発送済み with tracking numbers", () => {
  it("lists each parcel, applies a mixed set (one shipped meanwhile) and reports per parcel", async ({ platform, staff }) => {
    const { db } = platform;
    const cod = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", more: [{ sku: "FOOD-BUTTER", quantity: 1 }], now });
    const [warehouse, merchant] = await shipmentsOf(platform, cod.id);
    const transfer = await placeMemberOrder(db, MEMBER_ID, { now });
    const [waitingParcel] = await shipmentsOf(platform, transfer.id);
    const ids = [cod.id, transfer.id];

    const { page } = await dryRun(platform, staff, "ship", ids);
    expect(reasons(page)).toEqual([
      [`${cod.id}.${warehouse}`, BULK_CHANGES.ship.planned],
      [`${cod.id}.${merchant}`, BULK_CHANGES.ship.planned],
      [`${transfer.id}.${waitingParcel}`, BULK_REFUSALS.awaitingPayment],
    ]);
    expect(page.orders[0]!.targets.map((target) => target.sender)).toEqual(["当社倉庫", "十勝しあわせ牧場"]);

    // A malformed number refuses the whole form at its field; nothing is shipped.
    const wrong = await apply(platform, staff, "ship", ids, [
      ["run", page.run],
      ["target", `${cod.id}.${warehouse}`],
      [`carrier_${cod.id}.${warehouse}`, "yamato"],
      [`tracking_${cod.id}.${warehouse}`, "12345"],
    ]);
    expect(wrong.status).toBe(400);
    const refused = await valueOf<BulkActionData>(wrong);
    expect(refused.error).toBe(BULK_TEXT.fixTracking);
    expect(refused.fieldErrors).toEqual({ [`${cod.id}.${warehouse}`]: "ヤマト運輸のお問い合わせ番号は12桁の数字です。" });
    expect(refused.values[`tracking_${cod.id}.${warehouse}`]).toBe("12345");
    expect(await shipmentStatus(platform, warehouse!)).toBe("preparing");

    // Someone ships the warehouse parcel from the order page after the dry run.
    await shipShipment(
      db,
      { orderId: cod.id, shipmentId: warehouse!, actor: STAFF, merchantId: null },
      { carrier: "sagawa", trackingNumber: "999988887777" },
      TEST_MAIL_FRAME,
      now,
    );
    const outcome = await apply(platform, staff, "ship", ids, [
      ["run", page.run],
      ["target", `${cod.id}.${warehouse}`],
      [`carrier_${cod.id}.${warehouse}`, "yamato"],
      [`tracking_${cod.id}.${warehouse}`, "1111-2222-3333"],
      ["target", `${cod.id}.${merchant}`],
      [`carrier_${cod.id}.${merchant}`, "japanpost"],
      [`tracking_${cod.id}.${merchant}`, "１２３４５６７８９０１"],
    ]);
    expect(outcomesOf(outcome)).toEqual({ [`${cod.id}.${warehouse}`]: "alreadyShipped", [`${cod.id}.${merchant}`]: "done" });
    const rows = await db.select().from(orderShipments).where(eq(orderShipments.orderId, cod.id));
    expect(rows.map((row) => [row.status, row.carrier, row.trackingNumber])).toEqual([
      ["shipped", "sagawa", "999988887777"],
      ["shipped", "japanpost", "12345678901"],
    ]);
    expect(await statusOf(platform, cod.id)).toBe("shipped");
    expect(await outboxCount(platform, `shipment-shipped:${merchant}`)).toBe(1);
    const shown = await valueOf<BulkResultData>(await run(platform, resultRoute.loader as RouteHandler, pageRequest(location(outcome)!, staff)));
    expect(shown.rows.map((row) => [row.sender, row.message])).toEqual([
      ["当社倉庫", "発送済みです。"],
      ["十勝しあわせ牧場", "発送済みにしました。"],
    ]);
  });

  it("fills the numbers from a tracking file (B2's slips) without shipping anything", async ({ platform, staff }) => {
    const cod = await placeMemberOrder(platform.db, MEMBER_ID, { paymentMethod: "cod", now });
    const [parcel] = await shipmentsOf(platform, cod.id);
    const { page } = await dryRun(platform, staff, "ship", [cod.id]);
    const file = new File([`お客様管理番号,伝票番号\r\n${parcel},4444-5555-6666\r\n999999,111122223333\r\n`], "b2.csv", { type: "text/csv" });
    const outcome = await run(
      platform,
      bulkRoute.action as RouteHandler,
      multipartRequest(
        bulkPath("ship", [cod.id]),
        [
          ["intent", "ship"],
          ["run", page.run],
          ["step", "fill"],
          ["target", `${cod.id}.${parcel}`],
          ["file", file],
        ],
        { cookie: staff, mode: "navigate" },
      ),
    );
    expect(outcome.status).toBe(200);
    const filled = await valueOf<BulkActionData>(outcome);
    expect(filled.values).toEqual({ [`carrier_${cod.id}.${parcel}`]: "yamato", [`tracking_${cod.id}.${parcel}`]: "4444-5555-6666" });
    expect(filled.note).toContain("1件");
    expect(await shipmentStatus(platform, parcel!)).toBe("preparing");
  });

  it("the same apply twice at once ships each parcel once with one mail; against a cancellation, one of them wins", async ({ platform, staff }) => {
    const { db } = platform;
    const cod = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", more: [{ sku: "FOOD-BUTTER", quantity: 1 }], now });
    const parcels = await shipmentsOf(platform, cod.id);
    const { page } = await dryRun(platform, staff, "ship", [cod.id]);
    const fields: [string, string][] = [["run", page.run]];
    parcels.forEach((id, index) =>
      fields.push(["target", `${cod.id}.${id}`], [`carrier_${cod.id}.${id}`, "yamato"], [`tracking_${cod.id}.${id}`, `12341234123${index}`]),
    );
    const [a, b] = (await Promise.all([apply(platform, staff, "ship", [cod.id], fields), apply(platform, staff, "ship", [cod.id], fields)])).map(outcomesOf);
    for (const id of parcels) {
      expect([a![`${cod.id}.${id}`], b![`${cod.id}.${id}`]].sort()).toEqual(["alreadyShipped", "done"]);
      expect(await outboxCount(platform, `shipment-shipped:${id}`)).toBe(1);
    }
    expect(await eventCount(platform, cod.id, "shipped")).toBe(2);

    const racing = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", now });
    const [parcel] = await shipmentsOf(platform, racing.id);
    const race = await dryRun(platform, staff, "ship", [racing.id]);
    const [shipped, cancelled] = await Promise.all([
      apply(
        platform,
        staff,
        "ship",
        [racing.id],
        [
          ["run", race.page.run],
          ["target", `${racing.id}.${parcel}`],
          [`carrier_${racing.id}.${parcel}`, "yamato"],
          [`tracking_${racing.id}.${parcel}`, "555566667777"],
        ],
      ),
      cancelOrder(db, racing.id, STAFF, "staff", TEST_MAIL_FRAME, now),
    ]);
    const outcome = outcomesOf(shipped)[`${racing.id}.${parcel}`];
    const status = await statusOf(platform, racing.id);
    if (cancelled.ok) {
      expect(outcome).toBe("cancelled");
      expect(status).toBe("cancelled");
      expect(await outboxCount(platform, `shipment-shipped:${parcel}`)).toBe(0);
    } else {
      expect(outcome).toBe("done");
      expect(status).toBe("shipped");
      expect(await outboxCount(platform, `order-cancelled:${racing.number}`)).toBe(0);
    }
  });
});

describe("出荷メール", () => {
  it("resends the shipped parcels' mail once per run (also when the run is posted twice at once), and not for a parcel not shipped", async ({
    platform,
    staff,
  }) => {
    const { db } = platform;
    const cod = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", more: [{ sku: "FOOD-BUTTER", quantity: 1 }], now });
    const [shippedParcel, waitingParcel] = await shipmentsOf(platform, cod.id);
    await shipShipment(
      db,
      { orderId: cod.id, shipmentId: shippedParcel!, actor: STAFF, merchantId: null },
      { carrier: "yamato", trackingNumber: "123412341234" },
      TEST_MAIL_FRAME,
      now,
    );
    const { page } = await dryRun(platform, staff, "resend_shipment_mail", [cod.id]);
    expect(reasons(page)).toEqual([
      [`${cod.id}.${shippedParcel}`, BULK_CHANGES.resend_shipment_mail.planned],
      [`${cod.id}.${waitingParcel}`, BULK_REFUSALS.notShipped],
    ]);
    expect(page.orders[0]!.targets[0]!.tracking).toBe("ヤマト運輸 123412341234");
    const fields: [string, string][] = [
      ["run", page.run],
      ["target", `${cod.id}.${shippedParcel}`],
      ["target", `${cod.id}.${waitingParcel}`],
    ];
    const [a, b] = (
      await Promise.all([apply(platform, staff, "resend_shipment_mail", [cod.id], fields), apply(platform, staff, "resend_shipment_mail", [cod.id], fields)])
    ).map(outcomesOf);
    expect([a![`${cod.id}.${shippedParcel}`], b![`${cod.id}.${shippedParcel}`]].sort()).toEqual(["alreadyMailed", "done"]);
    expect(a![`${cod.id}.${waitingParcel}`]).toBe("notShipped");
    expect(await outboxCount(platform, `shipment-shipped:${shippedParcel}:resend:%`)).toBe(1);
    expect(await eventCount(platform, cod.id, "shipment_mail_resent")).toBe(1);
    const resent = await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.key, `shipment-shipped:${shippedParcel}:resend:%`))
      .get();
    expect(resent?.textBody).toContain("123412341234");

    // A new run (another dry run) is another resend.
    const next = await dryRun(platform, staff, "resend_shipment_mail", [cod.id]);
    outcomesOf(
      await apply(
        platform,
        staff,
        "resend_shipment_mail",
        [cod.id],
        [
          ["run", next.page.run],
          ["target", `${cod.id}.${shippedParcel}`],
        ],
      ),
    );
    expect(await outboxCount(platform, `shipment-shipped:${shippedParcel}:resend:%`)).toBe(2);
  });
});

describe("bad input", () => {
  it("answers no selection, too many, malformed ids and no action with a Japanese message, never a 500", async ({ platform, staff }) => {
    expect(await dryRun(platform, staff, "ship", [])).toMatchObject({ status: 400, page: { error: BULK_TEXT.noSelection } });
    const many = Array.from({ length: BULK_MAX_ORDERS + 1 }, (_, index) => index + 1);
    expect(await dryRun(platform, staff, "ship", many)).toMatchObject({ status: 400, page: { error: BULK_TEXT.tooMany } });
    expect(await dryRun(platform, staff, "ship", ["abc"])).toMatchObject({ status: 400, page: { error: BULK_TEXT.badId } });
    expect(await dryRun(platform, staff, "delete", [6])).toMatchObject({ status: 400, page: { error: BULK_TEXT.noIntent } });
    // 「このページの全件」 takes the page's ids, whatever is ticked.
    const all = await run(
      platform,
      bulkRoute.loader as RouteHandler,
      pageRequest("/crm/orders/bulk?intent=confirm_payment&all=1&page_order=6&page_order=8", staff),
    );
    expect((await valueOf<BulkPreviewData>(all)).orders.map((order) => order.orderId)).toEqual([6, 8]);
  });

  it("refuses an apply with nothing ticked, a lost run token or a malformed target, changing nothing", async ({ platform, staff }) => {
    const { page } = await dryRun(platform, staff, "confirm_payment", [6]);
    const none = await apply(platform, staff, "confirm_payment", [6], [["run", page.run]]);
    expect(none.status).toBe(400);
    expect((await valueOf<BulkActionData>(none)).error).toBe(BULK_TEXT.noTarget);
    const stale = await apply(
      platform,
      staff,
      "confirm_payment",
      [6],
      [
        ["run", "x"],
        ["target", "6.0"],
      ],
    );
    expect((await valueOf<BulkActionData>(stale)).error).toBe(BULK_TEXT.staleRun);
    const malformed = await apply(
      platform,
      staff,
      "confirm_payment",
      [6],
      [
        ["run", page.run],
        ["target", "6;drop"],
      ],
    );
    expect(malformed.status).toBe(400);
    const noCarrier = await apply(
      platform,
      staff,
      "ship",
      [6],
      [
        ["run", page.run],
        ["target", "7.7"],
        ["tracking_7.7", "123412341234"],
      ],
    );
    expect((await valueOf<BulkActionData>(noCarrier)).fieldErrors).toEqual({ "7.7": "配送業者を選んでください。" });
    expect(await statusOf(platform, 6)).toBe("pending_payment");
    const tooMany = Array.from({ length: BULK_MAX_ORDERS + 1 }, (_, index): [string, string] => ["target", `${index + 1}.0`]);
    expect((await valueOf<BulkActionData>(await apply(platform, staff, "confirm_payment", [6], [["run", page.run], ...tooMany]))).error).toBe(
      BULK_TEXT.tooMany,
    );
  });
});

describe("access", () => {
  it("is staff only: members and merchants get 403, a visitor the login page, and nothing changes", async ({ platform, member, merchant }) => {
    const fields: [string, string][] = [
      ["run", crypto.randomUUID()],
      ["target", "6.0"],
    ];
    for (const cookie of [member, merchant]) {
      expect((await run(platform, bulkRoute.loader as RouteHandler, pageRequest(bulkPath("confirm_payment", [6]), cookie))).status).toBe(403);
      expect((await apply(platform, cookie, "confirm_payment", [6], fields)).status).toBe(403);
      expect((await run(platform, resultRoute.loader as RouteHandler, pageRequest("/crm/orders/bulk/result?intent=ship&r=6.7.done", cookie))).status).toBe(403);
    }
    const visitor = await run(platform, bulkRoute.loader as RouteHandler, pageRequest(bulkPath("confirm_payment", [6])));
    expect(visitor.status).toBe(302);
    expect(location(visitor)).toMatch(/^\/login\?show=1/);
    expect(
      (
        await run(
          platform,
          bulkRoute.action as RouteHandler,
          postRequest(bulkPath("confirm_payment", [6]), [["intent", "confirm_payment"], ["step", "apply"], ...fields], { mode: "navigate" }),
        )
      ).status,
    ).toBe(302);
    expect(await statusOf(platform, 6)).toBe("pending_payment");
  });
});
