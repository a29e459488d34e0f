/**
 * Conform's reserved fields posted by hand: `__intent__` that is not JSON, not a form control, a control no
 * page of the shop sends, or a row change naming something that is not a list; and `__state__`. Each Conform
 * form (login, registration, password reset, order lookup, checkout, support, addresses, account settings,
 * withdrawal, returns, and the staff's and merchants' product, coupon, campaign, point-promo, merchant and
 * newsletter forms) answers 400 with the one Japanese message, never a 500, and nothing is written — the
 * checkout does not even save the payment method it would save before reading the rest.
 */
import { describe, expect } from "vitest";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { MEMBER_ID } from "~/services/seed/people";
import {
  accountTokens,
  addresses,
  carts,
  couponCampaigns,
  coupons,
  mailOutbox,
  merchants,
  orders,
  pointPromos,
  products,
  returnRequests,
  throttleCounters,
  tickets,
  users,
} from "~/db/schema";
import * as login from "~/routes/login";
import * as register from "~/routes/user.register";
import * as passwordReset from "~/routes/password-reset._index";
import * as orderLookup from "~/routes/order-lookup";
import * as checkout from "~/routes/checkout";
import * as support from "~/routes/user.support";
import * as newAddress from "~/routes/user.profile.addresses_.new";
import * as profile from "~/routes/user.profile._index";
import * as withdraw from "~/routes/user.withdraw";
import * as returnForm from "~/routes/user.orders.$id.return";
import * as crmProductNew from "~/routes/crm.products.new";
import * as merchantProductNew from "~/routes/merchant.products.new";
import * as couponNew from "~/routes/crm.coupons.new";
import * as campaignNew from "~/routes/crm.coupon-campaigns.new";
import * as pointPromoNew from "~/routes/crm.point-promos.new";
import * as merchantNew from "~/routes/crm.merchants.new";
import * as newsletter from "~/routes/crm.newsletter";
import { cartWithSimple } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { guestCartCookie, postRequest, run, type RouteHandler } from "../support/requests";

const it = platformTest().extend<{ guestWithCart: string; orderId: number }>({
  // A guest whose cart holds a product, so the checkout gets as far as saving the payment method.
  guestWithCart: [async ({ platform }, provide) => provide(await guestCartCookie(platform, await cartWithSimple(platform.db, {}))), { scope: "file" }],
  orderId: [
    async ({ platform }, provide) => {
      const own = (await platform.db.select({ id: orders.id, userId: orders.userId }).from(orders).all()).find((order) => order.userId === MEMBER_ID);
      await provide(own!.id);
    },
    { scope: "file" },
  ],
});

/** Every row one of these forms could write. */
async function snapshot({ db }: TestPlatform) {
  const tables = [
    users,
    addresses,
    carts,
    tickets,
    mailOutbox,
    accountTokens,
    throttleCounters,
    products,
    coupons,
    couponCampaigns,
    pointPromos,
    merchants,
    returnRequests,
  ];
  return Promise.all(tables.map((table) => db.select().from(table).all()));
}

type Sender = "guest" | "guestWithCart" | "member" | "staff" | "merchant";

interface Form {
  name: string;
  handler: RouteHandler;
  path: string;
  sender: Sender;
  /** Fields that would pass the form's first reading (its button's intent, a valid address …). */
  fields: [string, string][];
  params?: (ids: { orderId: number }) => Record<string, string>;
}

const PERSON: [string, string][] = [
  ["lastname", "佐藤"],
  ["firstname", "一郎"],
  ["lastnameJp", "サトウ"],
  ["firstnameJp", "イチロウ"],
];

const FORMS: Form[] = [
  {
    name: "/login",
    handler: login.action as RouteHandler,
    path: "/login",
    sender: "guest",
    fields: [
      ["email", "member@example.jp"],
      ["password", "password1234"],
    ],
  },
  {
    name: "/user/register",
    handler: register.action as RouteHandler,
    path: "/user/register",
    sender: "guest",
    fields: [["email", "intent-probe@example.jp"], ["password", "password1234"], ...PERSON, ["agreement", "on"]],
  },
  {
    name: "/password-reset",
    handler: passwordReset.action as RouteHandler,
    path: "/password-reset",
    sender: "guest",
    fields: [["email", "member@example.jp"]],
  },
  {
    name: "/order-lookup",
    handler: orderLookup.action as RouteHandler,
    path: "/order-lookup",
    sender: "guest",
    fields: [
      ["number", "12345678"],
      ["email", "guest@example.jp"],
    ],
  },
  { name: "/checkout", handler: checkout.action as RouteHandler, path: "/checkout", sender: "guestWithCart", fields: [["payment", "cod"]] },
  {
    name: "/user/support",
    handler: support.action as RouteHandler,
    path: "/user/support",
    sender: "member",
    fields: [
      ["session", String(Date.now())],
      ["category", "ご注文について"],
      ["description", "届きません"],
    ],
  },
  {
    name: "/user/profile/addresses/new",
    handler: newAddress.action as RouteHandler,
    path: "/user/profile/addresses/new",
    sender: "member",
    fields: [
      ...PERSON,
      ["postal_code", "1000001"],
      ["prefecture", "13"],
      ["city", "千代田区"],
      ["district", "千代田"],
      ["address1", "1-1"],
      ["phone", "0312345678"],
    ],
  },
  {
    name: "/user/profile (profile)",
    handler: profile.action as RouteHandler,
    path: "/user/profile?index",
    sender: "member",
    fields: [["intent", "profile"], ...PERSON],
  },
  { name: "/user/withdraw", handler: withdraw.action as RouteHandler, path: "/user/withdraw", sender: "member", fields: [["password", "password1234"]] },
  {
    name: "/user/orders/{id}/return",
    handler: returnForm.action as RouteHandler,
    path: "/user/orders/1/return",
    sender: "member",
    fields: [["reason", "破損"]],
    params: ({ orderId }) => ({ id: String(orderId) }),
  },
  {
    name: "/crm/products/new",
    handler: crmProductNew.action as RouteHandler,
    path: "/crm/products/new",
    sender: "staff",
    fields: [
      ["sku", "INTENT-PROBE"],
      ["title", "テスト"],
    ],
  },
  {
    name: "/merchant/products/new",
    handler: merchantProductNew.action as RouteHandler,
    path: "/merchant/products/new",
    sender: "merchant",
    fields: [
      ["sku", "INTENT-PROBE-M"],
      ["title", "テスト"],
    ],
  },
  {
    name: "/crm/coupons/new",
    handler: couponNew.action as RouteHandler,
    path: "/crm/coupons/new",
    sender: "staff",
    fields: [
      ["code", "PROBE"],
      ["title", "テスト"],
    ],
  },
  {
    name: "/crm/coupon-campaigns/new",
    handler: campaignNew.action as RouteHandler,
    path: "/crm/coupon-campaigns/new",
    sender: "staff",
    fields: [["title", "テスト"]],
  },
  {
    name: "/crm/point-promos/new",
    handler: pointPromoNew.action as RouteHandler,
    path: "/crm/point-promos/new",
    sender: "staff",
    fields: [["title", "テスト"]],
  },
  { name: "/crm/merchants/new", handler: merchantNew.action as RouteHandler, path: "/crm/merchants/new", sender: "staff", fields: [["name", "テスト商店"]] },
  { name: "/crm/newsletter", handler: newsletter.action as RouteHandler, path: "/crm/newsletter", sender: "staff", fields: [["subject", "お知らせ"]] },
];

/** What a hand-made post can put in Conform's fields. */
const MALFORMED: { name: string; fields: [string, string][] }[] = [
  { name: "an intent that is not JSON", fields: [["__intent__", "x"]] },
  { name: "JSON that is no form control", fields: [["__intent__", "{}"]] },
  { name: "a control no page sends", fields: [["__intent__", JSON.stringify({ type: "reset", payload: {} })]] },
  { name: "a row removed from a field that is no list", fields: [["__intent__", JSON.stringify({ type: "remove", payload: { name: "title", index: 0 } })]] },
  { name: "a state that is not JSON", fields: [["__state__", "x"]] },
];

describe("Conform's reserved fields posted by hand", () => {
  for (const form of FORMS) {
    it(`${form.name}: 400 with the Japanese message for each, nothing written`, async ({ platform, member, staff, merchant, guestWithCart, orderId }) => {
      const cookie = { guest: undefined, guestWithCart, member, staff, merchant }[form.sender];
      const params = form.params?.({ orderId }) ?? {};
      const before = await snapshot(platform);
      for (const malformed of MALFORMED) {
        for (const mode of ["cors", "navigate"] as const) {
          const outcome = await run(platform, form.handler, postRequest(form.path, [...form.fields, ...malformed.fields], { cookie, mode }), params);
          expect(outcome.status, `${malformed.name} (${mode})`).toBe(400);
          expect(await outcome.response?.text(), `${malformed.name} (${mode})`).toBe(MALFORMED_INPUT_MESSAGE);
        }
      }
      expect(await snapshot(platform)).toEqual(before);
    });
  }

  it("the product editor still takes the row changes its buttons post, and refuses a remove of a field that is no list", async ({ platform, staff }) => {
    const post = (intent: string, extra: [string, string][] = []) =>
      run(
        platform,
        crmProductNew.action as RouteHandler,
        postRequest("/crm/products/new", [["sku", "ROWS"], ["type", "variation"], ...extra, ["__intent__", intent]], { cookie: staff, mode: "navigate" }),
      );
    expect((await post(JSON.stringify({ type: "insert", payload: { name: "variations" } }))).status).toBe(200);
    expect((await post(JSON.stringify({ type: "remove", payload: { name: "variations", index: 0 } }), [["variations[0].sku", "ROWS-1"]])).status).toBe(200);
    const notAList = await post(JSON.stringify({ type: "insert", payload: { name: "variations" } }), [["variations", "x"]]);
    expect(notAList.status).toBe(400);
    expect(await notAList.response?.text()).toBe(MALFORMED_INPUT_MESSAGE);
  });
});
