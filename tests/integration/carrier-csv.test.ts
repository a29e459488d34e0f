/**
 * The carrier CSVs on real local D1 (issue 16 item 7): the B2クラウド file staff and merchants download
 * (Shift_JIS, only the parcels in scope, names intact), and the tracking-number import — who may use it,
 * the report of refused rows, a merchant kept to its own shipments, the same parcel imported twice at once
 * shipped once, and the round trip of B2's own file.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { B2_COLUMNS } from "~/core/orders/b2-csv";
import { csvText, parseCsv } from "~/core/csv";
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { decodeJapaneseText, encodeShiftJis } from "~/core/text-encoding";
import { TRACKING_IMPORT_LIMITS, TRACKING_IMPORT_MESSAGES } from "~/core/orders/tracking-import";
import { mailOutbox, orderEvents, orderLines, orders, orderShipments } from "~/db/schema";
import { MEMBER_ID } from "~/services/seed/people";
import { loader as staffB2Loader } from "~/routes/crm.orders.b2[.]csv";
import { action as staffImportAction, loader as staffImportLoader } from "~/routes/crm.orders.tracking-import";
import { loader as merchantB2Loader } from "~/routes/merchant.b2[.]csv";
import { action as merchantImportAction, loader as merchantImportLoader } from "~/routes/merchant.tracking-import";
import { TRACKING_IMPORT_OUTCOMES } from "~/services/orders/tracking-import.server";
import type { TrackingImportActionData } from "~/web/types/merchant";
import { placeMemberOrder } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { expectRedirect, pageRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();

/** The seed's 代金引換 order 7: warehouse 9, merchant 3's 10 (要冷蔵 cheese), merchant 2's 11; order 6 is unpaid. */
const COD_ORDER = 7;

/** A file upload as the import form posts it (multipart; a plain form post unless `mode` says fetch). */
function uploadRequest(path: string, file: Uint8Array<ArrayBuffer> | string, cookie?: string, mode: "navigate" | "cors" = "navigate"): Request {
  const form = new FormData();
  form.set("file", new File([file], "tracking.csv", { type: "text/csv" }));
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": mode, "Sec-Fetch-Site": "same-origin" };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body: form });
}

async function b2Records(platform: TestPlatform, loader: RouteHandler, path: string, cookie: string) {
  const outcome = await run(platform, loader, pageRequest(path, cookie));
  const response = outcome.response!;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=Shift_JIS");
  expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="b2-[a-z0-9]+-\d{8}\.csv"$/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // Shift_JIS, not UTF-8: the strict UTF-8 decoder refuses it.
  expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
  const text = decodeJapaneseText(bytes);
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...records] = parseCsv(text);
  expect(header).toEqual([...B2_COLUMNS]);
  return records.map((record): Record<string, string> => Object.fromEntries(B2_COLUMNS.map((column, index) => [column, record[index]!])));
}

const orderOf = async (platform: TestPlatform, id: number) => (await platform.db.select().from(orders).where(eq(orders.id, id)).get())!;
const shipmentOf = async (platform: TestPlatform, id: number) => (await platform.db.select().from(orderShipments).where(eq(orderShipments.id, id)).get())!;

async function importAs(platform: TestPlatform, handler: RouteHandler, path: string, file: Uint8Array<ArrayBuffer> | string, cookie: string) {
  const outcome = await run(platform, handler, uploadRequest(path, file, cookie));
  return { status: outcome.status, body: await valueOf<TrackingImportActionData>(outcome) };
}

describe("who may use the carrier CSVs", () => {
  const staffRoutes: [string, RouteHandler, "GET" | "POST"][] = [
    ["/crm/orders/b2.csv", staffB2Loader, "GET"],
    ["/crm/orders/tracking-import", staffImportLoader, "GET"],
    ["/crm/orders/tracking-import", staffImportAction, "POST"],
  ];
  const merchantRoutes: [string, RouteHandler, "GET" | "POST"][] = [
    ["/merchant/b2.csv", merchantB2Loader, "GET"],
    ["/merchant/tracking-import", merchantImportLoader, "GET"],
    ["/merchant/tracking-import", merchantImportAction, "POST"],
  ];
  const request = (path: string, method: "GET" | "POST", cookie?: string) =>
    method === "GET" ? pageRequest(path, cookie) : uploadRequest(path, "9,123456789012", cookie);

  it("staff's: anonymous → login; member and merchants → 403; nothing shipped", async ({ platform, member, merchant, otherMerchant }) => {
    for (const [path, handler, method] of staffRoutes) {
      expectRedirect(await run(platform, handler, request(path, method)), 302, /^\/login\?/);
      for (const cookie of [member, merchant, otherMerchant]) expect((await run(platform, handler, request(path, method, cookie))).status).toBe(403);
    }
    expect((await shipmentOf(platform, 9)).status).toBe("preparing");
  });

  it("merchants': anonymous → login; member and staff → 403", async ({ platform, member, staff }) => {
    for (const [path, handler, method] of merchantRoutes) {
      expectRedirect(await run(platform, handler, request(path, method)), 302, /^\/login\?/);
      for (const cookie of [member, staff]) expect((await run(platform, handler, request(path, method, cookie))).status).toBe(403);
    }
  });
});

describe("the B2クラウド file", () => {
  it("staff get every parcel to ship — not the unpaid order's — with the names intact in Shift_JIS", async ({ platform, staff }) => {
    const records = await b2Records(platform, staffB2Loader, "/crm/orders/b2.csv", staff);
    expect(records.map((record) => record["お客様管理番号"])).toEqual(["9", "10", "11"]);
    const order = await orderOf(platform, COD_ORDER);
    const [warehouse, tokachi, arita] = records as [Record<string, string>, Record<string, string>, Record<string, string>];
    expect(warehouse["お届け先名"]).toBe(`${order.shipLastname} ${order.shipFirstname}`);
    expect(warehouse["ご依頼主名"]).toBe("ひなた市場");
    expect(tokachi["ご依頼主名"]).toBe("有限会社十勝しあわせ牧場");
    expect(arita["ご依頼主名"]).toBe("株式会社青華窯");
    expect(tokachi["品名１"]).toBe("十勝 ナチュラルチーズ 食べ比べ 3種セット");
    expect(arita["品名１"]).toBe("有田焼 白磁 マグカップ 300ml ×2");
    // 代金引換: the warehouse parcel collects the whole order, the merchants' go 発払い.
    expect([warehouse["送り状種類"], tokachi["送り状種類"], arita["送り状種類"]]).toEqual(["2", "0", "0"]);
    expect(warehouse["ｺﾚｸﾄ代金引換額（税込)"]).toBe(String(order.total));
    expect(tokachi["ｺﾚｸﾄ代金引換額（税込)"]).toBe("");
    expect(tokachi["クール区分"]).toBe("2");
    expect(warehouse["クール区分"]).toBe("0");
    expect(records.every((record) => record["配達時間帯"] === "1416")).toBe(true);
    expect(warehouse["記事"]).toBe(`ご注文番号 ${order.number}`);
  });

  it("defuses formulas a shopper or merchant typed: the file opens in a spreadsheet as text", async ({ platform, staff }) => {
    const hyperlink = '=HYPERLINK("http://e.jp")';
    await platform.db.update(orders).set({ shipLastname: hyperlink, shipFirstname: "太郎", shipAddress2: "@SUM(1)" }).where(eq(orders.id, COD_ORDER));
    await platform.db.update(orderLines).set({ title: "+cmd|' /C calc'!A0" }).where(eq(orderLines.shipmentId, 10));
    const records = await b2Records(platform, staffB2Loader, "/crm/orders/b2.csv", staff);
    const tokachi = records.find((record) => record["お客様管理番号"] === "10")!;
    expect(tokachi["お届け先名"]).toBe(`'${hyperlink} 太郎`);
    expect(tokachi["お届け先アパートマンション名"]).toBe("'@SUM(1)");
    expect(tokachi["品名１"]).toBe("'+cmd|' /C calc'!A0");
    const cells = records.flatMap((record) => Object.values(record));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it("a merchant's file holds only its own parcels", async ({ platform, merchant, otherMerchant }) => {
    expect((await b2Records(platform, merchantB2Loader, "/merchant/b2.csv", merchant)).map((record) => record["お客様管理番号"])).toEqual(["10"]);
    expect((await b2Records(platform, merchantB2Loader, "/merchant/b2.csv", otherMerchant)).map((record) => record["お客様管理番号"])).toEqual(["11"]);
  });
});

describe("importing tracking numbers", () => {
  it("refuses a file it cannot read, too large or too long, and changes nothing", async ({ platform, staff }) => {
    const path = "/crm/orders/tracking-import";
    expect(await importAs(platform, staffImportAction, path, "", staff)).toEqual({ status: 400, body: { ok: false, error: TRACKING_IMPORT_MESSAGES.noFile } });
    const large = "9,123456789012\n".repeat(Math.ceil(TRACKING_IMPORT_LIMITS.maxBytes / 15) + 1);
    expect(await importAs(platform, staffImportAction, path, large, staff)).toEqual({
      status: 413,
      body: { ok: false, error: TRACKING_IMPORT_MESSAGES.tooLarge },
    });
    const long = Array.from({ length: TRACKING_IMPORT_LIMITS.maxRows + 1 }, () => "9,123456789012").join("\n");
    expect(await importAs(platform, staffImportAction, path, long, staff)).toEqual({
      status: 400,
      body: { ok: false, error: TRACKING_IMPORT_MESSAGES.tooManyRows },
    });
    expect((await shipmentOf(platform, 9)).status).toBe("preparing");
  });

  it("applies each row on its own and reports the refused ones in Japanese (a Shift_JIS file)", async ({ platform, staff }) => {
    const order7 = await orderOf(platform, COD_ORDER);
    const order6 = await orderOf(platform, 6);
    const file = encodeShiftJis(
      [
        "注文番号,配送ID,お問い合わせ番号,配送業者",
        `,9,1234-5678-9012,ヤマト運輸`,
        `${order7.number},,123456789012,ヤマト運輸`,
        `20200101-999999,,123456789012,`,
        `,999999,123456789012,`,
        `,11,12345,佐川急便`,
        `,7,123456789012,`,
        `,9,123456789013,`,
        `,11,123456789012,西濃運輸`,
      ].join("\r\n"),
    );
    const { status, body } = await importAs(platform, staffImportAction, "/crm/orders/tracking-import", file, staff);
    expect(status).toBe(200);
    if (!body.ok) throw new Error(body.error);
    expect(body.results.map((row) => [row.line, row.ok, row.message])).toEqual([
      [2, true, TRACKING_IMPORT_OUTCOMES.shipped],
      [3, false, TRACKING_IMPORT_OUTCOMES.ambiguous],
      [4, false, TRACKING_IMPORT_OUTCOMES.unknownOrder],
      [5, false, TRACKING_IMPORT_OUTCOMES.unknownShipment],
      [6, false, "佐川急便のお問い合わせ番号は12桁の数字です。"],
      [7, false, LIFECYCLE_MESSAGES.notShippable],
      [8, false, LIFECYCLE_MESSAGES.shipmentNotPreparing],
      [9, false, TRACKING_IMPORT_MESSAGES.unknownCarrier],
    ]);
    expect(body.results[0]).toMatchObject({ referenceText: "9", carrierLabel: "ヤマト運輸", trackingNumber: "1234-5678-9012" });
    expect(await shipmentOf(platform, 9)).toMatchObject({ status: "shipped", carrier: "yamato", trackingNumber: "123456789012" });
    expect((await shipmentOf(platform, 11)).status).toBe("preparing");
    expect((await shipmentOf(platform, 7)).status).toBe("preparing");
    expect((await orderOf(platform, 6)).status).toBe(order6.status);
    expect(await platform.db.select().from(mailOutbox).where(eq(mailOutbox.key, "shipment-shipped:9")).get()).toBeTruthy();
  });

  it("keeps a merchant to its own shipments: another merchant's row is refused, its own ships", async ({ platform, merchant }) => {
    const order7 = await orderOf(platform, COD_ORDER);
    const file = `11,123456789012,佐川急便\r\n${order7.number},123456789012,佐川急便\r\n`;
    const { body } = await importAs(platform, merchantImportAction, "/merchant/tracking-import", file, merchant);
    if (!body.ok) throw new Error(body.error);
    expect(body.results.map((row) => [row.ok, row.message])).toEqual([
      [false, TRACKING_IMPORT_OUTCOMES.notYours],
      // By order number a merchant names its own parcel of the order: no ambiguity.
      [true, TRACKING_IMPORT_OUTCOMES.shipped],
    ]);
    expect((await shipmentOf(platform, 11)).status).toBe("preparing");
    expect(await shipmentOf(platform, 10)).toMatchObject({ status: "shipped", carrier: "sagawa" });
    const event = await platform.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.shipmentId, 10), eq(orderEvents.kind, "shipped")))
      .get();
    expect(event?.actorKind).toBe("merchant");
  });

  it("the same parcel imported twice at once ships once", async ({ platform, staff, otherMerchant }) => {
    const file = "配送ID,伝票番号\r\n11,123456789099\r\n";
    const [a, b] = await Promise.all([
      importAs(platform, staffImportAction, "/crm/orders/tracking-import", file, staff),
      importAs(platform, merchantImportAction, "/merchant/tracking-import", file, otherMerchant),
    ]);
    const outcomes = [a, b].map(({ body }) => (body.ok ? body.results[0]!.message : body.error)).sort();
    expect(outcomes).toEqual([LIFECYCLE_MESSAGES.shipmentNotPreparing, TRACKING_IMPORT_OUTCOMES.shipped].sort());
    const shipped = await platform.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.shipmentId, 11), eq(orderEvents.kind, "shipped")));
    expect(shipped).toHaveLength(1);
    expect(await platform.db.select().from(mailOutbox).where(eq(mailOutbox.key, "shipment-shipped:11"))).toHaveLength(1);
  });
});

describe("the round trip through B2クラウド", () => {
  it("B2's file of printed slips (お客様管理番号 + 伝票番号) imported back ships each parcel", async ({ platform, staff }) => {
    await placeMemberOrder(platform.db, MEMBER_ID, { sku: "DEMO-SIMPLE", paymentMethod: "cod", now });
    await placeMemberOrder(platform.db, MEMBER_ID, { sku: "FOOD-BUTTER", quantity: 2, paymentMethod: "konbini_postpay", now });
    // What B2 exports after printing: our records with the 伝票番号 it gave each, Shift_JIS again.
    const records = await b2Records(platform, staffB2Loader, "/crm/orders/b2.csv", staff);
    const printed = records.map((record, index): Record<string, string> => ({ ...record, 伝票番号: `4000000000${String(index).padStart(2, "0")}` }));
    expect(printed.length).toBeGreaterThanOrEqual(2);
    const file = encodeShiftJis(csvText([[...B2_COLUMNS], ...printed.map((record) => B2_COLUMNS.map((column) => record[column] ?? ""))]));
    const { body } = await importAs(platform, staffImportAction, "/crm/orders/tracking-import", file, staff);
    if (!body.ok) throw new Error(body.error);
    expect(body.results.every((row) => row.ok)).toBe(true);
    for (const [index, record] of printed.entries()) {
      expect(await shipmentOf(platform, Number(record["お客様管理番号"]))).toMatchObject({
        status: "shipped",
        trackingNumber: `4000000000${String(index).padStart(2, "0")}`,
      });
    }
  });
});
