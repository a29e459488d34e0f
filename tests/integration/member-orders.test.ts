/**
 * Past orders on a real, migrated and seeded local D1: the /user/orders listing and its JSON form
 * /api/user/orders, the order detail (shipments per warehouse/merchant, payment, status) and the receipt
 * (領収書) with its per-rate tax figures and the member's addressee and memo. Another member's order is 404.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { orderLines, orders } from "~/db/schema";
import { MEMBER_ID } from "~/services/seed/people";
import * as ordersApi from "~/routes/api.user.orders";
import * as orderDetail from "~/routes/user.orders.$id._index";
import * as receiptPage from "~/routes/user.orders.$id.receipt";
import * as ordersPage from "~/routes/user.orders._index";
import type { OrderDetail, Receipt } from "~/services/orders/orders.server";
import { platformTest, type AsMember, type TestPlatform } from "../support/platform-test";
import { apiRequest, expectRedirect, location, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const NOW = new Date("2026-01-15T03:00:00Z");
const it = platformTest({ seedAt: NOW });
/** Seed: orders 1–4 are the member's (1 mixes 8% and 10%, 2 ships from the warehouse and a merchant), 5 the other member's. */
const MIXED_ORDER = 1;
const TWO_SHIPMENTS = 2;
const OTHERS_ORDER = 5;

type ListData = {
  page: { rows: { id: number; number: string; status: string; total: number; items: { title: string }[] }[]; total: number; query: { page: number } };
};

/** The page's data; a non-canonical URL is redirected once (as the browser would follow). */
const list = async ({ platform, member }: AsMember, search: string, cookie = member): Promise<ListData> => {
  const outcome = await run(platform, ordersPage.loader as RouteHandler, pageRequest(`/user/orders${search}`, cookie));
  if (outcome.status !== 302) return valueOf<ListData>(outcome);
  return valueOf<ListData>(await run(platform, ordersPage.loader as RouteHandler, pageRequest(location(outcome) ?? "", cookie)));
};
const detail = ({ platform, member }: AsMember, id: string, cookie = member) =>
  run(platform, orderDetail.loader as RouteHandler, pageRequest(`/user/orders/${id}`, cookie), { id });
const receipt = ({ platform, member }: AsMember, id: string, cookie = member) =>
  run(platform, receiptPage.loader as RouteHandler, pageRequest(`/user/orders/${id}/receipt`, cookie), { id });
const saveReceipt = ({ platform, member }: AsMember, id: string, fields: Record<string, string>, cookie = member) =>
  run(platform, receiptPage.action as RouteHandler, postRequest(`/user/orders/${id}/receipt`, fields, { cookie, mode: "navigate" }), { id });

/** A copy of order 1 (same lines) under a new id, with some columns changed. */
async function copyOfMixedOrder(platform: TestPlatform, id: number, changes: Partial<typeof orders.$inferInsert>) {
  const source = await platform.db.select().from(orders).where(eq(orders.id, MIXED_ORDER)).get();
  const lines = await platform.db.select().from(orderLines).where(eq(orderLines.orderId, MIXED_ORDER)).all();
  if (!source) throw new Error("seed order 1 missing");
  await platform.db.insert(orders).values({ ...source, id, number: `TEST-${id}`, placementToken: `test-${id}`, ...changes });
  await platform.db.insert(orderLines).values(lines.map((line) => ({ ...line, id: id * 10 + line.id, orderId: id, shipmentId: null })));
}

describe("/user/orders", () => {
  it("lists the member's orders newest first with their items, never another member's", async ({ platform, member, other }) => {
    const page = await list({ platform, member }, "");
    expect(page.page.total).toBe(4);
    expect(page.page.rows.map((order) => order.id)).toEqual([4, 3, 2, 1]);
    expect(page.page.rows.find((order) => order.id === MIXED_ORDER)?.items).toHaveLength(2);
    expect((await list({ platform, member }, "", other)).page.rows.map((order) => order.id)).toEqual([OTHERS_ORDER]);
  });

  it("filters by an item's title (LIKE), by status (=) and by order day (BETWEEN)", async ({ platform, member }) => {
    const lines = await platform.db
      .select({ orderId: orderLines.orderId, title: orderLines.title })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.userId, MEMBER_ID));
    const withTowel = [...new Set(lines.filter((line) => line.title.includes("タオル")).map((line) => line.orderId))];
    expect(withTowel.length).toBeGreaterThan(0);
    expect((await list({ platform, member }, `?title=${encodeURIComponent("タオル")}`)).page.rows.map((order) => order.id).sort()).toEqual(withTowel.sort());
    expect((await list({ platform, member }, "?status=shipped")).page.rows.map((order) => order.id)).toEqual([4]);
    expect((await list({ platform, member }, "?status=cancelled")).page.total).toBe(0);
    // Order 4 was placed 7 days before NOW: 2026-01-08 in Japan.
    expect((await list({ platform, member }, "?date_created_from=2026-01-08&date_created_to=2026-01-08")).page.rows.map((order) => order.id)).toEqual([4]);
  });

  it("sorts by total either way", async ({ platform, member }) => {
    const ascending = (await list({ platform, member }, "?orderby=total&ordersens=ASC")).page.rows.map((order) => order.total);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list({ platform, member }, "?orderby=total&ordersens=DESC")).page.rows.map((order) => order.total);
    expect(descending).toEqual([...ascending].reverse());
  });

  it("sends a guest to the login page", async ({ platform }) => {
    expectRedirect(await run(platform, ordersPage.loader as RouteHandler, pageRequest("/user/orders")), 302, /^\/login\?show=1&redirectTo=%2Fuser%2Forders$/);
  });
});

describe("GET|POST /api/user/orders", () => {
  type Api = {
    query: unknown;
    inputs: unknown;
    data: { id: number; status_label: string; orderdetails: { sku: string; product: { picture: string }; variation: { picture: string | null } }[] }[];
    detail: { pages: number; total: number };
  };

  it("answers the listing JSON with §3's past-order fields", async ({ platform, member, other }) => {
    const outcome = await run(
      platform,
      ordersApi.action as RouteHandler,
      postRequest(
        "/api/user/orders",
        [
          ["inputs[status]", "completed"],
          ["query[orderby]", "date_created"],
          ["query[ordersens]", "ASC"],
        ],
        { cookie: member },
      ),
    );
    expect(outcome.status).toBe(200);
    const body = await valueOf<Api>(outcome);
    expect(body.inputs).toEqual({ status: "completed" });
    expect(body.detail).toMatchObject({ pages: 1, total: 3 });
    expect(body.data.map((order) => order.id)).toEqual([1, 2, 3]);
    expect(body.data[0]?.status_label).toBe("お届け済み");
    expect(body.data[0]?.orderdetails.map((line) => line.sku)).toEqual(["DEMO-SIMPLE", "DEMO-FOOD"]);
    expect(body.data[0]?.orderdetails[0]).toMatchObject({ product: { id: 1, picture: "/images/products/demo-simple.svg" }, variation: { picture: null } });
    const get = await run(platform, ordersApi.loader as RouteHandler, apiRequest("/api/user/orders?page=0", { method: "GET", cookie: other, mode: "cors" }));
    expect((await valueOf<Api>(get)).data.map((order) => order.id)).toEqual([OTHERS_ORDER]);
  });

  it("refuses removal (403), guests (401) and bodies that are not forms (400)", async ({ platform, member }) => {
    expect((await run(platform, ordersApi.action as RouteHandler, postRequest("/api/user/orders", [["id", "1"]], { cookie: member }))).status).toBe(403);
    expect((await run(platform, ordersApi.action as RouteHandler, postRequest("/api/user/orders", []))).status).toBe(401);
    const json = await run(
      platform,
      ordersApi.action as RouteHandler,
      apiRequest("/api/user/orders", { cookie: member, body: "[]", contentType: "application/json", mode: "cors" }),
    );
    expect(json.status).toBe(400);
    expect(await platform.db.select().from(orders).where(eq(orders.id, 1)).get()).toBeDefined();
  });
});

describe("/user/orders/{id}", () => {
  it("shows the shipments per warehouse and merchant, the payment method and the status in Japanese", async ({ platform, member }) => {
    const page = await valueOf<OrderDetail>(await detail({ platform, member }, String(TWO_SHIPMENTS)));
    expect(page.order).toMatchObject({ statusLabel: "お届け済み", paymentLabel: "代金引換", extraFee: 330 });
    expect(page.shipments.map((shipment) => shipment.label)).toEqual(["当店倉庫から発送", "有田 青華窯から発送"]);
    expect(page.shipments.map((shipment) => shipment.lines.map((line) => line.sku))).toEqual([["DRINK-BEANS"], ["DEMO-MERCHANT"]]);
    expect(page.shipments.every((shipment) => shipment.status === "delivered" && shipment.trackingNumber)).toBe(true);
    expect(page.order.shipTo).toMatchObject({ name: "山田 太郎", postal: "〒530-0001", street: "大阪府大阪市北区梅田 1-1-3 梅田レジデンス 1205" });
  });

  it("is 404 for another member's order, 400 for a malformed id, the login page for a guest", async ({ platform, member, other }) => {
    const others = await detail({ platform, member }, String(OTHERS_ORDER));
    expect(others.status).toBe(404);
    expect(await others.response?.text()).toBe("ご注文が見つかりません。URLが正しいかご確認ください。");
    expect((await detail({ platform, member }, "1", other)).status).toBe(404);
    expect((await detail({ platform, member }, "abc")).status).toBe(400);
    expect((await detail({ platform, member }, "99999")).status).toBe(404);
    expectRedirect(await detail({ platform, member }, "1", ""), 302, /^\/login\?/);
  });
});

describe("/user/orders/{id}/receipt (領収書)", () => {
  it("prints the mixed-rate order's tax per rate, rounded once per rate: 10% 2,640 (240) and 8% 1,620 (120)", async ({ platform, member }) => {
    const outcome = await receipt({ platform, member }, String(MIXED_ORDER));
    expect(outcome.status).toBe(200);
    const page = await valueOf<{ receipt: Receipt; unavailable: string | null }>(outcome);
    expect(page.unavailable).toBeNull();
    expect(page.receipt.total).toBe(4260);
    expect(page.receipt.taxLines).toEqual([
      { rate: 10, taxable: 2640, tax: 240 },
      { rate: 8, taxable: 1620, tax: 120 },
    ]);
    expect(page.receipt.lines.map((line) => line.taxRate)).toEqual([10, 8]);
    expect(page.receipt.fees).toEqual([{ label: "送料", amount: 660 }]);
    expect(page.receipt).toMatchObject({ name: "山田 花子", memo: "お品代として", savedName: null, savedMemo: null, paymentLabel: "銀行振込（前払い）" });
  });

  it("computes the figures from the lines when the stored ones do not add up to the total", async ({ platform, member }) => {
    await copyOfMixedOrder(platform, 901, { taxable10: 0, tax10: 0, taxable8: 0, tax8: 0 });
    const page = await valueOf<{ receipt: Receipt }>(await receipt({ platform, member }, "901"));
    expect(page.receipt.taxLines).toEqual([
      { rate: 10, taxable: 2640, tax: 240 },
      { rate: 8, taxable: 1620, tax: 120 },
    ]);
  });

  it("saves the addressee and memo (PRG) and prints them", async ({ platform, member }) => {
    const saved = await saveReceipt({ platform, member }, String(MIXED_ORDER), { receipt_name: "  株式会社 山田商店  ", receipt_memo: "贈答品代として" });
    expectRedirect(saved, 303, "/user/orders/1/receipt?notice=saved#result");
    const stored = await platform.db.select().from(orders).where(eq(orders.id, MIXED_ORDER)).get();
    expect(stored).toMatchObject({ receiptName: "株式会社 山田商店", receiptMemo: "贈答品代として" });
    const page = await valueOf<{ receipt: Receipt }>(await receipt({ platform, member }, String(MIXED_ORDER)));
    expect(page.receipt).toMatchObject({ name: "株式会社 山田商店", memo: "贈答品代として" });
    // Emptying them brings the defaults back.
    await saveReceipt({ platform, member }, String(MIXED_ORDER), { receipt_name: "", receipt_memo: "" });
    expect((await valueOf<{ receipt: Receipt }>(await receipt({ platform, member }, String(MIXED_ORDER)))).receipt).toMatchObject({
      name: "山田 花子",
      memo: "お品代として",
    });
  });

  it("refuses 41 characters with a Japanese message and changes nothing", async ({ platform, member }) => {
    const outcome = await saveReceipt({ platform, member }, String(MIXED_ORDER), { receipt_name: "あ".repeat(41), receipt_memo: "x" });
    expect(outcome.status).toBe(400);
    expect(await valueOf(outcome)).toEqual({ errors: { receipt_name: "宛名は40文字以内で入力してください" } });
    expect((await platform.db.select().from(orders).where(eq(orders.id, MIXED_ORDER)).get())?.receiptMemo).toBeNull();
  });

  it("is 404 for another member's order, to read and to write, and writes nothing", async ({ platform, member, other }) => {
    expect((await receipt({ platform, member }, String(OTHERS_ORDER))).status).toBe(404);
    expect((await saveReceipt({ platform, member }, String(OTHERS_ORDER), { receipt_name: "いたずら", receipt_memo: "" })).status).toBe(404);
    expect((await platform.db.select().from(orders).where(eq(orders.id, OTHERS_ORDER)).get())?.receiptName).toBeNull();
    expect((await receipt({ platform, member }, String(OTHERS_ORDER), other)).status).toBe(200);
  });

  it("answers malformed input with 400, never 500", async ({ platform, member }) => {
    expect((await receipt({ platform, member }, "1e3")).status).toBe(400);
    const json = await run(
      platform,
      receiptPage.action as RouteHandler,
      apiRequest("/user/orders/1/receipt", { cookie: member, body: '{"receipt_name":1}', contentType: "application/json", mode: "navigate" }),
      { id: "1" },
    );
    expect(json.status).toBe(400);
  });

  it("is not issued before payment nor for a cancelled order (409), and cannot be edited then", async ({ platform, member }) => {
    await copyOfMixedOrder(platform, 902, { status: "pending_payment" });
    await copyOfMixedOrder(platform, 903, { status: "cancelled" });
    const pending = await receipt({ platform, member }, "902");
    expect(pending.status).toBe(409);
    expect((await valueOf<{ unavailable: string }>(pending)).unavailable).toBe("お支払いの確認後に領収書を発行できます。");
    expect((await valueOf<{ unavailable: string }>(await receipt({ platform, member }, "903"))).unavailable).toBe(
      "キャンセルされたご注文の領収書は発行できません。",
    );
    expect((await saveReceipt({ platform, member }, "902", { receipt_name: "x", receipt_memo: "" })).status).toBe(409);
    expect((await platform.db.select().from(orders).where(eq(orders.id, 902)).get())?.receiptName).toBeNull();
  });
});
