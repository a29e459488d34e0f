/**
 * Input no page of the shop sends — wrong types, missing fields, huge numbers, unknown intents — posted to
 * one route of every family (the cart page and /api/cart*, the product calls, the member area and its JSON
 * calls, the support threads and the staff pages) on a seeded local D1: each answers 400 with the one
 * Japanese message (or, for a route id, the message naming it), never a 500, and changes nothing.
 */
import { describe, expect } from "vitest";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { productBySku } from "~/services/seed/catalogue";
import {
  addresses,
  buyLater,
  cartLines,
  notificationMails,
  orderEvents,
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  reviews,
  stockRequests,
  subscriptions,
  ticketMessages,
  tickets,
} from "~/db/schema";
import * as cartPage from "~/routes/cart";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartEdit from "~/routes/api.cart-edit";
import * as cartRemove from "~/routes/api.cart-remove";
import * as vendorNotice from "~/routes/api.cart.save-vendor-notice";
import * as buyLaterApi from "~/routes/api.buylater.$productId";
import * as productGet from "~/routes/api.product.get.$id";
import * as buyLaterPage from "~/routes/user.buy-later";
import * as stockRequestsPage from "~/routes/user.stock-requests";
import * as addressBook from "~/routes/user.profile.addresses";
import * as subscriptionPage from "~/routes/user.subscriptions.$id";
import * as mailsApi from "~/routes/api.user.mails";
import * as supportThread from "~/routes/user.support_.$ticketId";
import * as sendMessage from "~/routes/crm.api.$module.messages.send.$ticketId";
import * as crmTickets from "~/routes/crm.tickets._index";
import * as crmReviews from "~/routes/crm.reviews";
import * as crmOrder from "~/routes/crm.orders.$orderId";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { postRequest, run, sessionCookie, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest().extend<{ memberWithCart: string; ticketId: number; subscriptionId: number }>({
  // The member's session once their cart holds a row, so a malformed edit has something it could wrongly change.
  memberWithCart: [
    async ({ platform, member }, provide) => {
      const added = await run(
        platform,
        cartAdd.action as RouteHandler,
        postRequest("/api/cart-add", { p: String(productBySku("DEMO-SIMPLE").id), q: "2" }, { cookie: member }),
      );
      expect(added.status).toBe(200);
      await provide((added.response && sessionCookie(added.response)) || member);
    },
    { scope: "file" },
  ],
  // The seeded ticket and subscription the support thread's and the subscription page's cases post to.
  ticketId: [async ({ platform }, provide) => provide((await platform.db.select().from(tickets).all())[0]!.id), { scope: "file" }],
  subscriptionId: [async ({ platform }, provide) => provide((await platform.db.select().from(subscriptions).all())[0]!.id), { scope: "file" }],
});

/** Every row a malformed request could have touched. */
async function snapshot(platform: TestPlatform) {
  const { db } = platform;
  const [lines, saved, requests, book, subs, mails, ticketRows, messages, reviewRows, orderRows, shipments, orderLineRows, history, refunds] =
    await Promise.all([
      db.select().from(cartLines).all(),
      db.select().from(buyLater).all(),
      db.select().from(stockRequests).all(),
      db.select().from(addresses).all(),
      db.select().from(subscriptions).all(),
      db.select().from(notificationMails).all(),
      db.select().from(tickets).all(),
      db.select().from(ticketMessages).all(),
      db.select().from(reviews).all(),
      db.select().from(orders).all(),
      db.select().from(orderShipments).all(),
      db.select().from(orderLines).all(),
      db.select().from(orderEvents).all(),
      db.select().from(orderRefunds).all(),
    ]);
  return { lines, saved, requests, book, subs, mails, ticketRows, messages, reviewRows, orderRows, shipments, orderLineRows, history, refunds };
}

/** Who posts a case: the member (with the row in their cart) or staff. */
type Sender = "member" | "staff";

type Case = { name: string; handler: RouteHandler; path: string; params?: Record<string, string>; sender: Sender; fields: [string, string][] };

const HUGE = "99999999999999999999";

const cases: Case[] = [
  // The cart page's controls (v.variant on intent).
  { name: "/cart, an unknown intent", handler: cartPage.action as RouteHandler, path: "/cart", sender: "member", fields: [["intent", "explode"]] },
  { name: "/cart, no intent at all", handler: cartPage.action as RouteHandler, path: "/cart", sender: "member", fields: [["q", "3"]] },
  {
    name: "/cart, a quantity for a row id that is text",
    handler: cartPage.action as RouteHandler,
    path: "/cart",
    sender: "member",
    fields: [
      ["intent", "quantity"],
      ["line", "abc"],
      ["q", "3"],
    ],
  },
  {
    name: "/cart, a huge row id",
    handler: cartPage.action as RouteHandler,
    path: "/cart",
    sender: "member",
    fields: [
      ["intent", "remove"],
      ["line", HUGE],
    ],
  },
  {
    name: "/cart, wrapping that is neither on nor off",
    handler: cartPage.action as RouteHandler,
    path: "/cart",
    sender: "member",
    fields: [
      ["intent", "wrapping"],
      ["line", "1"],
      ["w", "maybe"],
    ],
  },
  // The /api/cart* calls.
  {
    name: "/api/cart-edit, a row id that is text",
    handler: cartEdit.action as RouteHandler,
    path: "/api/cart-edit",
    sender: "member",
    fields: [
      ["line", "abc"],
      ["q", "3"],
    ],
  },
  { name: "/api/cart-edit, nothing to change", handler: cartEdit.action as RouteHandler, path: "/api/cart-edit", sender: "member", fields: [["line", "1"]] },
  {
    name: "/api/cart-edit, wrapping that is neither on nor off",
    handler: cartEdit.action as RouteHandler,
    path: "/api/cart-edit",
    sender: "member",
    fields: [
      ["p", "1"],
      ["w", "2"],
    ],
  },
  { name: "/api/cart-remove, no row named", handler: cartRemove.action as RouteHandler, path: "/api/cart-remove", sender: "member", fields: [] },
  {
    name: "/api/cart-remove, a huge product id",
    handler: cartRemove.action as RouteHandler,
    path: "/api/cart-remove",
    sender: "member",
    fields: [["p", HUGE]],
  },
  {
    name: "/api/cart/save-vendor-notice, a merchant id that is text",
    handler: vendorNotice.action as RouteHandler,
    path: "/api/cart/save-vendor-notice",
    sender: "member",
    fields: [
      ["merchants_id", "x"],
      ["notice", "置き配希望"],
    ],
  },
  {
    name: "/api/buylater, a row id that is negative",
    handler: buyLaterApi.action as RouteHandler,
    path: "/api/buylater/1",
    params: { productId: "1" },
    sender: "member",
    fields: [["line", "-1"]],
  },
  // The member area's pages and JSON calls.
  {
    name: "/user/buy-later, an unknown intent",
    handler: buyLaterPage.action as RouteHandler,
    path: "/user/buy-later",
    sender: "member",
    fields: [
      ["intent", "explode"],
      ["id", "1"],
    ],
  },
  {
    name: "/user/buy-later, an id that is text",
    handler: buyLaterPage.action as RouteHandler,
    path: "/user/buy-later",
    sender: "member",
    fields: [
      ["intent", "remove"],
      ["id", "one"],
    ],
  },
  {
    name: "/user/stock-requests, no id",
    handler: stockRequestsPage.action as RouteHandler,
    path: "/user/stock-requests",
    sender: "member",
    fields: [["intent", "remove"]],
  },
  {
    name: "/user/profile/addresses, an unknown intent",
    handler: addressBook.action as RouteHandler,
    path: "/user/profile/addresses",
    sender: "member",
    fields: [["intent", "explode"]],
  },
  {
    name: "/user/profile/addresses, a huge id",
    handler: addressBook.action as RouteHandler,
    path: "/user/profile/addresses",
    sender: "member",
    fields: [
      ["intent", "set_default"],
      ["id", HUGE],
    ],
  },
  {
    name: "/user/subscriptions/{id}, an unknown intent",
    handler: subscriptionPage.action as RouteHandler,
    path: "/user/subscriptions/1",
    params: { id: "1" },
    sender: "member",
    fields: [["intent", "pause"]],
  },
  {
    name: "/user/subscriptions/{id}, a delivery that is not a date",
    handler: subscriptionPage.action as RouteHandler,
    path: "/user/subscriptions/1",
    params: { id: "1" },
    sender: "member",
    fields: [
      ["intent", "skip"],
      ["delivery", "tomorrow"],
    ],
  },
  {
    name: "/api/user/mails, an id that is a fraction",
    handler: mailsApi.action as RouteHandler,
    path: "/api/user/mails",
    sender: "member",
    fields: [["id", "1.5"]],
  },
  // Support threads and the staff pages.
  {
    name: "/user/support/{id}, an unknown intent",
    handler: supportThread.action as RouteHandler,
    path: "/user/support/1",
    params: { ticketId: "1" },
    sender: "member",
    fields: [
      ["intent", "explode"],
      ["message", "こんにちは"],
    ],
  },
  {
    name: "/user/support/{id}, a confirmation answer that is neither",
    handler: supportThread.action as RouteHandler,
    path: "/user/support/1",
    params: { ticketId: "1" },
    sender: "member",
    fields: [
      ["intent", "confirm"],
      ["answer", "maybe"],
    ],
  },
  {
    name: "/crm/api/…/messages/send, a gallery id that is text",
    handler: sendMessage.action as RouteHandler,
    path: "/crm/api/customers/messages/send/1",
    params: { module: "customers", ticketId: "1" },
    sender: "staff",
    fields: [
      ["message", "ご確認ください"],
      ["gallery[]", "abc"],
    ],
  },
  {
    name: "/crm/tickets, a removal with a huge id",
    handler: crmTickets.action as RouteHandler,
    path: "/crm/tickets",
    sender: "staff",
    fields: [
      ["intent", "remove"],
      ["id", HUGE],
    ],
  },
  // Staff's order page (v.variant on intent).
  {
    name: "/crm/orders/6, an unknown intent",
    handler: crmOrder.action as RouteHandler,
    path: "/crm/orders/6",
    params: { orderId: "6" },
    sender: "staff",
    fields: [["intent", "explode"]],
  },
  {
    name: "/crm/orders/6, no intent at all",
    handler: crmOrder.action as RouteHandler,
    path: "/crm/orders/6",
    params: { orderId: "6" },
    sender: "staff",
    fields: [["note", "メモ"]],
  },
  {
    name: "/crm/orders/6, a shipment id that is text",
    handler: crmOrder.action as RouteHandler,
    path: "/crm/orders/6",
    params: { orderId: "6" },
    sender: "staff",
    fields: [
      ["intent", "deliver"],
      ["shipment", "abc"],
    ],
  },
  {
    name: "/crm/orders/6, a line id that is huge",
    handler: crmOrder.action as RouteHandler,
    path: "/crm/orders/6",
    params: { orderId: "6" },
    sender: "staff",
    fields: [
      ["intent", "cancel_lines"],
      ["line", HUGE],
    ],
  },
  {
    name: "/crm/reviews, a review id that is text",
    handler: crmReviews.action as RouteHandler,
    path: "/crm/reviews",
    sender: "staff",
    fields: [
      ["review", "abc"],
      ["comment", "ありがとうございます"],
    ],
  },
];

describe("malformed input", () => {
  it.for(cases)(
    "$name: 400 with the Japanese message, nothing changed",
    async ({ handler, path, params, sender, fields }, { platform, memberWithCart, staff, ticketId, subscriptionId }) => {
      const cookie = sender === "member" ? memberWithCart : staff;
      const resolvedParams = { ...params };
      if (resolvedParams.ticketId) resolvedParams.ticketId = String(ticketId);
      if (resolvedParams.id && path.startsWith("/user/subscriptions")) resolvedParams.id = String(subscriptionId);
      const before = await snapshot(platform);
      for (const mode of ["cors", "navigate"] as const) {
        const outcome = await run(platform, handler, postRequest(path, fields, { cookie, mode }), resolvedParams);
        // The cart's /api calls send a plain form post back to the cart with the message, as their refusals.
        if (mode === "navigate" && outcome.status === 303) {
          expect(decodeURIComponent(outcome.response?.headers.get("Location") ?? "")).toContain(MALFORMED_INPUT_MESSAGE);
          continue;
        }
        expect(outcome.status, mode).toBe(400);
        // A page's plain form post may get the error page (text), a fetch its data or JSON.
        if (outcome.response?.headers.get("Content-Type")?.startsWith("text/plain")) expect(await outcome.response.text(), mode).toBe(MALFORMED_INPUT_MESSAGE);
        else expect(await valueOf(outcome), mode).toMatchObject({ error: MALFORMED_INPUT_MESSAGE });
      }
      expect(await snapshot(platform)).toEqual(before);
    },
  );

  it("answers a route id that is not an id with 400 naming it", async ({ platform }) => {
    for (const id of ["abc", "0", "-3", "1.5", HUGE]) {
      const outcome = await run(platform, productGet.action as RouteHandler, postRequest(`/api/product/get/${id}`, []), { id });
      expect(outcome.status, id).toBe(400);
      expect(await valueOf(outcome)).toEqual({ error: "商品IDが正しくありません。" });
    }
  });
});
