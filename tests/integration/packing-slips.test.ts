/**
 * 納品書 and the merchant's sender on real local D1 (issue 38 items 5 and 7): who may open each slip page
 * (staff any parcel, a merchant only its own: another's id is 404), what a warehouse and a merchant parcel's
 * slip says (sender, recipient, orderer, items, prices), a gift order without any price, several parcels at
 * once (named, this list page's parcels to ship, a merchant's to ship), cancelled parcels left out, bad
 * input refused; and the B2 file's ご依頼主 of a merchant parcel — the merchant's own, the shop's where it
 * has none stored, as the merchant's edit page says.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { B2_COLUMNS } from "~/core/orders/b2-csv";
import { parseCsv } from "~/core/csv";
import { PACKING_SLIP_MAX, PACKING_SLIP_TEXT } from "~/core/orders/packing-slip";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { decodeJapaneseText } from "~/core/text-encoding";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { merchants, orderLines, orders, orderShipments } from "~/db/schema";
import { MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import { loader as staffSlipsLoader } from "~/routes/crm.orders.slips";
import { loader as merchantSlipsLoader } from "~/routes/merchant.slips";
import { loader as staffB2Loader } from "~/routes/crm.orders.b2[.]csv";
import { loader as merchantB2Loader } from "~/routes/merchant.b2[.]csv";
import { loader as merchantEditLoader } from "~/routes/crm.merchants.$merchantId";
import type { PackingSlipPageData } from "~/web/types/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

/** The seed's 代金引換 order 7 (a guest's): warehouse parcel 9, merchant 3's 10 (十勝), merchant 2's 11 (有田). */
const COD_ORDER = 7;
/** The member's order 4: one warehouse parcel (5) with a gift-wrapped bath towel. */
const GIFT_ORDER = 4;
const SHOP = DEFAULT_SHOP_SETTINGS;

async function slipsOf(platform: TestPlatform, handler: RouteHandler, path: string, cookie: string) {
  const outcome = await run(platform, handler, pageRequest(path, cookie));
  expect(outcome.status).toBe(200);
  return valueOf<PackingSlipPageData>(outcome);
}

async function refusal(platform: TestPlatform, handler: RouteHandler, path: string, cookie: string) {
  const outcome = await run(platform, handler, pageRequest(path, cookie));
  return { status: outcome.status, text: await outcome.response?.text() };
}

describe("who may print 納品書", () => {
  it("staff's page: anonymous → login; member and merchants → 403; staff any parcel", async ({ platform, member, merchant, otherMerchant, staff }) => {
    const path = "/crm/orders/slips?shipment=10";
    expectRedirect(await run(platform, staffSlipsLoader, pageRequest(path)), 302, /^\/login\?/);
    for (const cookie of [member, merchant, otherMerchant]) expect((await run(platform, staffSlipsLoader, pageRequest(path, cookie))).status).toBe(403);
    expect((await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=11", staff)).slips.map((slip) => slip.shipmentId)).toEqual([11]);
  });

  it("a merchant's page: anonymous → login; member and staff → 403; its own parcel only, another's → 404", async ({
    platform,
    member,
    staff,
    merchant,
    otherMerchant,
  }) => {
    const path = "/merchant/slips?shipment=10";
    expectRedirect(await run(platform, merchantSlipsLoader, pageRequest(path)), 302, /^\/login\?/);
    for (const cookie of [member, staff]) expect((await run(platform, merchantSlipsLoader, pageRequest(path, cookie))).status).toBe(403);
    expect((await slipsOf(platform, merchantSlipsLoader, path, merchant)).slips.map((slip) => slip.shipmentId)).toEqual([10]);
    expect(await refusal(platform, merchantSlipsLoader, path, otherMerchant)).toEqual({ status: 404, text: PACKING_SLIP_TEXT.notFound });
    // The warehouse's parcel, and one of its own named with another's: nothing printed.
    expect((await refusal(platform, merchantSlipsLoader, "/merchant/slips?shipment=9", merchant)).status).toBe(404);
    expect((await refusal(platform, merchantSlipsLoader, "/merchant/slips?shipment=10&shipment=11", merchant)).status).toBe(404);
    expect((await refusal(platform, merchantSlipsLoader, "/merchant/slips?shipment=999999", merchant)).status).toBe(404);
  });

  it("refuses what no page sends with a Japanese 400", async ({ platform, staff, merchant }) => {
    expect(await refusal(platform, staffSlipsLoader, "/crm/orders/slips?shipment=abc", staff)).toEqual({ status: 400, text: MALFORMED_INPUT_MESSAGE });
    expect(await refusal(platform, staffSlipsLoader, "/crm/orders/slips?selected=1", staff)).toEqual({ status: 400, text: PACKING_SLIP_TEXT.noneSelected });
    const many = Array.from({ length: PACKING_SLIP_MAX + 1 }, (_, index) => `shipment=${index + 1}`).join("&");
    expect(await refusal(platform, staffSlipsLoader, `/crm/orders/slips?${many}`, staff)).toEqual({ status: 400, text: PACKING_SLIP_TEXT.tooMany });
    expect((await refusal(platform, merchantSlipsLoader, "/merchant/slips", merchant)).status).toBe(400);
  });
});

describe("what a slip says", () => {
  it("a warehouse parcel: the shop sends it; the recipient, items with prices and their total", async ({ platform, staff }) => {
    const order = (await platform.db.select().from(orders).where(eq(orders.id, COD_ORDER)).get())!;
    const [line] = await platform.db.select().from(orderLines).where(eq(orderLines.shipmentId, 9));
    const { slips, notices } = await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=9", staff);
    expect(notices).toEqual([]);
    const [slip] = slips;
    expect(slip).toMatchObject({
      shipmentId: 9,
      orderNumber: order.number,
      recipient: { name: `${order.shipLastname} ${order.shipFirstname}`, phone: order.shipPhone },
      // A guest ordered for themselves: no separate orderer.
      orderer: null,
      sender: {
        name: SHOP.shopName,
        shopName: null,
        postalCode: SHOP.postalCode,
        address: "東京都渋谷区神南0-0-0",
        building: "ひなたビル5階",
        phone: SHOP.phone,
      },
      gift: false,
      items: [{ sku: "DRINK-BEANS", title: line!.title, quantity: 1, unitPrice: line!.unitPrice, total: line!.total }],
      subtotal: line!.total,
    });
    expect(slip!.recipient.postal).toMatch(/^〒\d{3}-\d{4}$/);
    expect(slip!.contact).toContain(SHOP.supportEmail);
  });

  it("a merchant parcel: the merchant sends it (its legal name, address and phone), for staff and the merchant alike", async ({
    platform,
    staff,
    merchant,
  }) => {
    const [cheese] = await platform.db.select().from(orderLines).where(eq(orderLines.shipmentId, 10));
    const expected = {
      shipmentId: 10,
      sender: {
        name: "有限会社十勝しあわせ牧場",
        shopName: "十勝しあわせ牧場",
        postalCode: "080-0341",
        address: "北海道河東郡音更町字音更西2線15番地",
        building: "",
        phone: "0155629012",
        fallback: [],
      },
      items: [{ sku: "FOOD-CHEESE", quantity: 1, unitPrice: cheese!.unitPrice, total: cheese!.total }],
      subtotal: cheese!.total,
    };
    expect((await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=10", staff)).slips).toMatchObject([expected]);
    expect((await slipsOf(platform, merchantSlipsLoader, "/merchant/slips?shipment=10", merchant)).slips).toMatchObject([expected]);
  });

  it("a gift order (wrapping) has no price on any slip; のし makes a gift too, 「のし：なし」 does not", async ({ platform, staff, merchant }) => {
    const [gift] = (await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=5", staff)).slips;
    expect(gift!.gift).toBe(true);
    expect(gift!.subtotal).toBeNull();
    expect(gift!.items.map((item) => [item.unitPrice, item.total])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(gift!.items.find((item) => item.wrapping)?.sku).toBe("LIVING-BATHTOWEL");
    // The member's own order to their own address: no separate orderer.
    expect(gift!.orderer).toBeNull();

    // のし on the warehouse's line makes the whole order a gift: the merchant's parcel shows no price either.
    await platform.db.update(orderLines).set({ optionsLabel: "のし：なし" }).where(eq(orderLines.shipmentId, 9));
    expect((await slipsOf(platform, merchantSlipsLoader, "/merchant/slips?shipment=10", merchant)).slips[0]!.gift).toBe(false);
    await platform.db.update(orderLines).set({ optionsLabel: "のし：御祝" }).where(eq(orderLines.shipmentId, 9));
    const [noshi] = (await slipsOf(platform, merchantSlipsLoader, "/merchant/slips?shipment=10", merchant)).slips;
    expect(noshi).toMatchObject({ gift: true, subtotal: null, items: [{ sku: "FOOD-CHEESE", unitPrice: null, total: null }] });
    await platform.db.update(orderLines).set({ optionsLabel: "" }).where(eq(orderLines.shipmentId, 9));
  });

  it("names the member who ordered when the parcel goes to someone else", async ({ platform, staff }) => {
    const before = (await platform.db.select().from(orders).where(eq(orders.id, GIFT_ORDER)).get())!;
    await platform.db.update(orders).set({ shipLastname: "佐藤", shipFirstname: "一郎" }).where(eq(orders.id, GIFT_ORDER));
    const [slip] = (await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=5", staff)).slips;
    expect(slip!.recipient.name).toBe("佐藤 一郎");
    expect(slip!.orderer).toBe("山田 花子");
    await platform.db.update(orders).set({ shipLastname: before.shipLastname, shipFirstname: before.shipFirstname }).where(eq(orders.id, GIFT_ORDER));
  });
});

describe("many slips at once", () => {
  it("staff: the parcels named, oldest order first; this list page's parcels to ship (of one sender when the list is)", async ({ platform, staff }) => {
    const named = await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?selected=1&shipment=11&shipment=5&shipment=9", staff);
    expect(named.slips.map((slip) => slip.shipmentId)).toEqual([5, 9, 11]);
    // The whole desk's first page: the 代金引換 order's three parcels; the unpaid transfers' parcels wait.
    const page = await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips", staff);
    expect(page.slips.map((slip) => slip.shipmentId)).toEqual([9, 10, 11]);
    expect(page.back.href).toBe("/crm/orders");
    const tokachi = await slipsOf(platform, staffSlipsLoader, `/crm/orders/slips?to_ship=merchant-${MERCHANT_ID}`, staff);
    expect(tokachi.slips.map((slip) => slip.shipmentId)).toEqual([10]);
    expect(tokachi.back.href).toBe(`/crm/orders?to_ship=merchant-${MERCHANT_ID}`);
    expect((await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?to_ship=warehouse", staff)).slips.map((slip) => slip.shipmentId)).toEqual([9]);
    // A list page without parcels to ship: an empty page, not an error.
    expect((await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?status=completed", staff)).slips).toEqual([]);
  });

  it("a merchant: every parcel it has to ship, nobody else's", async ({ platform, merchant, otherMerchant }) => {
    const own = await slipsOf(platform, merchantSlipsLoader, "/merchant/slips?to_ship=1", merchant);
    expect(own.slips.map((slip) => slip.shipmentId)).toEqual([10]);
    expect((await slipsOf(platform, merchantSlipsLoader, "/merchant/slips?to_ship=1", otherMerchant)).slips.map((slip) => slip.shipmentId)).toEqual([11]);
  });

  it("a cancelled parcel has no slip: left out of a selection (said so), 404 alone; cancelled lines are not listed", async ({ platform, staff }) => {
    await platform.db.update(orderShipments).set({ status: "cancelled" }).where(eq(orderShipments.id, 11));
    await platform.db.update(orderLines).set({ cancelledAt: new Date() }).where(eq(orderLines.shipmentId, 11));
    const mixed = await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=9&shipment=11", staff);
    expect(mixed.slips.map((slip) => slip.shipmentId)).toEqual([9]);
    expect(mixed.notices).toEqual([PACKING_SLIP_TEXT.cancelledLeftOut(1)]);
    expect(await refusal(platform, staffSlipsLoader, "/crm/orders/slips?shipment=11", staff)).toEqual({ status: 404, text: PACKING_SLIP_TEXT.notFound });

    // A line cancelled from a parcel that still ships is not on its slip, nor in its total.
    const [extra] = await platform.db
      .insert(orderLines)
      .values({
        orderId: COD_ORDER,
        shipmentId: 9,
        productId: 1,
        sku: "EXTRA-1",
        title: "取り消した商品",
        unitPrice: 1000,
        quantity: 1,
        taxRate: 10,
        total: 1000,
        cancelledAt: new Date(),
      })
      .returning({ id: orderLines.id });
    const [slip] = (await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=9", staff)).slips;
    expect(slip!.items.map((item) => item.sku)).toEqual(["DRINK-BEANS"]);
    await platform.db.delete(orderLines).where(eq(orderLines.id, extra!.id));
    await platform.db.update(orderShipments).set({ status: "preparing" }).where(eq(orderShipments.id, 11));
    await platform.db.update(orderLines).set({ cancelledAt: null }).where(eq(orderLines.shipmentId, 11));
  });
});

describe("the merchant as the B2 file's sender", () => {
  async function senderOf(platform: TestPlatform, handler: RouteHandler, path: string, cookie: string, shipmentId: number) {
    const outcome = await run(platform, handler, pageRequest(path, cookie));
    const [, ...records] = parseCsv(decodeJapaneseText(new Uint8Array(await outcome.response!.arrayBuffer())));
    const record = records.find((row) => row[0] === String(shipmentId))!;
    const field = (column: (typeof B2_COLUMNS)[number]) => record[B2_COLUMNS.indexOf(column)];
    return {
      name: field("ご依頼主名"),
      postalCode: field("ご依頼主郵便番号"),
      address: field("ご依頼主住所"),
      building: field("ご依頼主アパートマンション"),
      phone: field("ご依頼主電話番号"),
    };
  }

  it("a merchant parcel carries the merchant's name, address and phone; the warehouse's the shop's", async ({ platform, staff, merchant }) => {
    const tokachi = {
      name: "有限会社十勝しあわせ牧場",
      postalCode: "080-0341",
      address: "北海道河東郡音更町字音更西2線15番地",
      building: "",
      phone: "0155629012",
    };
    expect(await senderOf(platform, staffB2Loader, "/crm/orders/b2.csv", staff, 10)).toEqual(tokachi);
    expect(await senderOf(platform, merchantB2Loader, "/merchant/b2.csv", merchant, 10)).toEqual(tokachi);
    expect(await senderOf(platform, staffB2Loader, "/crm/orders/b2.csv", staff, 11)).toMatchObject({
      name: "株式会社青華窯",
      postalCode: "844-1006",
      phone: "0955425678",
    });
    expect(await senderOf(platform, staffB2Loader, "/crm/orders/b2.csv", staff, 9)).toEqual({
      name: SHOP.shopName,
      postalCode: SHOP.postalCode,
      address: "東京都渋谷区神南0-0-0",
      building: "ひなたビル5階",
      phone: SHOP.phone,
    });
  });

  it("a merchant without an address or phone stored: the shop's in the file and on the slip, and its edit page says so", async ({ platform, staff }) => {
    const before = (await platform.db.select().from(merchants).where(eq(merchants.id, OTHER_MERCHANT_ID)).get())!;
    const editPath = `/crm/merchants/${OTHER_MERCHANT_ID}`;
    const editPage = async () =>
      valueOf<{ senderNotice: string | null }>(
        await run(platform, merchantEditLoader, pageRequest(editPath, staff), { merchantId: String(OTHER_MERCHANT_ID) }),
      );
    expect((await editPage()).senderNotice).toBeNull();

    await platform.db.update(merchants).set({ postalCode: "", address: "" }).where(eq(merchants.id, OTHER_MERCHANT_ID));
    expect(await senderOf(platform, staffB2Loader, "/crm/orders/b2.csv", staff, 11)).toEqual({
      name: "株式会社青華窯",
      postalCode: SHOP.postalCode,
      address: "東京都渋谷区神南0-0-0",
      building: "ひなたビル5階",
      phone: "0955425678",
    });
    expect((await editPage()).senderNotice).toContain("郵便番号・所在地が未登録のため");

    await platform.db.update(merchants).set({ phone: "", legalName: "" }).where(eq(merchants.id, OTHER_MERCHANT_ID));
    expect(await senderOf(platform, staffB2Loader, "/crm/orders/b2.csv", staff, 11)).toMatchObject({ name: "有田 青華窯", phone: SHOP.phone });
    const [slip] = (await slipsOf(platform, staffSlipsLoader, "/crm/orders/slips?shipment=11", staff)).slips;
    expect(slip!.sender).toMatchObject({ name: "有田 青華窯", shopName: null, postalCode: SHOP.postalCode, phone: SHOP.phone, fallback: ["address", "phone"] });
    expect((await editPage()).senderNotice).toContain("郵便番号・所在地と電話番号が未登録のため");

    const { postalCode, address, phone, legalName } = before;
    await platform.db.update(merchants).set({ postalCode, address, phone, legalName }).where(eq(merchants.id, OTHER_MERCHANT_ID));
  });
});
