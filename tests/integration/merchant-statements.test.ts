/**
 * Merchants' monthly statements (issue 38 item 8, decision 0060) on real local D1: a month's figures are the
 * sum of the merchant's parcels shipped in it and its returns received in it (cancelled lines and orders, an
 * exchange, a refund without a return and another merchant's goods left out), the commission per rate with
 * a category's rate; who may see which statement; a month recorded paid once when two staff record it at
 * once, its figures frozen; bad months, dates and rates refused in Japanese, never a 500.
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { parseCsv } from "~/core/csv";
import { jstDate, jstDayStart } from "~/core/dates";
import { COMMISSION_TEXT, PAYOUT_TEXT } from "~/core/merchant/merchant-statement-forms";
import { commissionOn, monthOf, monthsAfter, STATEMENT_TEXT } from "~/core/merchant/merchant-statements";
import { decodeJapaneseText } from "~/core/text-encoding";
import { merchantPayouts, orderLines, orderShipments, returnRequests } from "~/db/schema";
import * as crmMerchant from "~/routes/crm.merchants.$merchantId";
import * as crmStatement from "~/routes/crm.merchants.$merchantId_.statements.$month";
import * as crmStatementCsv from "~/routes/crm.merchants.$merchantId_.statements[.]csv";
import * as crmStatements from "~/routes/crm.merchants.$merchantId_.statements._index";
import * as merchantStatement from "~/routes/merchant.statements.$month";
import * as merchantStatementCsv from "~/routes/merchant.statements[.]csv";
import * as merchantStatements from "~/routes/merchant.statements._index";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { cancelOrder, cancelOrderLines } from "~/services/orders/order-cancellation.server";
import { recordRefund } from "~/services/orders/order-refunds.server";
import { markShipmentDelivered, shipShipment } from "~/services/orders/order-transitions.server";
import type { Statement, StatementSummary } from "~/services/merchant/merchant-statements.server";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { MEMBER_ID, MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, valueOf } from "../support/requests";
import { STAFF_ACTOR } from "../support/returns";

const it = platformTest();
const now = new Date();

/** 十勝しあわせ牧場 (MERCHANT_ID) sells BUTTER and CHEESE (乳製品, under 食品) and GIFT (ギフト); 有田 青華窯 DEMO-MERCHANT; the warehouse DEMO-SIMPLE. */
const BUTTER = "FOOD-BUTTER";
const CHEESE = "FOOD-CHEESE";
const GIFT = "GIFT-DAIRY";
const OTHERS = "DEMO-MERCHANT";
const WAREHOUSE = "DEMO-SIMPLE";
const FOOD_CATEGORY = 1;

/** The month the statement is tested on (ended), and the one after it (ended too). */
const MONTH = monthsAfter(monthOf(now), -3);
const NEXT = monthsAfter(MONTH, 1);
const inMonth = (month: string, day: number) => new Date(jstDayStart(`${month}-${String(day).padStart(2, "0")}`).getTime() + 12 * 3600_000);

const statementPath = (month: string) => `/crm/merchants/${MERCHANT_ID}/statements/${month}`;

async function staffStatement(platform: TestPlatform, staff: string, month = MONTH): Promise<Statement> {
  const page = await valueOf<{ statement: Statement }>(
    await run(platform, crmStatement.loader, pageRequest(statementPath(month), staff), { merchantId: String(MERCHANT_ID), month }),
  );
  return page.statement;
}

/** Every parcel of the order shipped (and delivered) by staff at `now`. */
async function shipAll(platform: TestPlatform, orderId: number, deliver = true) {
  const state = (await loadOrderState(platform.db, orderId))!;
  for (const shipment of state.shipments.filter((candidate) => candidate.status === "preparing")) {
    const access = { orderId, shipmentId: shipment.id, actor: STAFF_ACTOR, merchantId: null };
    const shipped = await shipShipment(platform.db, access, { carrier: "yamato", trackingNumber: "123456789012" }, TEST_MAIL_FRAME, now);
    if (!shipped.ok) throw new Error(shipped.error);
    if (deliver) expect((await markShipmentDelivered(platform.db, access, now)).ok).toBe(true);
  }
}

async function lineOf(platform: TestPlatform, orderId: number, sku: string) {
  const [line] = await platform.db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sku, sku)));
  return line!;
}

/** A return (or exchange) of `quantity` of the line, asked, approved and received at `now`; its id. */
async function receivedReturn(platform: TestPlatform, orderId: number, lineId: number, quantity: number, kind: "return" | "exchange" = "return") {
  const input: ReturnRequestInput = { token: crypto.randomUUID(), kind, reason: "wrong_item", lines: [{ id: lineId, quantity }], details: "" };
  const actor = { id: MEMBER_ID, actor: { kind: "customer" as const, userId: MEMBER_ID, name: "山田 花子" } };
  const requested = await createReturnRequest(
    platform.db,
    platform.env.ATTACHMENTS,
    actor,
    orderId,
    input,
    { galleryIds: [], files: [] },
    TEST_MAIL_FRAME,
    now,
  );
  if (!requested.ok) throw new Error(requested.error);
  expect((await decideReturn(platform.db, requested.returnId, STAFF_ACTOR, { intent: "approve", message: "着払いで" }, TEST_MAIL_FRAME, now)).ok).toBe(true);
  const received = await decideReturn(
    platform.db,
    requested.returnId,
    STAFF_ACTOR,
    { intent: "receive", method: "bank_transfer", restock: "1" },
    TEST_MAIL_FRAME,
    now,
  );
  expect(received.ok).toBe(true);
  return requested.returnId;
}

const shipIn = (platform: TestPlatform, orderIds: number[], at: Date) =>
  platform.db.update(orderShipments).set({ shippedAt: at }).where(inArray(orderShipments.orderId, orderIds));
const receiveIn = (platform: TestPlatform, returnId: number, at: Date) =>
  platform.db.update(returnRequests).set({ receivedAt: at }).where(eq(returnRequests.id, returnId));

const post = (platform: TestPlatform, cookie: string, fields: Record<string, string>, month = MONTH, mode: "cors" | "navigate" = "navigate") =>
  run(platform, crmStatement.action, postRequest(statementPath(month), fields, { cookie, mode }), { merchantId: String(MERCHANT_ID), month });
const commissionPost = (platform: TestPlatform, cookie: string, fields: Record<string, string>) =>
  run(platform, crmMerchant.action, postRequest(`/crm/merchants/${MERCHANT_ID}`, fields, { cookie, mode: "navigate" }), { merchantId: String(MERCHANT_ID) });

describe("a month's statement", () => {
  it("is the sum of the merchant's parcels shipped and returns received in the month, with the commission of each rate", async ({ platform, staff }) => {
    // The merchant pays 8%, its 食品 (and so 乳製品 below it) 15%; ギフト has no rate of its own.
    expect((await commissionPost(platform, staff, { intent: "commission", commission: "8" })).status).toBe(303);
    expect((await commissionPost(platform, staff, { intent: "commission-category", categoryId: String(FOOD_CATEGORY), commission: "15" })).status).toBe(303);
    const before = await staffStatement(platform, staff);

    // A mixed order: the merchant's butter ×2 and gift, another merchant's and the warehouse's goods.
    const mixed = await placeMemberOrder(platform.db, MEMBER_ID, {
      sku: BUTTER,
      quantity: 2,
      more: [
        { sku: GIFT, quantity: 1 },
        { sku: OTHERS, quantity: 1 },
        { sku: WAREHOUSE, quantity: 1 },
      ],
      paymentMethod: "cod",
      now,
    });
    // A line cancelled before its parcel left: not sold.
    const partly = await placeMemberOrder(platform.db, MEMBER_ID, {
      sku: CHEESE,
      quantity: 1,
      more: [{ sku: BUTTER, quantity: 1 }],
      paymentMethod: "cod",
      now,
    });
    const cancelledCheese = await lineOf(platform, partly.id, CHEESE);
    expect((await cancelOrderLines(platform.db, partly.id, [cancelledCheese.id], STAFF_ACTOR, TEST_MAIL_FRAME, now)).ok).toBe(true);
    // A cancelled order: never shipped, never in a statement.
    const cancelled = await placeMemberOrder(platform.db, MEMBER_ID, { sku: BUTTER, quantity: 3, now });
    expect((await cancelOrder(platform.db, cancelled.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, now)).ok).toBe(true);
    // Returned: one cheese of two in this month, the whole butter order the next month; an exchange takes nothing off.
    const returnedPart = await placeMemberOrder(platform.db, MEMBER_ID, { sku: CHEESE, quantity: 2, paymentMethod: "cod", now });
    const returnedWhole = await placeMemberOrder(platform.db, MEMBER_ID, { sku: BUTTER, quantity: 1, paymentMethod: "cod", now });
    const exchanged = await placeMemberOrder(platform.db, MEMBER_ID, { sku: GIFT, quantity: 1, paymentMethod: "cod", now });
    const shippedIds = [mixed.id, partly.id, returnedPart.id, returnedWhole.id, exchanged.id];
    for (const orderId of shippedIds) await shipAll(platform, orderId);
    await shipIn(platform, shippedIds, inMonth(MONTH, 15));
    const cheese = await lineOf(platform, returnedPart.id, CHEESE);
    const partReturn = await receivedReturn(platform, returnedPart.id, cheese.id, 1);
    await receiveIn(platform, partReturn, inMonth(MONTH, 28));
    const butter = await lineOf(platform, returnedWhole.id, BUTTER);
    const wholeReturn = await receivedReturn(platform, returnedWhole.id, butter.id, 1);
    await receiveIn(platform, wholeReturn, inMonth(NEXT, 2));
    const exchange = await receivedReturn(platform, exchanged.id, (await lineOf(platform, exchanged.id, GIFT)).id, 1, "exchange");
    await receiveIn(platform, exchange, inMonth(MONTH, 20));
    // A refund without a return (goodwill) is the shop's: not in the statement.
    expect((await recordRefund(platform.db, mixed.id, { amount: 300, method: "bank_transfer", note: "お詫び" }, STAFF_ACTOR, now)).ok).toBe(true);

    const statement = await staffStatement(platform, staff);
    const lines = async (orderId: number) =>
      platform.db
        .select({
          sku: orderLines.sku,
          total: orderLines.total,
          unitPrice: orderLines.unitPrice,
          cancelledAt: orderLines.cancelledAt,
          merchantId: orderShipments.merchantId,
        })
        .from(orderLines)
        .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
        .where(eq(orderLines.orderId, orderId));
    const mine = (await Promise.all(shippedIds.map(lines))).flat().filter((line) => line.merchantId === MERCHANT_ID && line.cancelledAt == null);
    const food = (sku: string) => sku === BUTTER || sku === CHEESE;
    const added = {
      foodSales: mine.filter((line) => food(line.sku)).reduce((sum, line) => sum + line.total, 0),
      otherSales: mine.filter((line) => !food(line.sku)).reduce((sum, line) => sum + line.total, 0),
      refunds: cheese.unitPrice,
    };
    const fees = await platform.db
      .select({ fee: orderShipments.shippingFee })
      .from(orderShipments)
      .where(and(inArray(orderShipments.orderId, shippedIds), eq(orderShipments.merchantId, MERCHANT_ID)));
    const shipping = fees.reduce((sum, row) => sum + row.fee, 0);

    expect(statement.figures.sales).toBe(before.figures.sales + added.foodSales + added.otherSales);
    expect(statement.figures.refunds).toBe(before.figures.refunds + added.refunds);
    expect(statement.figures.shipping).toBe(before.figures.shipping + shipping);
    expect(mine.map((line) => line.sku).sort()).toEqual([BUTTER, BUTTER, BUTTER, CHEESE, GIFT, GIFT]);
    // The figures are the sum of the parcels and returns listed; the commission that of each rate, cut to the yen.
    expect(statement.parcels.reduce((sum, parcel) => sum + parcel.goods, 0)).toBe(statement.figures.sales);
    expect(statement.parcels.reduce((sum, parcel) => sum + parcel.shippingFee, 0)).toBe(statement.figures.shipping);
    expect(statement.returns.reduce((sum, returned) => sum + returned.amount, 0)).toBe(statement.figures.refunds);
    expect(statement.returns.map((returned) => returned.returnId)).toContain(partReturn);
    expect(statement.returns.map((returned) => returned.returnId)).not.toContain(exchange);
    const rate = (bp: number) => statement.rates.find((group) => group.bp === bp)!;
    expect(rate(1500).base - (before.rates.find((group) => group.bp === 1500)?.base ?? 0)).toBe(added.foodSales - added.refunds);
    expect(rate(800).base - (before.rates.find((group) => group.bp === 800)?.base ?? 0)).toBe(added.otherSales);
    for (const group of statement.rates) expect(group.commission).toBe(commissionOn(group.sales - group.refunds, group.bp));
    expect(statement.figures.commission).toBe(statement.rates.reduce((sum, group) => sum + group.commission, 0));
    expect(statement.figures.payable).toBe(statement.figures.sales - statement.figures.refunds - statement.figures.commission + statement.figures.shipping);
    // Only the merchant's own parcels: the other merchant's and the warehouse's of the same order are not listed.
    const mixedParcels = statement.parcels.filter((parcel) => parcel.orderId === mixed.id);
    expect(mixedParcels).toHaveLength(1);
    expect(mixedParcels[0]!.lines.map((line) => line.sku).sort()).toEqual([BUTTER, GIFT]);
    expect(statement.parcels.some((parcel) => parcel.orderId === cancelled.id)).toBe(false);

    // The whole-order return comes off the next month, at the butter's 15%.
    const next = await staffStatement(platform, staff, NEXT);
    expect(next.returns.map((returned) => returned.returnId)).toEqual([wholeReturn]);
    expect(next.figures.refunds).toBe(butter.unitPrice);
    expect(next.rates.find((group) => group.bp === 1500)?.refunds).toBe(butter.unitPrice);

    // The list says the same for each month.
    const list = await valueOf<{ months: StatementSummary[] }>(
      await run(platform, crmStatements.loader, pageRequest(`/crm/merchants/${MERCHANT_ID}/statements`, staff), { merchantId: String(MERCHANT_ID) }),
    );
    expect(list.months.find((row) => row.month === MONTH)?.figures).toEqual(statement.figures);
    expect(list.months.find((row) => row.month === NEXT)?.figures).toEqual(next.figures);
    expect(list.months[0]!.month).toBe(monthOf(now));
    expect(list.months[0]!.state).toBe("current");

    // The CSV: UTF-8 with BOM or Shift_JIS, the same records; its rows add up to the figures; a formula defused.
    await platform.db
      .update(orderLines)
      .set({ title: '=HYPERLINK("http://evil.example","x")' })
      .where(eq(orderLines.id, (await lineOf(platform, mixed.id, GIFT)).id));
    const csvPath = `/crm/merchants/${MERCHANT_ID}/statements.csv?month=${MONTH}`;
    const utf8 = (await run(platform, crmStatementCsv.loader, pageRequest(csvPath, staff), { merchantId: String(MERCHANT_ID) })).response!;
    expect(utf8.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(utf8.headers.get("Content-Disposition")).toBe(`attachment; filename="statement-${MONTH}.csv"`);
    const bytes = new Uint8Array(await utf8.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parseCsv(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ""));
    const sjis = (await run(platform, crmStatementCsv.loader, pageRequest(`${csvPath}&encoding=sjis`, staff), { merchantId: String(MERCHANT_ID) })).response!;
    expect(sjis.headers.get("Content-Type")).toBe("text/csv; charset=Shift_JIS");
    expect(parseCsv(decodeJapaneseText(new Uint8Array(await sjis.arrayBuffer())))).toEqual(records);
    const amount = (kind: string) => records.filter((record) => record[0] === kind).reduce((sum, record) => sum + Number(record[7]), 0);
    expect(amount("売上")).toBe(statement.figures.sales);
    expect(amount("送料")).toBe(statement.figures.shipping);
    expect(amount("返品")).toBe(-statement.figures.refunds);
    expect(amount("手数料内訳")).toBe(-statement.figures.commission);
    expect(amount("販売手数料")).toBe(-statement.figures.commission);
    expect(amount("売上（税込）")).toBe(statement.figures.sales);
    expect(amount("お支払額")).toBe(statement.figures.payable);
    expect(records.some((record) => record[5]!.startsWith("'=HYPERLINK"))).toBe(true);
  });
});

describe("who sees which statement", () => {
  it("the merchant its own only (the id from the session), staff any; members refused, visitors sent to log in", async ({
    platform,
    staff,
    merchant,
    otherMerchant,
    member,
  }) => {
    const mine = await valueOf<{ statement: Statement }>(
      await run(platform, merchantStatement.loader, pageRequest(`/merchant/statements/${MONTH}`, merchant), { month: MONTH }),
    );
    expect(mine.statement.merchant.id).toBe(MERCHANT_ID);
    expect(mine.statement.figures).toEqual((await staffStatement(platform, staff)).figures);
    const theirs = await valueOf<{ statement: Statement }>(
      await run(
        platform,
        merchantStatement.loader,
        pageRequest(`/merchant/statements/${MONTH}?merchant=${MERCHANT_ID}&merchantId=${MERCHANT_ID}`, otherMerchant),
        {
          month: MONTH,
          merchantId: String(MERCHANT_ID),
        },
      ),
    );
    expect(theirs.statement.merchant.id).toBe(OTHER_MERCHANT_ID);
    expect(theirs.statement.parcels.every((parcel) => !mine.statement.parcels.some((own) => own.shipmentId === parcel.shipmentId))).toBe(true);
    const csv = (
      await run(platform, merchantStatementCsv.loader, pageRequest(`/merchant/statements.csv?month=${MONTH}&merchant=${MERCHANT_ID}`, otherMerchant))
    ).response!;
    const records = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(Number(records.find((record) => record[0] === "お支払額")![7])).toBe(theirs.statement.figures.payable);
    const list = await valueOf<{ merchant: { id: number } }>(
      await run(platform, merchantStatements.loader, pageRequest("/merchant/statements", otherMerchant)),
    );
    expect(list.merchant.id).toBe(OTHER_MERCHANT_ID);

    const merchantRoutes = [
      [merchantStatements.loader, "/merchant/statements", {}],
      [merchantStatement.loader, `/merchant/statements/${MONTH}`, { month: MONTH }],
      [merchantStatementCsv.loader, `/merchant/statements.csv?month=${MONTH}`, {}],
    ] as const;
    const staffRoutes = [
      [crmStatements.loader, `/crm/merchants/${MERCHANT_ID}/statements`, { merchantId: String(MERCHANT_ID) }],
      [crmStatement.loader, statementPath(MONTH), { merchantId: String(MERCHANT_ID), month: MONTH }],
      [crmStatementCsv.loader, `/crm/merchants/${MERCHANT_ID}/statements.csv?month=${MONTH}`, { merchantId: String(MERCHANT_ID) }],
    ] as const;
    for (const [handler, path, params] of merchantRoutes) {
      expect((await run(platform, handler, pageRequest(path), params)).response?.headers.get("Location"), path).toMatch(/^\/login/);
      for (const cookie of [member, staff]) expect((await run(platform, handler, pageRequest(path, cookie), params)).status, path).toBe(403);
      expect((await run(platform, handler, pageRequest(path, merchant), params)).status, path).toBe(200);
    }
    for (const [handler, path, params] of staffRoutes) {
      expect((await run(platform, handler, pageRequest(path), params)).response?.headers.get("Location"), path).toMatch(/^\/login/);
      for (const cookie of [member, merchant, otherMerchant]) expect((await run(platform, handler, pageRequest(path, cookie), params)).status, path).toBe(403);
      expect((await run(platform, handler, pageRequest(path, staff), params)).status, path).toBe(200);
    }
    // A merchant cannot record a payout, nor change a rate.
    expect((await post(platform, merchant, { intent: "payout", paidOn: jstDate(now), reference: "", payable: "0" })).status).toBe(403);
    expect((await commissionPost(platform, merchant, { intent: "commission", commission: "0" })).status).toBe(403);
  });
});

describe("paying a month", () => {
  it("is recorded once when two staff record it at once, with the figures as paid, which later rate changes do not move", async ({ platform, staff }) => {
    const statement = await staffStatement(platform, staff);
    const fields = { intent: "payout", paidOn: jstDate(now), reference: "振込 A-123", payable: String(statement.figures.payable) };
    const [first, second] = await Promise.all([post(platform, staff, fields), post(platform, staff, fields, MONTH, "cors")]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([303, 409]);
    const refused = first.status === 409 ? first : second;
    expect(JSON.stringify(refused.value)).toContain(STATEMENT_TEXT.alreadyPaid);
    const rows = await platform.db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, MERCHANT_ID));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ month: MONTH, ...statement.figures, paidOn: jstDate(now), reference: "振込 A-123", recordedByName: expect.any(String) });

    // A rate changed afterwards changes the worked-out figures, not the paid ones.
    expect((await commissionPost(platform, staff, { intent: "commission-remove", categoryId: String(FOOD_CATEGORY) })).status).toBe(303);
    const paid = await staffStatement(platform, staff);
    expect(paid.payout).toMatchObject(statement.figures);
    expect(paid.figures.commission).not.toBe(statement.figures.commission);
    const list = await valueOf<{ months: StatementSummary[] }>(
      await run(platform, crmStatements.loader, pageRequest(`/crm/merchants/${MERCHANT_ID}/statements`, staff), { merchantId: String(MERCHANT_ID) }),
    );
    expect(list.months.find((row) => row.month === MONTH)).toMatchObject({ figures: statement.figures, payout: { paidOn: jstDate(now) } });
    const csv = (
      await run(platform, crmStatementCsv.loader, pageRequest(`/crm/merchants/${MERCHANT_ID}/statements.csv?month=${MONTH}`, staff), {
        merchantId: String(MERCHANT_ID),
      })
    ).response!;
    const records = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(Number(records.find((record) => record[0] === "お支払額")![7])).toBe(statement.figures.payable);
    expect(records.at(-1)!.slice(0, 2)).toEqual(["支払日", jstDate(now)]);
    // Paying it again is refused.
    expect((await post(platform, staff, { ...fields, payable: String(paid.figures.payable) })).status).toBe(409);
  });

  it("is refused for the running month, for figures that moved, and for a bad or future day, in Japanese", async ({ platform, staff }) => {
    const current = monthOf(now);
    const open = await staffStatement(platform, staff, current);
    const running = await post(platform, staff, { intent: "payout", paidOn: jstDate(now), reference: "", payable: String(open.figures.payable) }, current);
    expect(running.status, JSON.stringify(running.value)).toBe(409);
    expect(JSON.stringify(running.value)).toContain(STATEMENT_TEXT.notClosed);

    const month = NEXT;
    const statement = await staffStatement(platform, staff, month);
    const payable = String(statement.figures.payable);
    const moved = await post(platform, staff, { intent: "payout", paidOn: jstDate(now), payable: String(statement.figures.payable + 1) }, month);
    expect(moved.status).toBe(409);
    expect(JSON.stringify(moved.value)).toContain(STATEMENT_TEXT.changedMeanwhile);
    for (const [paidOn, message] of <[string, string][]>[
      ["2026-02-30", PAYOUT_TEXT.badDate],
      ["yesterday", PAYOUT_TEXT.badDate],
      ["", PAYOUT_TEXT.badDate],
      [jstDate(new Date(now.getTime() + 3 * 86_400_000)), PAYOUT_TEXT.futureDate],
      [`${monthsAfter(month, -1)}-15`, PAYOUT_TEXT.beforeMonth],
    ]) {
      const refused = await post(platform, staff, { intent: "payout", paidOn, payable }, month);
      expect(refused.status, paidOn).toBe(400);
      expect(JSON.stringify(refused.value), paidOn).toContain(message);
    }
    const tooLong = await post(platform, staff, { intent: "payout", paidOn: jstDate(now), reference: "あ".repeat(101), payable }, month);
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.value)).toContain(PAYOUT_TEXT.longReference);
    const tampered = await post(platform, staff, { intent: "payout", paidOn: jstDate(now), payable: "lots" }, month);
    expect(tampered.status).toBe(400);
    expect(await platform.db.select().from(merchantPayouts).where(eq(merchantPayouts.month, month))).toHaveLength(0);
  });
});

describe("bad input", () => {
  it("a month that is not one is refused in Japanese (400), one not begun is not there (404), never a 500", async ({ platform, staff, merchant }) => {
    const future = monthsAfter(monthOf(now), 1);
    for (const [month, status, message] of [
      ["2026-13", 400, STATEMENT_TEXT.badMonth],
      ["2026-1", 400, STATEMENT_TEXT.badMonth],
      ["abcd-ef", 400, STATEMENT_TEXT.badMonth],
      ["1999-12", 400, STATEMENT_TEXT.badMonth],
      [future, 404, STATEMENT_TEXT.futureMonth],
    ] as const) {
      const page = await run(platform, merchantStatement.loader, pageRequest(`/merchant/statements/${month}`, merchant), { month });
      expect(page.status, month).toBe(status);
      expect(await page.response!.text(), month).toBe(message);
      const staffPage = await run(platform, crmStatement.loader, pageRequest(statementPath(month), staff), { merchantId: String(MERCHANT_ID), month });
      expect(staffPage.status, month).toBe(status);
      const csv = (await run(platform, merchantStatementCsv.loader, pageRequest(`/merchant/statements.csv?month=${encodeURIComponent(month)}`, merchant)))
        .response!;
      expect(csv.status, month).toBe(status);
      expect(await csv.text(), month).toBe(message);
      const payout = await post(platform, staff, { intent: "payout", paidOn: jstDate(now), payable: "0" }, month);
      expect(payout.status, month).toBe(status);
    }
    expect((await run(platform, crmStatement.loader, pageRequest(statementPath(MONTH), staff), { merchantId: "9999", month: MONTH })).status).toBe(404);
    expect((await run(platform, crmStatements.loader, pageRequest("/crm/merchants/x/statements", staff), { merchantId: "x" })).status).toBe(400);
  });

  it("a rate that is not one, or an unknown category, is refused with a Japanese message and nothing saved", async ({ platform, staff }) => {
    for (const commission of ["abc", "101", "10.555", "-1", ""]) {
      const refused = await commissionPost(platform, staff, { intent: "commission", commission });
      expect(refused.status, commission).toBe(400);
      expect(JSON.stringify(refused.value), commission).toContain(COMMISSION_TEXT.badRate);
    }
    const unknown = await commissionPost(platform, staff, { intent: "commission-category", categoryId: "99999", commission: "5" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.value)).toContain(COMMISSION_TEXT.unknownCategory);
    const none = await commissionPost(platform, staff, { intent: "commission-category", categoryId: "", commission: "5" });
    expect(JSON.stringify(none.value)).toContain(COMMISSION_TEXT.noCategory);
    const notSet = await commissionPost(platform, staff, { intent: "commission-remove", categoryId: "3" });
    expect(notSet.status).toBe(404);
    expect(JSON.stringify(notSet.value)).toContain(COMMISSION_TEXT.categoryNotSet);
    // 12.5% is kept as 1250 basis points, and the page shows it back.
    expect((await commissionPost(platform, staff, { intent: "commission", commission: "12.5" })).status).toBe(303);
    const page = await valueOf<{ commission: { merchantBp: number } }>(
      await run(platform, crmMerchant.loader, pageRequest(`/crm/merchants/${MERCHANT_ID}`, staff), { merchantId: String(MERCHANT_ID) }),
    );
    expect(page.commission.merchantBp).toBe(1250);
  });
});
