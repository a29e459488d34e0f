/**
 * Contract of spec §7 "Tickets": every call, at the spec's URL, through Remix's own request handler on a
 * seeded local D1/R2, with the spec's field names in and the spec's response names out (§3 Ticket, Ticket
 * message, media item, Past order). Shoppers' apps and scripts are written against these names; a change
 * that drifts from them fails here.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { TICKET_API_HEADER } from "~/core/tickets/tickets";
import { orderLines, orders, ticketMessages, tickets } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { fileOf, pngBytes } from "../../support/images";
import { platformTest, type AsMember } from "../../support/platform-test";
import { contextFor, TEST_ORIGIN } from "../../support/requests";
import { remixHandlerFor } from "../../support/remix";

const it = platformTest();

/** Remix compares a form post's Origin with the host (which Node's Request keeps to itself). */
const HOST = new URL(TEST_ORIGIN).host;

const routeModules = import.meta.glob(
  ["../../../app/routes/crm.api.*.ts", "../../../app/routes/crm.customer.media.*.ts", "../../../app/routes/user.support.tsx"],
  {
    eager: true,
  },
);
// remixHandlerFor keys modules as seen from tests/integration/: one folder up from here.
const { handle } = remixHandlerFor(
  Object.fromEntries(Object.entries(routeModules).map(([path, module]) => [path.replace("../../../app/", "../../app/"), module])),
);

/** What the spec says a message and a media item carry (§3). */
const MESSAGE_FIELDS = ["date_created", "fromadmin", "gallery", "message", "name"];
const MEDIA_FIELDS = ["ext", "filename", "folder", "id", "thumbnail_m", "thumbnail_xl"];

/** A call as the shop's pages make it: same origin, the custom application header (§7), the member's cookie. */
function call(
  { platform, member }: AsMember,
  path: string,
  { cookie = member, method = "GET", body }: { cookie?: string; method?: string; body?: FormData | URLSearchParams } = {},
) {
  const headers = new Headers({
    Cookie: cookie,
    Accept: "application/json",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-Mode": "cors",
    Origin: TEST_ORIGIN,
    "X-Forwarded-Host": HOST,
  });
  headers.set(TICKET_API_HEADER.name, TICKET_API_HEADER.value);
  return handle(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body }), contextFor(platform));
}

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return (await response.json()) as T;
}

function expectMessageShape(message: Record<string, unknown>) {
  expect(Object.keys(message)).toEqual(expect.arrayContaining(MESSAGE_FIELDS));
  expect(message).toMatchObject({ message: expect.any(String), date_created: expect.any(String), name: expect.any(String) });
  expect(message.fromadmin === null || typeof message.fromadmin === "number").toBe(true);
  for (const item of message.gallery as Record<string, unknown>[]) expect(Object.keys(item)).toEqual(expect.arrayContaining(MEDIA_FIELDS));
}

type Message = Record<string, unknown> & { gallery: Record<string, unknown>[] };

async function newTicket({ platform, member }: AsMember): Promise<number> {
  const [order] = await platform.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, MEMBER_ID)).limit(1);
  const [line] = await platform.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order!.id)).limit(1);
  const session = String(Date.now());
  // The new ticket form (§3 New ticket form), posted as a normal form with the spec's names.
  const form = new URLSearchParams({
    session,
    priority: "high",
    orders_id: String(order!.id),
    products_id: "",
    category: "過去の注文について",
    "details[]": String(line!.id),
    trouble: "商品がいつ届くか知りたい",
    reply_choice: "email",
    description: "注文した商品がまだ届きません。",
  });
  const response = await handle(
    new Request(`${TEST_ORIGIN}/user/support`, {
      method: "POST",
      headers: { Cookie: member, Origin: TEST_ORIGIN, "X-Forwarded-Host": HOST, "Sec-Fetch-Mode": "navigate" },
      body: form,
    }),
    contextFor(platform),
  );
  expect(response.status).toBe(303);
  const id = Number(/\/user\/support\/(\d+)/.exec(response.headers.get("Location") ?? "")?.[1]);
  const [row] = await platform.db.select().from(tickets).where(eq(tickets.id, id));
  expect(row).toMatchObject({
    userId: MEMBER_ID,
    orderId: order!.id,
    category: "過去の注文について",
    trouble: "商品がいつ届くか知りたい",
    replyChoice: "email",
    priority: "high",
  });
  return id;
}

describe("§7 Tickets", () => {
  it("the new ticket form takes session, priority, orders_id, products_id, category, details[], trouble, reply_choice, description", async ({
    platform,
    member,
  }) => {
    expect(await newTicket({ platform, member })).toBeGreaterThan(0);
  });

  it("POST /crm/customer/media/upload: file → media with id, ext, folder, filename, thumbnail_m, thumbnail_xl", async ({ platform, member }) => {
    const body = new FormData();
    body.append("file", fileOf(pngBytes(2, 2), "photo.png", "image/png"));
    const item = await json<Record<string, unknown>>(await call({ platform, member }, "/crm/customer/media/upload", { method: "POST", body }));
    expect(Object.keys(item)).toEqual(expect.arrayContaining(MEDIA_FIELDS));
    expect(item.id).toEqual(expect.any(Number));
  });

  it("POST /crm/api/{module}/messages/send/{ticketId}: message, gallery[] → the new message", async ({ platform, member }) => {
    const ticketId = await newTicket({ platform, member });
    const upload = new FormData();
    upload.append("file", fileOf(pngBytes(3, 3), "photo.png", "image/png"));
    const media = await json<{ id: number }>(await call({ platform, member }, "/crm/customer/media/upload", { method: "POST", body: upload }));
    const body = new URLSearchParams([
      ["message", "写真を添付します。"],
      ["gallery[]", String(media.id)],
    ]);
    const message = await json<Message>(await call({ platform, member }, `/crm/api/customers/messages/send/${ticketId}`, { method: "POST", body }));
    expectMessageShape(message);
    expect(message).toMatchObject({ message: "写真を添付します。", fromadmin: null });
    expect(message.gallery.map((item) => item.id)).toEqual([media.id]);
  });

  it("GET /crm/api/{module}/messages/load/{ticketId}: a list of messages", async ({ platform, member }) => {
    const ticketId = await newTicket({ platform, member });
    const messages = await json<Message[]>(await call({ platform, member }, `/crm/api/customers/messages/load/${ticketId}`));
    expect(Array.isArray(messages)).toBe(true);
    expect(messages).toHaveLength(1);
    messages.forEach(expectMessageShape);
    expect(messages[0]).toMatchObject({ message: "注文した商品がまだ届きません。", fromadmin: null });
  });

  it("GET /crm/api/{module}/messages/receive/{ticketId}: a list of the new messages", async ({ platform, member, staff }) => {
    const ticketId = await newTicket({ platform, member });
    await call({ platform, member }, `/crm/api/customers/messages/send/${ticketId}`, {
      cookie: staff,
      method: "POST",
      body: new URLSearchParams({ message: "お調べします。" }),
    });
    const fresh = await json<Message[]>(await call({ platform, member }, `/crm/api/customers/messages/receive/${ticketId}`));
    fresh.forEach(expectMessageShape);
    expect(fresh.map((message) => [message.message, message.name, message.fromadmin])).toEqual([["お調べします。", "カスタマーサービス", STAFF_ID]]);
    expect(await json<Message[]>(await call({ platform, member }, `/crm/api/customers/messages/receive/${ticketId}`))).toEqual([]);
  });

  it("GET /crm/api/customers/messages/load-new-messages: a list whose length is the unread count", async ({ platform, member, staff }) => {
    const ticketId = await newTicket({ platform, member });
    await call({ platform, member }, `/crm/api/customers/messages/send/${ticketId}`, {
      cookie: staff,
      method: "POST",
      body: new URLSearchParams({ message: "ご連絡です。" }),
    });
    const unread = await json<Record<string, unknown>[]>(await call({ platform, member }, "/crm/api/customers/messages/load-new-messages"));
    expect(unread.length).toBeGreaterThan(0);
    expect(Object.keys(unread[0]!)).toEqual(expect.arrayContaining(["message", "date_created", "name", "fromadmin"]));
    const unreadStored = await platform.db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
      .where(and(eq(tickets.userId, MEMBER_ID), isNotNull(ticketMessages.fromadmin), isNull(ticketMessages.readAt)));
    expect(unread.length).toBe(unreadStored.length);
  });

  it("GET /crm/api/tickets/confirmation/{ticketId}/{resolved|unresolved}: the ticket's id, status, confirmation", async ({ platform, member }) => {
    const ticketId = await newTicket({ platform, member });
    await platform.db.update(tickets).set({ confirmation: "waiting", confirmationRequestedAt: new Date() }).where(eq(tickets.id, ticketId));
    const answer = await json<{ ticket: Record<string, unknown> }>(await call({ platform, member }, `/crm/api/tickets/confirmation/${ticketId}/resolved`));
    expect(answer.ticket).toEqual({ id: ticketId, status: "close", confirmation: "resolved" });
  });

  it("GET /crm/api/customers/past-orders/{customerId}: id, date_created, orderdetails (id, sku, title, variation.picture, product.picture)", async ({
    platform,
    member,
  }) => {
    const pastOrders = await json<Record<string, unknown>[]>(await call({ platform, member }, `/crm/api/customers/past-orders/${MEMBER_ID}`));
    expect(pastOrders.length).toBeGreaterThan(0);
    for (const order of pastOrders) {
      expect(Object.keys(order)).toEqual(expect.arrayContaining(["id", "date_created", "orderdetails"]));
      for (const line of order.orderdetails as Record<string, Record<string, unknown>>[]) {
        expect(Object.keys(line)).toEqual(expect.arrayContaining(["id", "sku", "title", "variation", "product"]));
        expect(line.variation).toHaveProperty("picture");
        expect(line.product).toHaveProperty("picture");
      }
    }
  });

  it("GET /crm/api/customers/load-product/{productId}: the product", async ({ platform, member }) => {
    const product = await json<Record<string, unknown>>(await call({ platform, member }, `/crm/api/customers/load-product/${productBySku("DEMO-SIMPLE").id}`));
    expect(product).toMatchObject({ id: productBySku("DEMO-SIMPLE").id, sku: "DEMO-SIMPLE", title: expect.any(String) });
  });
});
