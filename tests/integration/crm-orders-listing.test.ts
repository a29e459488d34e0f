/**
 * Staff's order list (/crm/orders) and its CSV on a real local D1: every filter (state, payment method,
 * day, sender, customer, number), sorting and paging, one batch per page after the session check, the page's
 * ids picked on an index whatever the page, and a CSV of the filtered view that Excel opens in Japanese.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { parseCsv } from "~/core/csv";
import { jstDate } from "~/core/dates";
import { orderDeskListingFor } from "~/core/orders/order-desk-listing";
import { parseListingQuery } from "~/core/search/listing-query";
import { orderLines, orders } from "~/db/schema";
import { GUEST_ORDER_EMAIL, MEMBER_ID, MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import * as csvRoute from "~/routes/crm.orders[.]csv";
import * as listRoute from "~/routes/crm.orders._index";
import { deskPageIdsSql } from "~/services/orders/order-desk.server";
import type { OrderDeskListingData } from "~/web/types/crm-orders";
import { placeMemberOrder } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { contextFor, expectRedirect, pageRequest, run, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();

async function list(platform: TestPlatform, cookie: string, search = "") {
  const context = contextFor(platform);
  const outcome = await run(platform, listRoute.loader as RouteHandler, pageRequest(`/crm/orders${search}`, cookie), {}, context);
  expect(outcome.status).toBe(200);
  const data = await valueOf<OrderDeskListingData>(outcome);
  return { ...data, ids: data.page.rows.map((row) => row.id), roundTrips: context.d1Usage.roundTrips };
}

/** The seed's orders, newest first: the guests' 代金引換 (7) and transfer (6), the members', and the guest's lapsed transfer (8). */
const NEWEST_FIRST = [7, 6, 4, 8, 3, 5, 2, 1];

describe("the order list", () => {
  it("lists every order newest first, with customer, state and shipments, from the session check and one batch", async ({ platform, staff }) => {
    const page = await list(platform, staff);
    expect(page.ids).toEqual(NEWEST_FIRST);
    expect(page.page.total).toBe(8);
    expect(page.roundTrips).toBeLessThanOrEqual(2);
    const guest = page.page.rows.find((row) => row.id === 6)!;
    expect(guest).toMatchObject({ status: "pending_payment", paymentMethod: "bank_transfer", email: GUEST_ORDER_EMAIL, guest: true });
    expect(guest.shipments.map((shipment) => [shipment.merchantName, shipment.status])).toEqual([
      [null, "preparing"],
      ["十勝しあわせ牧場", "preparing"],
    ]);
    expect(page.merchants.length).toBeGreaterThanOrEqual(2);
    expect(page.page.rows.find((row) => row.id === 1)).toMatchObject({ guest: false, customerName: expect.stringMatching(/\S+ \S+/) });
  });

  it("marks the transfer still unpaid past its deadline (order 8, the one the hourly job lapses), not the one within it (6)", async ({ platform, staff }) => {
    const page = await list(platform, staff, "?status=pending_payment");
    expect(page.page.rows.map((row) => [row.id, row.transferOverdue])).toEqual([
      [6, false],
      [8, true],
    ]);
    expect((await list(platform, staff)).page.rows.filter((row) => row.transferOverdue).map((row) => row.id)).toEqual([8]);
  });

  it("filters by state, payment method, sender, customer, number and day", async ({ platform, staff }) => {
    const number6 = (await platform.db.select().from(orders).where(eq(orders.id, 6)).get())!;
    expect((await list(platform, staff, "?status=pending_payment")).ids).toEqual([6, 8]);
    expect((await list(platform, staff, "?payment=cod")).ids).toEqual([7, 2]);
    expect((await list(platform, staff, `?origin=merchant-${MERCHANT_ID}`)).ids).toEqual([7, 6]);
    expect((await list(platform, staff, `?origin=merchant-${OTHER_MERCHANT_ID}`)).ids).toEqual([7, 2]);
    expect((await list(platform, staff, "?origin=warehouse")).ids).toEqual(NEWEST_FIRST);
    expect((await list(platform, staff, "?origin=merchant-999")).ids).toEqual([]);
    expect((await list(platform, staff, `?q=${encodeURIComponent("guest-buyer@")}`)).ids).toEqual([7, 6, 8]);
    expect((await list(platform, staff, "?q=member%40example.jp")).ids).toEqual([4, 3, 2, 1]);
    expect((await list(platform, staff, `?number=${number6.number}`)).ids).toEqual([6]);
    const day = jstDate(number6.createdAt);
    expect((await list(platform, staff, `?date_created_from=${day}&date_created_to=${day}`)).ids).toEqual([6]);
    expect((await list(platform, staff, "?status=pending_payment&payment=cod")).ids).toEqual([]);
  });

  it("finds a member by their account name and a guest by the name on the order", async ({ platform, staff }) => {
    const guest = (await platform.db.select().from(orders).where(eq(orders.id, 7)).get())!;
    expect((await list(platform, staff, `?q=${encodeURIComponent(guest.shipLastnameJp)}`)).ids).toContain(7);
  });

  it("sorts by total either way, and answers a form sent without JS with the clean URL", async ({ platform, staff }) => {
    const totals = (await list(platform, staff, "?orderby=total&ordersens=ASC")).page.rows.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const outcome = await run(platform, listRoute.loader as RouteHandler, pageRequest("/crm/orders?number=&q=&status=paid&payment=", staff));
    expectRedirect(outcome, 302, "/crm/orders?status=paid");
  });

  it("pages 30 at a time at the same cost, picking each page's ids on an index without sorting", async ({ platform, staff }) => {
    // 25 more orders, each a copy of a placed one a minute apart, in one batch: placing 25 through the checkout
    // took most of the test's minute on a busy CI machine, and the list reads only the order rows.
    const template = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    const [row] = await platform.db.select().from(orders).where(eq(orders.id, template.id));
    const copies = Array.from({ length: 24 }, (_, i) =>
      platform.db.insert(orders).values({
        ...row!,
        id: undefined,
        number: `${row!.number}-${i}`,
        placementToken: `${row!.placementToken}-${i}`,
        createdAt: new Date(now.getTime() - (i + 1) * 60_000),
      }),
    );
    await platform.db.batch([copies[0]!, ...copies.slice(1)]);
    const first = await list(platform, staff);
    const second = await list(platform, staff, "?page=1");
    expect(first.page.total).toBe(33);
    expect(first.ids).toHaveLength(30);
    expect(second.ids).toEqual([5, 2, 1]);
    expect(second.roundTrips).toBe(first.roundTrips);
    for (const search of ["?page=1", "?status=paid&page=1"]) {
      const definition = orderDeskListingFor(new URLSearchParams());
      const { sql: text, params } = deskPageIdsSql(platform.db, parseListingQuery(definition, new URLSearchParams(search)));
      const plan = await platform.env.DB.prepare(`explain query plan ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      const steps = plan.results.map((step) => step.detail).join(" | ");
      expect(steps, search).toMatch(/USING COVERING INDEX orders_(status_)?created_idx/);
      expect(steps, search).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe("the CSV export", () => {
  it("downloads the filtered view, every page, as UTF-8 with a BOM", async ({ platform, staff }) => {
    const response = (await run(platform, csvRoute.loader as RouteHandler, pageRequest("/crm/orders.csv?payment=cod", staff))).response!;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "注文番号,注文日時,状態,お支払い方法,入金確認日時,合計金額,返金済み金額,会員／ゲスト,お客様名,メールアドレス,電話番号,出荷元," +
        "商品コード,商品名,バリエーション・オプション,数量,単価（税込）,税率,小計（税込）,明細の状態",
    );
    // One record per line item of the view's orders, the order's columns repeated on each.
    const codLines = await platform.db
      .select({ line: orderLines })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.paymentMethod, "cod"));
    expect(lines).toHaveLength(1 + codLines.length);
    const cod7 = (await platform.db.select().from(orders).where(eq(orders.id, 7)).get())!;
    const cod7Lines = codLines
      .map((row) => row.line)
      .filter((line) => line.orderId === 7)
      .sort((x, y) => x.id - y.id);
    expect(cod7Lines.length).toBeGreaterThan(1);
    cod7Lines.forEach((line, index) => {
      const record = lines[1 + index]!;
      expect(record).toContain(`${cod7.number},`);
      expect(record).toContain(",発送準備中,代金引換,,");
      expect(record).toContain(`,ゲスト,`);
      expect(record).toContain(`,${GUEST_ORDER_EMAIL},`);
      expect(record).toContain("当社倉庫・十勝しあわせ牧場・有田 青華窯,");
      expect(
        record.endsWith(
          `,${line.sku},${line.title},${[line.choiceLabel, line.optionsLabel].filter(Boolean).join(" / ")},${line.quantity},${line.unitPrice},${line.taxRate}%,${line.total},`,
        ),
      ).toBe(true);
    });
  });

  it("defuses a shopper's formula: =HYPERLINK(…) arrives as text, the amounts stay numbers", async ({ platform, staff }) => {
    const hyperlink = '=HYPERLINK("http://evil.example","x")';
    await platform.db.update(orders).set({ shipLastname: hyperlink, shipFirstname: "", shipPhone: "+cmd|' /C calc'!A0" }).where(eq(orders.id, 7));
    const response = (await run(platform, csvRoute.loader as RouteHandler, pageRequest("/crm/orders.csv?payment=cod", staff))).response!;
    const [, record] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    const cod7 = (await platform.db.select().from(orders).where(eq(orders.id, 7)).get())!;
    expect(record![8]).toBe(`'${hyperlink} `);
    expect(record![10]).toBe("'+cmd|' /C calc'!A0");
    expect(record![5]).toBe(String(cod7.total));
  });

  it("links the CSV of the view shown from the list", async ({ platform, staff }) => {
    expect((await list(platform, staff, "?status=preparing&orderby=total")).csvHref).toBe("/crm/orders.csv?status=preparing&orderby=total");
    expect((await list(platform, staff)).csvHref).toBe("/crm/orders.csv");
  });
});
