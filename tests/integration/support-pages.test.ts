/**
 * The support pages' loaders and actions (/user/support, /user/support/{id}, /crm/*) and the scheduled
 * auto-close, on a real migrated and seeded local D1 and a real local R2 bucket: new tickets (JS and
 * multipart without JS, the double submit), threads, confirmation, the staff desk and review replies.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { media, notificationMails, reviews, ticketMessages, ticketOrderLines, tickets } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import * as crmIndex from "~/routes/crm._index";
import * as crmReviews from "~/routes/crm.reviews";
import * as crmThread from "~/routes/crm.tickets.$ticketId";
import * as crmTickets from "~/routes/crm.tickets._index";
import * as upload from "~/routes/crm.customer.media.upload";
import * as reviewsLoad from "~/routes/api.product.reviews.load.$id";
import * as supportIndex from "~/routes/user.support";
import * as supportThread from "~/routes/user.support_.$ticketId";
import type { MediaItem } from "~/services/media.server";
import { runTicketMaintenance } from "~/services/tickets/ticket-status.server";
import { fileOf, pngBytes } from "../support/images";
import { TEST_REPLY_MAIL } from "../support/tickets";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, TEST_ORIGIN, type DataResult, type RouteHandler } from "../support/requests";

// The file's tests share one seeded platform; a describe that sets up more of its own extends `fileTest`.
const fileTest = platformTest();
const it = fileTest;

const call = <T = unknown>(platform: TestPlatform, handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
  callHandler<T>(platform, handler, request, params);

function page(path: string, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" },
  });
}

/** A form post as the browser sends it: a navigation (no JS) or a fetch (JS, fetchers). */
function post(path: string, fields: [string, string | File][], cookie: string, mode: "navigate" | "cors" = "navigate"): Request {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: TEST_ORIGIN, "Sec-Fetch-Mode": mode, "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
}

function redirectTo(thrown: unknown): string {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect([302, 303]).toContain(response.status);
  return response.headers.get("Location") ?? "";
}

function statusOf(thrown: unknown): number {
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).status;
}

let sessionCounter = 1_800_000_000_000;
const newSession = () => String(sessionCounter++);

const ticketFields = (session: string, extra: [string, string | File][] = []): [string, string | File][] => [
  ["intent", "create"],
  ["session", session],
  ["category", "過去の注文について"],
  ["trouble", "お支払いについて"],
  ["reply_choice", "email"],
  ["description", "支払い方法を変更したいです。"],
  ...extra,
];

async function ticketBySession(platform: TestPlatform, userId: number, session: string) {
  return platform.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.userId, userId), eq(tickets.formSession, session)));
}

async function uploaded(platform: TestPlatform, cookie: string): Promise<MediaItem> {
  const form = new FormData();
  form.append("file", fileOf(pngBytes(2, 2), "p.png", "image/png"));
  const request = new Request(`${TEST_ORIGIN}/crm/customer/media/upload`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: TEST_ORIGIN, "Sec-Fetch-Mode": "cors" },
    body: form,
  });
  const { returned } = await call<Response>(platform, upload.action as RouteHandler, request);
  return (await returned!.json()) as MediaItem;
}

describe("/user/support (new ticket and the member's tickets)", () => {
  it("sends guests to the login page", async ({ platform }) => {
    const { thrown } = await call(platform, supportIndex.loader as RouteHandler, page("/user/support"));
    expect(redirectTo(thrown)).toBe("/login?show=1&redirectTo=%2Fuser%2Fsupport");
  });

  it("lists the member's tickets with the unread staff reply, their orders and a fresh session", async ({ platform, member }) => {
    const { returned } = await call<Awaited<ReturnType<typeof supportIndex.loader>>>(
      platform,
      supportIndex.loader as RouteHandler,
      page("/user/support", member),
    );
    expect(returned!.tickets).toMatchObject([{ id: 1, status: "doing", unread: 1, category: "過去の注文について" }]);
    expect(returned!.form.orders.map((order) => order.id)).toEqual([4, 3, 2, 1]);
    expect(returned!.form.session).toMatch(/^\d{13}$/);
    expect(returned!.form.picked).toBeNull();
  });

  it("without JS, 「この注文の商品を表示」 (a GET) shows that order's lines and keeps what was typed", async ({ platform, member }) => {
    const { returned } = await call<Awaited<ReturnType<typeof supportIndex.loader>>>(
      platform,
      supportIndex.loader as RouteHandler,
      page(`/user/support?category=${encodeURIComponent("過去の注文について")}&orders_id=4&description=${encodeURIComponent("途中まで")}`, member),
    );
    expect(returned!.form.picked).toMatchObject({ orderId: 4, lines: [{ id: 6 }, { id: 7 }] });
    expect(returned!.form.defaults).toMatchObject({ category: "過去の注文について", orders_id: "4", description: "途中まで" });
    const theirs = await call<Awaited<ReturnType<typeof supportIndex.loader>>>(
      platform,
      supportIndex.loader as RouteHandler,
      page("/user/support?orders_id=5", member),
    );
    expect(theirs.returned!.form.picked).toBeNull();
  });

  it("an empty description asks for detail and creates nothing", async ({ platform, member }) => {
    const session = newSession();
    const fields = ticketFields(session).map(([name, value]): [string, string | File] => [name, name === "description" ? "  " : value]);
    const { returned } = await call<DataResult<{ reply: { error: Record<string, string[]> } }>>(
      platform,
      supportIndex.action as RouteHandler,
      post("/user/support", fields, member),
    );
    expect(returned!.init?.status).toBe(400);
    expect(returned!.data.reply.error).toEqual({ description: ["問題について詳しく教えてください"] });
    expect(await ticketBySession(platform, MEMBER_ID, session)).toHaveLength(0);
  });

  it("without JS, creates the ticket with its order lines and an attached file, priority from the trouble", async ({ platform, member }) => {
    const session = newSession();
    const fields = ticketFields(session, [
      ["orders_id", "4"],
      ["details", "6"],
      ["details", "7"],
      ["file", fileOf(pngBytes(3, 3), "damage.txt", "text/plain")],
    ]);
    const { thrown } = await call(platform, supportIndex.action as RouteHandler, post("/user/support", fields, member));
    const [ticket] = await ticketBySession(platform, MEMBER_ID, session);
    expect(redirectTo(thrown)).toBe(`/user/support/${ticket!.id}?notice=created#result`);
    expect(ticket).toMatchObject({
      priority: "high",
      status: "doing",
      confirmation: null,
      replyChoice: "email",
      orderId: 4,
      description: "支払い方法を変更したいです。",
    });
    const lines = await platform.db.select().from(ticketOrderLines).where(eq(ticketOrderLines.ticketId, ticket!.id));
    expect(lines.map((line) => line.orderLineId).sort()).toEqual([6, 7]);
    const messages = await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id));
    expect(messages).toMatchObject([{ fromadmin: null, message: "支払い方法を変更したいです。" }]);
    expect(await platform.db.select().from(media).where(eq(media.ticketMessageId, messages[0]!.id))).toMatchObject([{ ext: "png", width: 3, height: 3 }]);
  });

  it("without a reply choice (the default radio sends an empty value) the ticket takes e-mail or phone ('')", async ({ platform, member }) => {
    const session = newSession();
    const fields = ticketFields(session).map(([name, value]): [string, string | File] => [name, name === "reply_choice" ? "" : value]);
    const { thrown } = await call(platform, supportIndex.action as RouteHandler, post("/user/support", fields, member));
    const [ticket] = await ticketBySession(platform, MEMBER_ID, session);
    expect(redirectTo(thrown)).toBe(`/user/support/${ticket!.id}?notice=created#result`);
    expect(ticket!.replyChoice).toBe("");
  });

  it("a double submit of one form (same session) creates one ticket, one message, and stores the files once", async ({ platform, member }) => {
    const session = newSession();
    const fields = ticketFields(session, [["file", fileOf(pngBytes(), "a.png", "image/png")]]);
    const mediaBefore = (await platform.db.select().from(media)).length;
    const first = await call(platform, supportIndex.action as RouteHandler, post("/user/support", fields, member));
    const second = await call(platform, supportIndex.action as RouteHandler, post("/user/support", fields, member));
    const found = await ticketBySession(platform, MEMBER_ID, session);
    expect(found).toHaveLength(1);
    expect(redirectTo(second.thrown)).toBe(redirectTo(first.thrown));
    expect(await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, found[0]!.id))).toHaveLength(1);
    expect((await platform.db.select().from(media)).length).toBe(mediaBefore + 1);
  });

  it("two racing submits (the duplicate check passed by both) still make one ticket and one message", async ({ platform, member }) => {
    const session = newSession();
    const fields = ticketFields(session);
    await Promise.all([
      call(platform, supportIndex.action as RouteHandler, post("/user/support", fields, member)),
      call(platform, supportIndex.action as RouteHandler, post("/user/support", fields, member)),
    ]);
    const found = await ticketBySession(platform, MEMBER_ID, session);
    expect(found).toHaveLength(1);
    expect(await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, found[0]!.id))).toHaveLength(1);
  });

  it("with JS, attaches images uploaded beforehand (gallery[]) and accepts the spec's details[] name", async ({ platform, member }) => {
    const session = newSession();
    const item = await uploaded(platform, member);
    const { thrown } = await call(
      platform,
      supportIndex.action as RouteHandler,
      post(
        "/user/support",
        ticketFields(session, [
          ["orders_id", "2"],
          ["details[]", "3"],
          ["gallery[]", String(item.id)],
        ]),
        member,
      ),
    );
    const [ticket] = await ticketBySession(platform, MEMBER_ID, session);
    expect(redirectTo(thrown)).toBe(`/user/support/${ticket!.id}?notice=created#result`);
    // One line → its product is the ticket's product.
    expect(ticket!.productId).toBe(productBySku("DEMO-MERCHANT").id);
    const [row] = await platform.db.select().from(media).where(eq(media.id, item.id));
    expect(row!.ticketMessageId).not.toBeNull();
  });

  it("refuses another customer's order, a line of another order, and 4 images", async ({ platform, member }) => {
    const theirs = await call<DataResult<{ reply: { error: Record<string, string[]> } }>>(
      platform,
      supportIndex.action as RouteHandler,
      post("/user/support", ticketFields(newSession(), [["orders_id", "5"]]), member),
    );
    expect(theirs.returned!.init?.status).toBe(404);
    expect(theirs.returned!.data.reply.error).toEqual({ orders_id: [TICKET_TEXT.orderNotFound] });
    const wrongLine = await call<DataResult<{ reply: { error: Record<string, string[]> } }>>(
      platform,
      supportIndex.action as RouteHandler,
      post(
        "/user/support",
        ticketFields(newSession(), [
          ["orders_id", "4"],
          ["details", "1"],
        ]),
        member,
      ),
    );
    expect(wrongLine.returned!.data.reply.error).toEqual({ details: [TICKET_TEXT.orderLineNotInOrder] });
    const session = newSession();
    const four = [1, 2, 3, 4].map((n): [string, File] => ["file", fileOf(pngBytes(), `${n}.png`, "image/png")]);
    const tooMany = await call<DataResult<{ reply: { error: Record<string, string[]> } }>>(
      platform,
      supportIndex.action as RouteHandler,
      post("/user/support", ticketFields(session, four), member),
    );
    expect(tooMany.returned!.init?.status).toBe(400);
    expect(tooMany.returned!.data.reply.error).toEqual({ "": [TICKET_TEXT.tooManyAttachments] });
    expect(await ticketBySession(platform, MEMBER_ID, session)).toHaveLength(0);
  });
});

describe("/user/support/{id} (the customer's thread)", () => {
  it("shows the member's ticket and marks the staff reply read; another customer and staff get 404", async ({ platform, member, other, staff }) => {
    const { returned } = await call<Awaited<ReturnType<typeof supportThread.loader>>>(
      platform,
      supportThread.loader as RouteHandler,
      page("/user/support/1?notice=sent", member),
      { ticketId: "1" },
    );
    expect(returned!.thread.messages.map((message) => message.name)).toEqual(["山田 花子", "カスタマーサービス", "カスタマーサービス"]);
    expect(returned!.notice).toBe(TICKET_TEXT.sent);
    expect(statusOf((await call(platform, supportThread.loader as RouteHandler, page("/user/support/1", other), { ticketId: "1" })).thrown)).toBe(404);
    expect(statusOf((await call(platform, supportThread.loader as RouteHandler, page("/user/support/1", staff), { ticketId: "1" })).thrown)).toBe(404);
    const forged = await call<Awaited<ReturnType<typeof supportThread.loader>>>(
      platform,
      supportThread.loader as RouteHandler,
      page("/user/support/1?notice=%E5%81%BD", member),
      { ticketId: "1" },
    );
    expect(forged.returned!.notice).toBeNull();
  });

  it("sends a message with a file without JS (303 back to the latest message) and refuses 4 files", async ({ platform, member, other }) => {
    const { thrown } = await call(
      platform,
      supportThread.action as RouteHandler,
      post(
        "/user/support/1",
        [
          ["intent", "send"],
          ["message", "写真を送ります"],
          ["file", fileOf(pngBytes(), "a.png", "image/png")],
        ],
        member,
      ),
      { ticketId: "1" },
    );
    expect(redirectTo(thrown)).toBe("/user/support/1?notice=sent#latest");
    const four = [1, 2, 3, 4].map((n): [string, File] => ["file", fileOf(pngBytes(), `${n}.png`, "image/png")]);
    const { returned } = await call<DataResult<{ ok: boolean; error: string; message: string; kept: { id: number }[] }>>(
      platform,
      supportThread.action as RouteHandler,
      post("/user/support/1", [["intent", "send"], ["message", "4枚"], ...four], member),
      { ticketId: "1" },
    );
    expect(returned!.init?.status).toBe(400);
    expect(returned!.data).toMatchObject({ ok: false, error: TICKET_TEXT.tooManyAttachments, message: "4枚" });
    // Without JS the files would be gone: three are kept as the member's unsent uploads, for the box to send again.
    expect(returned!.data.kept).toHaveLength(3);
    const again = await call(
      platform,
      supportThread.action as RouteHandler,
      post(
        "/user/support/1",
        [["intent", "send"], ["message", "3枚"], ...returned!.data.kept.map((item): [string, string] => ["gallery[]", String(item.id)])],
        member,
      ),
      { ticketId: "1" },
    );
    expect(redirectTo(again.thrown)).toBe("/user/support/1?notice=sent#latest");
    expect(
      statusOf(
        (
          await call(
            platform,
            supportThread.action as RouteHandler,
            post(
              "/user/support/1",
              [
                ["intent", "send"],
                ["message", "x"],
              ],
              other,
            ),
            { ticketId: "1" },
          )
        ).thrown,
      ),
    ).toBe(404);
  });

  it("answers the confirmation with a form post (no JS): resolved closes the ticket and shows the notice", async ({ platform, member }) => {
    await platform.db.update(tickets).set({ confirmation: "waiting", confirmationRequestedAt: new Date() }).where(eq(tickets.id, 1));
    const { thrown } = await call(
      platform,
      supportThread.action as RouteHandler,
      post(
        "/user/support/1",
        [
          ["intent", "confirm"],
          ["answer", "resolved"],
        ],
        member,
      ),
      { ticketId: "1" },
    );
    expect(redirectTo(thrown)).toBe("/user/support/1?notice=confirmationNotified#result");
    const [ticket] = await platform.db.select().from(tickets).where(eq(tickets.id, 1));
    expect(ticket).toMatchObject({ status: "close", confirmation: "resolved" });
    expect(ticket!.closedAt).toBeInstanceOf(Date);
    const again = await call<DataResult<{ error: string }>>(
      platform,
      supportThread.action as RouteHandler,
      post(
        "/user/support/1",
        [
          ["intent", "confirm"],
          ["answer", "unresolved"],
        ],
        member,
        "cors",
      ),
      { ticketId: "1" },
    );
    expect(again.returned!.init?.status).toBe(409);
  });
});

describe("/crm (staff desk)", () => {
  // A ticket the other customer opens, once, for these tests.
  const it = fileTest.extend<{ ticketId: number }>({
    ticketId: [
      async ({ platform, other }, provide) => {
        const session = newSession();
        await call(platform, supportIndex.action as RouteHandler, post("/user/support", ticketFields(session), other));
        await provide((await ticketBySession(platform, OTHER_ID, session))[0]!.id);
      },
      { scope: "file" },
    ],
  });

  it("answers customers 403 and guests with the login page; staff land on the dashboard", async ({ platform, member, other, staff, ticketId }) => {
    expect(statusOf((await call(platform, crmIndex.loader as RouteHandler, page("/crm", member))).thrown)).toBe(403);
    expect(
      statusOf((await call(platform, crmThread.loader as RouteHandler, page(`/crm/tickets/${ticketId}`, other), { ticketId: String(ticketId) })).thrown),
    ).toBe(403);
    expect(statusOf((await call(platform, crmReviews.loader as RouteHandler, page("/crm/reviews", member))).thrown)).toBe(403);
    expect(
      redirectTo((await call(platform, crmThread.loader as RouteHandler, page(`/crm/tickets/${ticketId}`), { ticketId: String(ticketId) })).thrown),
    ).toMatch(/^\/login/);
    expect((await call(platform, crmIndex.loader as RouteHandler, page("/crm", staff))).thrown).toBeUndefined();
    expect(
      statusOf(
        (await call(platform, crmThread.action as RouteHandler, post(`/crm/tickets/${ticketId}`, [["intent", "close"]], other), { ticketId: String(ticketId) }))
          .thrown,
      ),
    ).toBe(403);
  });

  it("staff read any ticket (marking the customer's messages read) and reply as カスタマーサービス with a mail", async ({ platform, staff, ticketId }) => {
    const { returned } = await call<Awaited<ReturnType<typeof crmThread.loader>>>(
      platform,
      crmThread.loader as RouteHandler,
      page(`/crm/tickets/${ticketId}`, staff),
      { ticketId: String(ticketId) },
    );
    expect(returned!.thread.ticket.customer).toMatchObject({ lastname: "鈴木", email: "other@example.jp" });
    const [first] = await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    expect(first!.readAt).toBeInstanceOf(Date);
    const mailsBefore = (await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID))).length;
    const { thrown } = await call(
      platform,
      crmThread.action as RouteHandler,
      post(
        `/crm/tickets/${ticketId}`,
        [
          ["intent", "send"],
          ["message", "承知しました。"],
          ["file", fileOf(pngBytes(), "guide.png", "image/png")],
        ],
        staff,
      ),
      { ticketId: String(ticketId) },
    );
    expect(redirectTo(thrown)).toBe(`/crm/tickets/${ticketId}?notice=sent#latest`);
    const messages = await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    expect(messages.at(-1)).toMatchObject({ fromadmin: STAFF_ID, message: "承知しました。" });
    expect(
      await platform.db
        .select()
        .from(media)
        .where(eq(media.ticketMessageId, messages.at(-1)!.id)),
    ).toHaveLength(1);
    expect((await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID))).length).toBe(mailsBefore + 1);
  });

  it("staff ask for confirmation (waiting, dated, mailed), cannot ask twice, then close the ticket", async ({ platform, staff, ticketId }) => {
    const path = `/crm/tickets/${ticketId}`;
    const params = { ticketId: String(ticketId) };
    const asked = await call<DataResult<{ ok: boolean }>>(
      platform,
      crmThread.action as RouteHandler,
      post(path, [["intent", "request_confirmation"]], staff, "cors"),
      params,
    );
    expect(asked.returned!.data).toEqual({ ok: true, intent: "request_confirmation" });
    const [waiting] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(waiting).toMatchObject({ confirmation: "waiting", status: "doing" });
    expect(waiting!.confirmationRequestedAt).toBeInstanceOf(Date);
    const mails = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID));
    expect(mails.at(-1)!.title).toBe(`【お問い合わせ #${ticketId}】問題は解決しましたか？`);
    const twice = await call<DataResult<{ error: string }>>(
      platform,
      crmThread.action as RouteHandler,
      post(path, [["intent", "request_confirmation"]], staff, "cors"),
      params,
    );
    expect(twice.returned!.init?.status).toBe(409);
    expect(twice.returned!.data.error).toBe(TICKET_TEXT.confirmationAlreadyWaiting);
    expect(redirectTo((await call(platform, crmThread.action as RouteHandler, post(path, [["intent", "close"]], staff), params)).thrown)).toBe(
      `${path}?notice=closed#result`,
    );
    const [closed] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(closed).toMatchObject({ status: "close" });
    const reply = await call<DataResult<{ error: string }>>(
      platform,
      crmThread.action as RouteHandler,
      post(
        path,
        [
          ["intent", "send"],
          ["message", "追伸"],
        ],
        staff,
        "cors",
      ),
      params,
    );
    expect(reply.returned!.data.error).toBe(TICKET_TEXT.ticketClosed);
  });

  it("customers cannot use staff intents on their own thread page", async ({ platform, other, ticketId }) => {
    const { returned } = await call<DataResult<{ ok: boolean }>>(
      platform,
      supportThread.action as RouteHandler,
      post(`/user/support/${ticketId}`, [["intent", "close"]], other, "cors"),
      { ticketId: String(ticketId) },
    );
    expect(returned!.init?.status).toBe(400);
  });
});

describe("/crm/tickets (the staff list on the generic listing)", () => {
  type ListData = Awaited<ReturnType<typeof crmTickets.loader>> extends infer R ? (R extends { data: infer D } ? D : never) : never;
  /** The list at `search`, following the loader's redirect to the canonical URL (defaults dropped) once. */
  const list = async ({ platform, staff }: { platform: TestPlatform; staff: string }, search: string): Promise<ListData> => {
    const { returned, thrown } = await call<{ data: ListData }>(platform, crmTickets.loader as RouteHandler, page(`/crm/tickets${search}`, staff));
    if (thrown instanceof Response && thrown.status === 302) {
      const again = await call<{ data: ListData }>(platform, crmTickets.loader as RouteHandler, page(thrown.headers.get("Location")!, staff));
      if (again.thrown) throw again.thrown;
      return again.returned!.data;
    }
    if (thrown) throw thrown;
    return returned!.data;
  };

  // 25 more tickets of the other customer, once, for these tests: low priority (receipt), some closed.
  const it = fileTest.extend<{ moreTickets: void }>({
    moreTickets: [
      async ({ platform }, provide) => {
        for (let n = 0; n < 25; n++) {
          await platform.db.insert(tickets).values({
            userId: OTHER_ID,
            priority: "low",
            category: "その他",
            trouble: "領収書がほしい",
            description: `領収書のお願い ${n}`,
            formSession: newSession(),
            status: n % 5 === 0 ? "close" : "doing",
            createdAt: new Date(Date.UTC(2026, 0, 1 + n)),
            updatedAt: new Date(Date.UTC(2026, 0, 1 + n)),
          });
        }
        await provide();
      },
      { scope: "file", auto: true },
    ],
  });

  it("is for staff only", async ({ platform, member }) => {
    expect(statusOf((await call(platform, crmTickets.loader as RouteHandler, page("/crm/tickets", member))).thrown)).toBe(403);
    expect(
      statusOf(
        (
          await call(
            platform,
            crmTickets.action as RouteHandler,
            post(
              "/crm/tickets",
              [
                ["intent", "remove"],
                ["id", "1"],
              ],
              member,
            ),
          )
        ).thrown,
      ),
    ).toBe(403);
  });

  it("pages 20 at a time (0-based) and clamps a page past the end", async ({ platform, staff }) => {
    const first = await list({ platform, staff }, "");
    expect(first.page.rows).toHaveLength(20);
    expect(first.page.pages).toBe(Math.ceil(first.page.total / 20));
    expect(first.page.total).toBeGreaterThan(25);
    const second = await list({ platform, staff }, "?page=1");
    expect(second.page.rows.length).toBe(first.page.total - 20);
    expect(second.page.rows.map((row) => row.id)).not.toContain(first.page.rows[0]!.id);
    expect((await list({ platform, staff }, "?page=99")).page.query.page).toBe(1);
  });

  it("sorts by priority (high first when DESC) and by creation ASC", async ({ platform, staff }) => {
    const byPriority = await list({ platform, staff }, "?orderby=priority&ordersens=DESC");
    expect(byPriority.page.rows[0]!.priority).toBe("high");
    const ranks = byPriority.page.rows.map((row) => ({ high: 3, medium: 2, low: 1 })[row.priority]);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    const oldest = await list({ platform, staff }, "?orderby=date_created&ordersens=ASC");
    const dates = oldest.page.rows.map((row) => row.createdAt);
    expect([...dates].sort()).toEqual(dates);
  });

  it("filters by status, priority, customer text, request text and arrival day", async ({ platform, staff }) => {
    const closed = await list({ platform, staff }, "?status=close");
    expect(closed.page.rows.length).toBeGreaterThanOrEqual(5);
    expect(closed.page.rows.every((row) => row.status === "close")).toBe(true);
    const high = await list({ platform, staff }, "?priority=high");
    expect(high.page.rows.every((row) => row.priority === "high")).toBe(true);
    const suzuki = await list({ platform, staff }, `?customer=${encodeURIComponent("鈴木")}`);
    expect(suzuki.page.rows.every((row) => row.customer === "鈴木 一郎")).toBe(true);
    expect(
      (await list({ platform, staff }, `?customer=${encodeURIComponent("member@example")}`)).page.rows.every((row) => row.email === "member@example.jp"),
    ).toBe(true);
    // キーワード: every word somewhere in the ticket ("7" is in "…17" too, "17" only there).
    const text = await list({ platform, staff }, `?content=${encodeURIComponent("領収書のお願い 17")}`);
    expect(text.page.rows.map((row) => row.lastMessage)).toEqual(["領収書のお願い 17"]);
    const day = await list({ platform, staff }, "?date_created_from=2026-01-03&date_created_to=2026-01-04");
    expect(day.page.total).toBe(2);
    const bogus = await call(platform, crmTickets.loader as RouteHandler, page("/crm/tickets?status=bogus&customer=&orderby=updated", staff));
    expect(redirectTo(bogus.thrown)).toBe("/crm/tickets");
  });

  it("filters tickets with unread customer messages", async ({ platform, staff }) => {
    const unread = await list({ platform, staff }, "?unread=1");
    expect(unread.page.rows.length).toBeGreaterThan(0);
    expect(unread.page.rows.every((row) => row.unread > 0)).toBe(true);
  });

  it("answers the §7 listing POST as JSON", async ({ platform, staff }) => {
    const { returned } = await call<Response>(
      platform,
      crmTickets.action as RouteHandler,
      post(
        "/crm/tickets",
        [
          ["query[page]", "0"],
          ["query[orderby]", "priority"],
          ["query[ordersens]", "ASC"],
          ["inputs[priority]", "low"],
          ["operators[priority]", "="],
        ],
        staff,
        "cors",
      ),
    );
    const body = (await returned!.json()) as { query: Record<string, unknown>; data: { priority: string }[]; detail: { pages: number } };
    expect(body.query).toEqual({ page: 0, orderby: "priority", ordersens: "ASC" });
    expect(body.data.every((row) => row.priority === "low")).toBe(true);
    expect(body.detail.pages).toBe(2);
  });

  it("removes a row after confirmation (303 back with the notice without JS)", async ({ platform, staff }) => {
    const target = (await list({ platform, staff }, "?status=close")).page.rows[0]!;
    const { thrown } = await call(
      platform,
      crmTickets.action as RouteHandler,
      post(
        "/crm/tickets",
        [
          ["intent", "remove"],
          ["id", String(target.id)],
          ["back", "/crm/tickets?status=close&remove=" + target.id],
        ],
        staff,
      ),
    );
    expect(redirectTo(thrown)).toBe("/crm/tickets?status=close&notice=removed#result");
    expect(await platform.db.select().from(tickets).where(eq(tickets.id, target.id))).toHaveLength(0);
    const again = await call<DataResult<{ ok: boolean }>>(
      platform,
      crmTickets.action as RouteHandler,
      post(
        "/crm/tickets",
        [
          ["intent", "remove"],
          ["id", String(target.id)],
        ],
        staff,
        "cors",
      ),
    );
    expect(again.returned!.init?.status).toBe(404);
  });
});

describe("/crm/reviews (staff replies shown as staff on the product page)", () => {
  it("lists unreplied published reviews and saves a reply the product API labels スタッフ", async ({ platform, staff }) => {
    const { returned } = await call<Awaited<ReturnType<typeof crmReviews.loader>>>(platform, crmReviews.loader as RouteHandler, page("/crm/reviews", staff));
    const target = returned!.reviews[0]!;
    expect(returned!.total).toBeGreaterThan(returned!.reviews.length);
    expect(returned!.reviews.every((review) => review.replyHtml === null)).toBe(true);
    const { thrown } = await call(
      platform,
      crmReviews.action as RouteHandler,
      post(
        "/crm/reviews",
        [
          ["review", String(target.id)],
          ["comment", "たろう様\nご感想ありがとうございます。<厚手>もございます。"],
          ["intent", "save"],
          ["back", "/crm/reviews?filter=unreplied&page=0"],
        ],
        staff,
      ),
    );
    expect(redirectTo(thrown)).toBe(`/crm/reviews?filter=unreplied&page=0&notice=saved#review-${target.id}`);
    const [row] = await platform.db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(row).toMatchObject({ commentUserId: STAFF_ID, comment: "<p>たろう様<br>ご感想ありがとうございます。&#60;厚手&#62;もございます。</p>" });
    const productId = row!.productId;
    let found: { id: number; comment: string | null; comment_user: string | null } | undefined;
    for (let reviewPage = 0; !found && reviewPage < 10; reviewPage++) {
      const api = await call<Response>(
        platform,
        reviewsLoad.action as RouteHandler,
        apiRequest(`/api/product/reviews/load/${productId}?page=${reviewPage}`, { mode: "cors" }),
        { id: String(productId) },
      );
      const body = (await api.returned!.json()) as { reviews: { id: number; comment: string | null; comment_user: string | null }[] };
      found = body.reviews.find((review) => review.id === target.id);
    }
    expect(found).toMatchObject({ comment_user: "スタッフ", comment: expect.stringContaining("ご感想ありがとうございます。") });
    const unrepliedAfter = await call<Awaited<ReturnType<typeof crmReviews.loader>>>(
      platform,
      crmReviews.loader as RouteHandler,
      page("/crm/reviews?filter=unreplied", staff),
    );
    expect(unrepliedAfter.returned!.reviews.some((review) => review.id === target.id)).toBe(false);
    const replied = await call<Awaited<ReturnType<typeof crmReviews.loader>>>(
      platform,
      crmReviews.loader as RouteHandler,
      page("/crm/reviews?filter=replied", staff),
    );
    expect(replied.returned!.reviews.find((review) => review.id === target.id)).toMatchObject({
      replyText: "たろう様\nご感想ありがとうございます。<厚手>もございます。",
    });
  });

  it("removes a reply, and refuses an empty one and an unknown review", async ({ platform, staff }) => {
    const [row] = await platform.db.select().from(reviews).where(eq(reviews.commentUserId, STAFF_ID)).orderBy(desc(reviews.commentedAt)).limit(1);
    const empty = await call<DataResult<{ error: string }>>(
      platform,
      crmReviews.action as RouteHandler,
      post(
        "/crm/reviews",
        [
          ["review", String(row!.id)],
          ["comment", "  "],
        ],
        staff,
        "cors",
      ),
    );
    expect(empty.returned!.data.error).toBe("返信を入力してください");
    const unknown = await call<DataResult<{ error: string }>>(
      platform,
      crmReviews.action as RouteHandler,
      post(
        "/crm/reviews",
        [
          ["review", "99999"],
          ["comment", "x"],
        ],
        staff,
        "cors",
      ),
    );
    expect(unknown.returned!.init?.status).toBe(404);
    await call(
      platform,
      crmReviews.action as RouteHandler,
      post(
        "/crm/reviews",
        [
          ["review", String(row!.id)],
          ["intent", "remove"],
        ],
        staff,
        "cors",
      ),
    );
    const [after] = await platform.db.select().from(reviews).where(eq(reviews.id, row!.id));
    expect(after).toMatchObject({ comment: null, commentUserId: null, commentedAt: null });
  });
});

describe("scheduled maintenance (server.ts `scheduled`)", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("closes tickets waiting 7 days for confirmation with a mail, leaves younger ones, and is idempotent", async ({ platform }) => {
    const now = new Date(Date.now() + 30 * DAY);
    const make = async (requestedDaysAgo: number) => {
      const [row] = await platform.db
        .insert(tickets)
        .values({
          userId: OTHER_ID,
          priority: "medium",
          category: "その他",
          trouble: "その他",
          description: "x",
          formSession: newSession(),
          confirmation: "waiting",
          confirmationRequestedAt: new Date(now.getTime() - requestedDaysAgo * DAY),
        })
        .returning({ id: tickets.id });
      return row!.id;
    };
    const old = await make(7);
    const young = await make(6.9);
    const mailsBefore = (await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID))).length;
    const result = await runTicketMaintenance(platform.db, platform.env.ATTACHMENTS, TEST_REPLY_MAIL, now);
    expect(result.closed).toContain(old);
    expect(result.closed).not.toContain(young);
    const [closed] = await platform.db.select().from(tickets).where(eq(tickets.id, old));
    expect(closed).toMatchObject({ status: "close", confirmation: "waiting" });
    expect(closed!.closedAt?.getTime()).toBe(now.getTime());
    const [open] = await platform.db.select().from(tickets).where(eq(tickets.id, young));
    expect(open!.status).toBe("doing");
    const mails = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID));
    expect(mails.length).toBe(mailsBefore + result.closed.length);
    expect(mails.some((mail) => mail.title === `【お問い合わせ #${old}】お問い合わせを終了しました`)).toBe(true);
    const again = await runTicketMaintenance(platform.db, platform.env.ATTACHMENTS, TEST_REPLY_MAIL, now);
    expect(again.closed).toEqual([]);
    expect((await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID))).length).toBe(mails.length);
  });

  it("purges uploads never sent after 24 hours, from D1 and R2, and keeps sent ones", async ({ platform, member }) => {
    const stale = await uploaded(platform, member);
    const [row] = await platform.db.select().from(media).where(eq(media.id, stale.id));
    await platform.db
      .update(media)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(media.id, stale.id));
    const fresh = await uploaded(platform, member);
    const result = await runTicketMaintenance(platform.db, platform.env.ATTACHMENTS, TEST_REPLY_MAIL, new Date());
    expect(result.purgedMedia).toBeGreaterThanOrEqual(1);
    expect(await platform.db.select().from(media).where(eq(media.id, stale.id))).toHaveLength(0);
    expect(await platform.env.ATTACHMENTS.head(row!.r2Key)).toBeNull();
    expect(await platform.db.select().from(media).where(eq(media.id, fresh.id))).toHaveLength(1);
    const sent = await platform.db.select().from(media).where(isNotNull(media.ticketMessageId));
    expect(sent.length).toBeGreaterThan(0);
    for (const item of sent) expect(await platform.env.ATTACHMENTS.head(item.r2Key)).not.toBeNull();
  });
});
