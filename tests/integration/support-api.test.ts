/**
 * Support tickets' JSON endpoints (spec §7 "Tickets") and attachments, on a real migrated and seeded local
 * D1 and a real local R2 bucket: every /crm/api/* route and the media upload/serving routes, called as the
 * browser would, with a customer, another customer and staff — ownership checked on each.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ticketStateFromHeaders } from "~/core/tickets/ticket-polling";
import { TICKET_API_HEADER, TICKET_TEXT } from "~/core/tickets/tickets";
import { exifOrientation } from "~/core/catalogue/image-metadata";
import { MEDIA_PENDING_LIMIT } from "~/core/limits";
import { media, notificationMails, ticketMessages, tickets, users } from "~/db/schema";
import { MEMBER_ID, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import * as loadNew from "~/routes/crm.api.$module.messages.load-new-messages";
import * as loadMessages from "~/routes/crm.api.$module.messages.load.$ticketId";
import * as receive from "~/routes/crm.api.$module.messages.receive.$ticketId";
import * as send from "~/routes/crm.api.$module.messages.send.$ticketId";
import * as loadProduct from "~/routes/crm.api.customers.load-product.$productId";
import * as pastOrdersRoute from "~/routes/crm.api.customers.past-orders.$customerId";
import * as confirmation from "~/routes/crm.api.tickets.confirmation.$ticketId.$answer";
import * as serveMedia from "~/routes/crm.customer.media.$mediaId.$size";
import * as upload from "~/routes/crm.customer.media.upload";
import { MEDIA_TEXT, type MediaItem } from "~/services/media.server";
import type { ThreadMessage } from "~/services/tickets/tickets.server";
import { productBySku } from "~/services/seed/catalogue";
import { fileOf, GIF_1X1, jpegHeader, pngBytes, pngClaimingBytes, webpLosslessHeader } from "../support/images";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { memberCookie, responseOf, TEST_ORIGIN, type RouteHandler } from "../support/requests";

const it = platformTest();

const respond = (platform: TestPlatform, handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
  responseOf(platform, handler, request, params);

const get = (
  platform: TestPlatform,
  handler: RouteHandler,
  path: string,
  cookie: string | undefined,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) => {
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin", ...headers },
  });
  return respond(platform, handler, request, params);
};

/** A multipart POST as fetch() or a form sends it. */
function multipart(path: string, form: FormData, cookie?: string, mode: "cors" | "navigate" = "cors"): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": mode, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

async function uploadFile(platform: TestPlatform, cookie: string, file: File): Promise<Response> {
  const form = new FormData();
  form.append("file", file);
  return respond(platform, upload.action as RouteHandler, multipart("/crm/customer/media/upload", form, cookie));
}

async function uploaded(platform: TestPlatform, cookie: string, file: File = fileOf(pngBytes(2, 3), "photo.png", "image/png")): Promise<MediaItem> {
  const response = await uploadFile(platform, cookie, file);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as MediaItem;
}

function sendRequest(platform: TestPlatform, ticketId: number, cookie: string, fields: [string, string | File][], mode: "cors" | "navigate" = "cors") {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return respond(platform, send.action as RouteHandler, multipart(`/crm/api/customers/messages/send/${ticketId}`, form, cookie, mode), {
    module: "customers",
    ticketId: String(ticketId),
  });
}

/** A fresh open ticket of `userId`, with the first message. */
async function openTicket(platform: TestPlatform, userId: number, description = "テストのお問い合わせです。"): Promise<number> {
  const [row] = await platform.db
    .insert(tickets)
    .values({
      userId,
      priority: "medium",
      category: "その他",
      trouble: "その他",
      description,
      formSession: String(Date.now() + Math.random())
        .replace(".", "")
        .slice(0, 16),
    })
    .returning({ id: tickets.id });
  await platform.db.insert(ticketMessages).values({ ticketId: row!.id, message: description });
  return row!.id;
}

describe("POST /crm/customer/media/upload", () => {
  it("stores a PNG in R2 under an unguessable key and answers the media item", async ({ platform, member }) => {
    const item = await uploaded(platform, member);
    expect(item).toMatchObject({ ext: "png", folder: "tickets", width: 2, height: 3 });
    expect(item.filename).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(item.thumbnail_m).toBe(`/crm/customer/media/${item.id}/m`);
    expect(item.thumbnail_xl).toBe(`/crm/customer/media/${item.id}/xl`);
    const [row] = await platform.db.select().from(media).where(eq(media.id, item.id));
    expect(row).toMatchObject({ ownerUserId: MEMBER_ID, r2Key: `tickets/${item.filename}`, contentType: "image/png", ticketMessageId: null });
    const object = await platform.env.ATTACHMENTS.get(row!.r2Key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pngBytes(2, 3));
  });

  it("accepts a PNG renamed .txt (the bytes decide) and JPEG, GIF and WebP by their bytes", async ({ platform, member }) => {
    expect(await uploaded(platform, member, fileOf(pngBytes(), "notes.txt", "text/plain"))).toMatchObject({ ext: "png" });
    expect(await uploaded(platform, member, fileOf(jpegHeader(640, 480), "a.jpeg", "image/jpeg"))).toMatchObject({ ext: "jpg", width: 640, height: 480 });
    expect(await uploaded(platform, member, fileOf(GIF_1X1, "a.gif"))).toMatchObject({ ext: "gif", width: 1, height: 1 });
    expect(await uploaded(platform, member, fileOf(webpLosslessHeader(2, 3), "a.webp"))).toMatchObject({ ext: "webp", width: 2, height: 3 });
  });

  it("refuses a text file renamed .png (415), an SVG, an empty part and a guest", async ({ platform, member }) => {
    const before = await platform.db.select().from(media);
    const text = await uploadFile(platform, member, fileOf(new TextEncoder().encode("hello, not an image"), "photo.png", "image/png"));
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: MEDIA_TEXT.notImage });
    const svg = await uploadFile(platform, member, fileOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "a.svg", "image/svg+xml"));
    expect(svg.status).toBe(415);
    const empty = await uploadFile(platform, member, fileOf(new Uint8Array(), "a.png", "image/png"));
    expect(empty.status).toBe(400);
    const guest = await uploadFile(platform, "", fileOf(pngBytes(), "a.png"));
    expect(guest.status).toBe(401);
    expect(await platform.db.select().from(media)).toHaveLength(before.length);
  });

  it("refuses a file over the size limit (413) and two files in one upload", async ({ platform, member }) => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pngBytes());
    expect((await uploadFile(platform, member, fileOf(big, "big.png"))).status).toBe(413);
    const form = new FormData();
    form.append("file", fileOf(pngBytes(), "a.png"));
    form.append("file", fileOf(pngBytes(), "b.png"));
    const two = await respond(platform, upload.action as RouteHandler, multipart("/crm/customer/media/upload", form, member));
    expect(two.status).toBe(400);
    expect(await two.json()).toEqual({ error: MEDIA_TEXT.oneFileOnly });
  });
});

describe("the pixel limit of attachments (the product photos')", () => {
  it("refuses a 60,000×60,000 PNG of a few hundred bytes (413, in Japanese) and stores nothing; the limit itself passes", async ({ platform, member }) => {
    const before = await platform.db.select().from(media);
    const bomb = pngClaimingBytes(60_000, 60_000);
    expect(bomb.byteLength).toBeLessThan(10_000);
    const refused = await uploadFile(platform, member, fileOf(bomb, "bomb.png", "image/png"));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: MEDIA_TEXT.tooManyPixels });
    expect(MEDIA_TEXT.tooManyPixels).toBe("画像の縦横が大きすぎます（一辺12,000ピクセル・1億画素まで）。");
    const wide = await uploadFile(platform, member, fileOf(jpegHeader(12_001, 10), "wide.jpg", "image/jpeg"));
    expect(wide.status).toBe(413);
    expect(await platform.db.select().from(media)).toHaveLength(before.length);
    expect(await uploaded(platform, member, fileOf(jpegHeader(12_000, 8_000), "limit.jpg", "image/jpeg"))).toMatchObject({ width: 12_000, height: 8_000 });
  });

  it("refuses the same file sent with the message without JS: back to the thread with the message's code, nothing sent", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const response = await sendRequest(
      platform,
      ticketId,
      member,
      [
        ["message", "大きな画像"],
        ["file", fileOf(pngClaimingBytes(60_000, 60_000), "bomb.png", "image/png")],
      ],
      "navigate",
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/user/support/${ticketId}?error=tooManyPixels#reply`);
    expect(await platform.db.select().from(ticketMessages).where(eq(ticketMessages.message, "大きな画像"))).toEqual([]);
  });
});

describe("unsent uploads under concurrency, and photo metadata", () => {
  it("stores at most MEDIA_PENDING_LIMIT of 60 uploads sent at once (rows and R2 objects alike)", { timeout: 120_000 }, async ({ platform }) => {
    const [uploader] = await platform.db
      .insert(users)
      .values({ email: "burst-upload@example.jp", passwordHash: "x", lastname: "連続", firstname: "送信", lastnameJp: "レンゾク", firstnameJp: "ソウシン" })
      .returning({ id: users.id });
    const cookie = await memberCookie(platform, uploader!.id);
    const objectsBefore = (await platform.env.ATTACHMENTS.list({ prefix: "tickets/", limit: 1000 })).objects.length;
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => uploadFile(platform, cookie, fileOf(pngBytes(1, 1, [i, 0, 0]), `p${i}.png`))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MEDIA_PENDING_LIMIT);
    expect(statuses.filter((status) => status === 409)).toHaveLength(60 - MEDIA_PENDING_LIMIT);
    const refused = responses.find((response) => response.status === 409)!;
    expect(await refused.json()).toEqual({ error: MEDIA_TEXT.pendingLimit });
    const rows = await platform.db.select().from(media).where(eq(media.ownerUserId, uploader!.id));
    expect(rows).toHaveLength(MEDIA_PENDING_LIMIT);
    const objectsAfter = (await platform.env.ATTACHMENTS.list({ prefix: "tickets/", limit: 1000 })).objects.length;
    expect(objectsAfter - objectsBefore).toBe(MEDIA_PENDING_LIMIT);
  });

  it("strips EXIF (GPS) from an uploaded JPEG on the server, keeping its orientation and size", async ({ platform, member }) => {
    const gps = [..."GPS 35.6812N 139.7671E"].map((char) => char.charCodeAt(0));
    const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, ...gps];
    const app1 = [0xff, 0xe1, 0, tiff.length + 8, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const plain = jpegHeader(640, 480);
    const photo = new Uint8Array([...plain.subarray(0, 20), ...app1, ...plain.subarray(20)]);
    const item = await uploaded(platform, member, fileOf(photo, "IMG_0001.jpg", "image/jpeg"));
    expect(item).toMatchObject({ ext: "jpg", width: 640, height: 480 });
    const [row] = await platform.db.select().from(media).where(eq(media.id, item.id));
    const stored = new Uint8Array(await (await platform.env.ATTACHMENTS.get(row!.r2Key))!.arrayBuffer());
    expect(Buffer.from(stored).includes(Buffer.from("GPS 35.6812N"))).toBe(false);
    expect(exifOrientation(stored.subarray(20, 56))).toBe(6);
    expect(row!.size).toBe(stored.byteLength);
  });
});

describe("GET /crm/customer/media/{id}/{size}", () => {
  it("serves an unsent upload only to its uploader (and staff); others get 404", async ({ platform, member, other, staff }) => {
    const item = await uploaded(platform, member);
    const mine = await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_xl, member, { mediaId: String(item.id), size: "xl" });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/png");
    expect(mine.headers.get("Cache-Control")).toBe("private, max-age=86400");
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(pngBytes(2, 3));
    expect((await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, staff, { mediaId: String(item.id), size: "m" })).status).toBe(200);
    const stranger = await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, other, { mediaId: String(item.id), size: "m" });
    expect(stranger.status).toBe(404);
    const guest = await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, undefined, { mediaId: String(item.id), size: "m" });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login/);
    expect((await get(platform, serveMedia.loader as RouteHandler, "/x", member, { mediaId: String(item.id), size: "huge" })).status).toBe(404);
  });

  it("once sent, serves the attachment to the ticket's customer and staff, not to another customer", async ({ platform, member, other, staff }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const item = await uploaded(platform, member);
    expect(
      (
        await sendRequest(platform, ticketId, member, [
          ["message", "写真です"],
          ["gallery[]", String(item.id)],
        ])
      ).status,
    ).toBe(200);
    const params = { mediaId: String(item.id), size: "m" };
    expect((await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, member, params)).status).toBe(200);
    expect((await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, staff, params)).status).toBe(200);
    expect((await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, other, params)).status).toBe(404);
    const cached = await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, member, params);
    const etag = cached.headers.get("ETag")!;
    expect((await get(platform, serveMedia.loader as RouteHandler, item.thumbnail_m, member, params, { "If-None-Match": etag })).status).toBe(304);
  });
});

describe("GET /crm/api/{module}/messages/load/{ticketId}", () => {
  it("answers the list of the seed ticket's messages with sender names, the state in headers, and marks staff replies read", async ({ platform, member }) => {
    const response = await get(platform, loadMessages.loader as RouteHandler, "/crm/api/customers/messages/load/1", member, {
      module: "customers",
      ticketId: "1",
    });
    expect(response.status).toBe(200);
    const messages = (await response.json()) as ThreadMessage[];
    expect(Array.isArray(messages)).toBe(true);
    expect(ticketStateFromHeaders(response.headers)).toEqual({ status: "doing", confirmation: null, updated: expect.any(Number) });
    expect(messages.map((message) => [message.name, message.fromadmin])).toEqual([
      ["山田 花子", null],
      ["カスタマーサービス", STAFF_ID],
      ["カスタマーサービス", STAFF_ID],
    ]);
    expect(messages[0]).toEqual(
      expect.objectContaining({ message: expect.stringContaining("まだ届いていません"), gallery: [], date_created: expect.any(String) }),
    );
    const unread = await platform.db
      .select()
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, 1), isNull(ticketMessages.readAt)));
    expect(unread).toHaveLength(0);
  });

  it("answers 404 to another customer, 404 for an unknown module, 401 to a guest, and serves staff", async ({ platform, member, other, staff }) => {
    const params = { module: "customers", ticketId: "1" };
    expect((await get(platform, loadMessages.loader as RouteHandler, "/crm/api/customers/messages/load/1", other, params)).status).toBe(404);
    expect((await get(platform, loadMessages.loader as RouteHandler, "/crm/api/x/messages/load/1", member, { module: "orders", ticketId: "1" })).status).toBe(
      404,
    );
    expect((await get(platform, loadMessages.loader as RouteHandler, "/crm/api/customers/messages/load/1", undefined, params)).status).toBe(401);
    expect((await get(platform, loadMessages.loader as RouteHandler, "/crm/api/customers/messages/load/1", staff, params)).status).toBe(200);
    expect(
      (await get(platform, loadMessages.loader as RouteHandler, "/crm/api/customers/messages/load/abc", member, { module: "customers", ticketId: "abc" }))
        .status,
    ).toBe(400);
  });
});

describe("GET /crm/api/{module}/messages/receive/{ticketId}", () => {
  it("without a cursor answers the messages this viewer has not seen yet, once", async ({ platform, member, staff }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const params = { module: "customers", ticketId: String(ticketId) };
    const url = `/crm/api/customers/messages/receive/${ticketId}`;
    // The customer's own first message is not new to them; staff have not seen it.
    expect(await (await get(platform, receive.loader as RouteHandler, url, member, params)).json()).toEqual([]);
    const forStaff = (await (await get(platform, receive.loader as RouteHandler, url, staff, params)).json()) as ThreadMessage[];
    expect(forStaff.map((message) => message.message)).toEqual(["テストのお問い合わせです。"]);
    expect(await (await get(platform, receive.loader as RouteHandler, url, staff, params)).json()).toEqual([]);

    await sendRequest(platform, ticketId, staff, [["message", "確認いたします。"]]);
    await sendRequest(platform, ticketId, staff, [["message", "少々お待ちください。"]]);
    const fresh = await get(platform, receive.loader as RouteHandler, url, member, params);
    expect(((await fresh.json()) as ThreadMessage[]).map((message) => [message.message, message.name])).toEqual([
      ["確認いたします。", "カスタマーサービス"],
      ["少々お待ちください。", "カスタマーサービス"],
    ]);
    expect(ticketStateFromHeaders(fresh.headers)).toMatchObject({ status: "doing", confirmation: null });
    expect(await (await get(platform, receive.loader as RouteHandler, url, member, params)).json()).toEqual([]);
  });

  it("with the since cursor answers 304 with no body when nothing changed, then only the new message", async ({ platform, member, staff }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const params = { module: "customers", ticketId: String(ticketId) };
    const first = await get(platform, loadMessages.loader as RouteHandler, `/crm/api/customers/messages/load/${ticketId}`, member, params);
    const all = (await first.json()) as ThreadMessage[];
    const updated = ticketStateFromHeaders(first.headers)!.updated;
    expect(all).toHaveLength(1);
    const url = `/crm/api/customers/messages/receive/${ticketId}?since=${all[0]!.id}&updated=${updated}`;
    const idle = await get(platform, receive.loader as RouteHandler, url, member, params);
    expect(idle.status).toBe(304);
    expect(await idle.text()).toBe("");

    const reply = await sendRequest(platform, ticketId, staff, [["message", "確認いたします。"]]);
    expect(reply.status).toBe(200);
    const fresh = await get(platform, receive.loader as RouteHandler, url, member, params);
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as ThreadMessage[]).map((message) => [message.message, message.name])).toEqual([["確認いたします。", "カスタマーサービス"]]);
    expect(ticketStateFromHeaders(fresh.headers)!.updated).toBeGreaterThan(updated);
  });

  it("reports a state change without a new message (staff asked for confirmation)", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const params = { module: "customers", ticketId: String(ticketId) };
    const start = await get(platform, loadMessages.loader as RouteHandler, `/x`, member, params);
    const messages = (await start.json()) as ThreadMessage[];
    const updated = ticketStateFromHeaders(start.headers)!.updated;
    await platform.db
      .update(tickets)
      .set({ confirmation: "waiting", updatedAt: new Date(updated + 1000) })
      .where(eq(tickets.id, ticketId));
    const changed = await get(platform, receive.loader as RouteHandler, `/x?since=${messages.at(-1)!.id}&updated=${updated}`, member, params);
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual([]);
    expect(ticketStateFromHeaders(changed.headers)).toMatchObject({ confirmation: "waiting" });
  });

  it("answers 404 to another customer", async ({ platform, other }) => {
    expect((await get(platform, receive.loader as RouteHandler, "/x?since=0", other, { module: "customers", ticketId: "1" })).status).toBe(404);
    expect((await get(platform, receive.loader as RouteHandler, "/x", other, { module: "customers", ticketId: "1" })).status).toBe(404);
  });
});

describe("POST /crm/api/{module}/messages/send/{ticketId}", () => {
  it("adds the customer's message with up to 3 images and answers the new message", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const items = [await uploaded(platform, member), await uploaded(platform, member), await uploaded(platform, member)];
    const response = await sendRequest(platform, ticketId, member, [
      ["message", "破損の写真を送ります。"],
      ...items.map((item): [string, string] => ["gallery[]", String(item.id)]),
    ]);
    expect(response.status).toBe(200);
    const message = (await response.json()) as ThreadMessage;
    expect(message).toMatchObject({ message: "破損の写真を送ります。", name: "山田 花子", fromadmin: null });
    expect(message.gallery.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(Object.keys(message.gallery[0]!).sort()).toEqual(["ext", "filename", "folder", "height", "id", "thumbnail_m", "thumbnail_xl", "width"]);
  });

  it("refuses 4 images on one message and changes nothing", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const items = [await uploaded(platform, member), await uploaded(platform, member), await uploaded(platform, member), await uploaded(platform, member)];
    const response = await sendRequest(platform, ticketId, member, [
      ["message", "4枚"],
      ...items.map((item): [string, string] => ["gallery[]", String(item.id)]),
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: TICKET_TEXT.tooManyAttachments, field: "file" });
    const messages = await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    expect(messages).toHaveLength(1);
    const attached = await platform.db.select().from(media).where(eq(media.id, items[0]!.id));
    expect(attached[0]!.ticketMessageId).toBeNull();
  });

  it("refuses 4 files sent with the form itself (no JS) and stores none of them", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const before = (await platform.db.select().from(media)).length;
    const files = [1, 2, 3, 4].map((n): [string, File] => ["file", fileOf(pngBytes(), `p${n}.png`, "image/png")]);
    const response = await sendRequest(platform, ticketId, member, [["message", "4枚"], ...files]);
    expect(response.status).toBe(400);
    expect((await platform.db.select().from(media)).length).toBe(before);
  });

  it("stores files sent with the form (no JS) and redirects back to the thread", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const response = await sendRequest(
      platform,
      ticketId,
      member,
      [
        ["message", "フォームから"],
        ["file", fileOf(pngBytes(4, 4), "a.png", "image/png")],
      ],
      "navigate",
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/user/support/${ticketId}?notice=sent#latest`);
    const [message] = await platform.db
      .select()
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.message, "フォームから")));
    const attached = await platform.db.select().from(media).where(eq(media.ticketMessageId, message!.id));
    expect(attached).toMatchObject([{ width: 4, height: 4, ext: "png" }]);
  });

  it("refuses an empty message, another customer's upload, and another customer's ticket", async ({ platform, member, other }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    const empty = await sendRequest(platform, ticketId, member, [["message", "  "]]);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: TICKET_TEXT.messageRequired, field: "message" });
    const theirs = await uploaded(platform, other);
    const stolen = await sendRequest(platform, ticketId, member, [
      ["message", "x"],
      ["gallery[]", String(theirs.id)],
    ]);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({ error: TICKET_TEXT.attachmentNotFound, field: "file" });
    const intruder = await sendRequest(platform, ticketId, other, [["message", "のぞき見"]]);
    expect(intruder.status).toBe(404);
    expect((await sendRequest(platform, ticketId, member, [["gallery[]", "abc"]])).status).toBe(400);
  });

  it("a staff reply is sent as カスタマーサービス and mails the customer in the same batch", async ({ platform, staff }) => {
    const ticketId = await openTicket(platform, OTHER_ID);
    const mailsBefore = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID));
    const response = await sendRequest(platform, ticketId, staff, [["message", "ご連絡ありがとうございます。"]]);
    expect(await response.json()).toMatchObject({ name: "カスタマーサービス", fromadmin: STAFF_ID });
    const mails = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, OTHER_ID));
    expect(mails).toHaveLength(mailsBefore.length + 1);
    expect(mails.at(-1)).toMatchObject({ title: `【お問い合わせ #${ticketId}】カスタマーサービスから返信があります`, readed: null });
    expect(mails.at(-1)!.content).toContain(`/user/support/${ticketId}`);
  });

  it("refuses messages on a closed ticket (409)", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    await platform.db.update(tickets).set({ status: "close" }).where(eq(tickets.id, ticketId));
    const response = await sendRequest(platform, ticketId, member, [["message", "まだ質問があります"]]);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: TICKET_TEXT.ticketClosed, field: "message" });
  });
});

describe("GET /crm/api/customers/messages/load-new-messages", () => {
  it("lists the customer's unread staff replies (the badge count) and answers 304 to a matching ETag", async ({ platform, other, staff }) => {
    const ticketId = await openTicket(platform, OTHER_ID);
    const url = "/crm/api/customers/messages/load-new-messages";
    const params = { module: "customers" };
    const before = (await (await get(platform, loadNew.loader as RouteHandler, url, other, params)).json()) as unknown[];
    await sendRequest(platform, ticketId, staff, [["message", "返信1"]]);
    await sendRequest(platform, ticketId, staff, [["message", "返信2"]]);
    const response = await get(platform, loadNew.loader as RouteHandler, url, other, params);
    const list = (await response.json()) as { ticket_id: number; name: string; message: string }[];
    expect(list).toHaveLength(before.length + 2);
    expect(list[0]).toMatchObject({ ticket_id: ticketId, name: "カスタマーサービス", message: "返信2" });
    const again = await get(platform, loadNew.loader as RouteHandler, url, other, params, { "If-None-Match": response.headers.get("ETag")! });
    expect(again.status).toBe(304);
    // Opening the thread reads them.
    await get(platform, loadMessages.loader as RouteHandler, "/x", other, { module: "customers", ticketId: String(ticketId) });
    expect(((await (await get(platform, loadNew.loader as RouteHandler, url, other, params)).json()) as unknown[]).length).toBe(before.length);
    expect((await get(platform, loadNew.loader as RouteHandler, url, undefined, params)).status).toBe(401);
  });
});

describe("GET /crm/api/tickets/confirmation/{ticketId}/{resolved|unresolved}", () => {
  const confirm = (platform: TestPlatform, ticketId: number, answer: string, cookie: string | undefined, headers: Record<string, string> = {}) =>
    get(
      platform,
      confirmation.loader as RouteHandler,
      `/crm/api/tickets/confirmation/${ticketId}/${answer}`,
      cookie,
      { ticketId: String(ticketId), answer },
      headers,
    );

  it("resolved closes a waiting ticket and tells the customer service was notified", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    await platform.db.update(tickets).set({ confirmation: "waiting", confirmationRequestedAt: new Date() }).where(eq(tickets.id, ticketId));
    const response = await confirm(platform, ticketId, "resolved", member);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ticket: { id: ticketId, status: "close", confirmation: "resolved" },
      label: "解決した",
      notice: "ご回答ありがとうございます。カスタマーサービスに通知しました。",
    });
    const again = await confirm(platform, ticketId, "unresolved", member);
    expect(again.status).toBe(409);
  });

  it("unresolved keeps the ticket open for customer service", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    await platform.db.update(tickets).set({ confirmation: "waiting", confirmationRequestedAt: new Date() }).where(eq(tickets.id, ticketId));
    expect(await (await confirm(platform, ticketId, "unresolved", member)).json()).toMatchObject({
      ticket: { status: "doing", confirmation: "unresolved" },
      label: "解決していない",
    });
  });

  it("refuses another customer (404), staff (404), a ticket not waiting (409), a bad answer, and other sites (403)", async ({
    platform,
    member,
    other,
    staff,
  }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    expect((await confirm(platform, ticketId, "resolved", member)).status).toBe(409);
    await platform.db.update(tickets).set({ confirmation: "waiting", confirmationRequestedAt: new Date() }).where(eq(tickets.id, ticketId));
    expect((await confirm(platform, ticketId, "resolved", other)).status).toBe(404);
    expect((await confirm(platform, ticketId, "resolved", staff)).status).toBe(404);
    expect((await confirm(platform, ticketId, "maybe", member)).status).toBe(404);
    expect((await confirm(platform, ticketId, "resolved", member, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    const [row] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ status: "doing", confirmation: "waiting" });
  });
});

describe("GET /crm/api/tickets/confirmation without Sec-Fetch-Site", () => {
  const bare = ({ platform, member }: { platform: TestPlatform; member: string }, ticketId: number, headers: Record<string, string>) =>
    respond(
      platform,
      confirmation.loader as RouteHandler,
      new Request(`${TEST_ORIGIN}/crm/api/tickets/confirmation/${ticketId}/resolved`, { headers: { Cookie: member, ...headers } }),
      {
        ticketId: String(ticketId),
        answer: "resolved",
      },
    );

  it("needs the app header when the browser does not say where the request came from", async ({ platform, member }) => {
    const ticketId = await openTicket(platform, MEMBER_ID);
    await platform.db.update(tickets).set({ confirmation: "waiting", confirmationRequestedAt: new Date() }).where(eq(tickets.id, ticketId));
    const refused = await bare({ platform, member }, ticketId, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "別のサイトからのリクエストのため、処理できませんでした。" });
    expect((await platform.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]).toMatchObject({ confirmation: "waiting" });
    const withHeader = await bare({ platform, member }, ticketId, { [TICKET_API_HEADER.name]: TICKET_API_HEADER.value });
    expect(withHeader.status).toBe(200);
    expect((await platform.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]).toMatchObject({ status: "close", confirmation: "resolved" });
  });
});

describe("GET /crm/api/customers/past-orders/{customerId}", () => {
  it("lists the member's own orders with their lines (§3 Past order)", async ({ platform, member }) => {
    const response = await get(platform, pastOrdersRoute.loader as RouteHandler, `/crm/api/customers/past-orders/${MEMBER_ID}`, member, {
      customerId: String(MEMBER_ID),
    });
    expect(response.status).toBe(200);
    const orders = (await response.json()) as {
      id: number;
      date_created: string;
      orderdetails: { id: number; sku: string; title: string; variation: { picture: string | null }; product: { id: number; picture: string | null } }[];
    }[];
    expect(orders.map((order) => order.id)).toEqual([4, 3, 2, 1]);
    expect(orders[0]!.orderdetails.map((line) => line.id)).toEqual([6, 7]);
    expect(orders[0]!.orderdetails[0]).toMatchObject({
      sku: "LIVING-BATHTOWEL",
      variation: { picture: null },
      product: { id: productBySku("LIVING-BATHTOWEL").id },
    });
    expect(orders[0]!.orderdetails[0]!.product.picture).toMatch(/living-bathtowel/);
  });

  it("refuses another customer's orders (403) and lets staff read anyone's", async ({ platform, other, staff }) => {
    expect((await get(platform, pastOrdersRoute.loader as RouteHandler, "/x", other, { customerId: String(MEMBER_ID) })).status).toBe(403);
    const staffView = await get(platform, pastOrdersRoute.loader as RouteHandler, "/x", staff, { customerId: String(OTHER_ID) });
    expect(((await staffView.json()) as { id: number }[]).map((order) => order.id)).toEqual([5]);
  });
});

describe("GET /crm/api/customers/load-product/{productId}", () => {
  it("answers a listed product; a private product only to someone who bought it, or staff", async ({ platform, member, staff }) => {
    const simple = productBySku("DEMO-SIMPLE");
    const response = await get(platform, loadProduct.loader as RouteHandler, "/x", member, { productId: String(simple.id) });
    expect(await response.json()).toMatchObject({ id: simple.id, sku: "DEMO-SIMPLE", url: "/category/living/DEMO-SIMPLE", status: "published" });
    const hidden = productBySku("DEMO-PRIVATE");
    expect((await get(platform, loadProduct.loader as RouteHandler, "/x", member, { productId: String(hidden.id) })).status).toBe(404);
    expect((await get(platform, loadProduct.loader as RouteHandler, "/x", staff, { productId: String(hidden.id) })).status).toBe(200);
    expect((await get(platform, loadProduct.loader as RouteHandler, "/x", member, { productId: "999999" })).status).toBe(404);
  });
});
