/**
 * The return pages over HTTP on real local D1/R2: the shopper's form (photos uploaded as gallery[] with
 * JS, posted as files without), its Japanese refusals, the order page's section, staff's listing and
 * decisions, the photos served to staff and the requester only, and the ownership matrix of every route.
 */
import { describe, expect } from "vitest";
import { RETURN_TEXT } from "~/core/returns/return-requests";
import { MEMBER_ID } from "~/services/seed/people";
import * as orderPage from "~/routes/user.orders.$id._index";
import * as returnPage from "~/routes/user.orders.$id.return";
import * as deskList from "~/routes/crm.returns._index";
import * as deskPage from "~/routes/crm.returns.$returnId";
import * as mediaRoute from "~/routes/crm.customer.media.$mediaId.$size";
import * as upload from "~/routes/crm.customer.media.upload";
import type { OrderReturnsView, ReturnDeskView, ReturnFormData } from "~/web/types/returns";
import type { ListingPageData } from "~/components/listing/Listing";
import type { ReturnRow } from "~/web/types/returns";
import { fileOf, pngBytes } from "../support/images";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { pageRequest, postRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";
import { deliveredOrder } from "../support/returns";

const now = seedClock();
const it = platformTest();

function multipart(path: string, form: FormData, cookie?: string, mode: "cors" | "navigate" = "cors"): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": mode, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

const h = (module: { loader?: unknown; action?: unknown }, which: "loader" | "action") => module[which] as RouteHandler;

async function requestForm(platform: TestPlatform, cookie: string, orderId: number) {
  return valueOf<ReturnFormData>(await run(platform, h(returnPage, "loader"), pageRequest(`/user/orders/${orderId}/return`, cookie), { id: String(orderId) }));
}

function formOf(data: ReturnFormData, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("token", data.token);
  form.set("kind", "return");
  form.set("reason", "damaged");
  form.set("details", "箱がつぶれていました");
  data.lines.forEach((line, index) => {
    form.set(`lines[${index}].id`, String(line.id));
    form.set(`lines[${index}].quantity`, index === 0 ? "1" : "0");
  });
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the shopper's request form", () => {
  it("with JS: uploaded photos sent as gallery[] join the request; the order page shows it", async ({ platform, member }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const before = await valueOf<{ returns: OrderReturnsView }>(
      await run(platform, h(orderPage, "loader"), pageRequest(`/user/orders/${order.id}`, member), { id: String(order.id) }),
    );
    expect(before.returns).toMatchObject({ canRequest: true, requests: [] });
    const data = await requestForm(platform, member, order.id);
    expect(data.lines).toMatchObject([{ id: order.lines[0]!.id, max: 2 }]);
    const uploadForm = new FormData();
    uploadForm.append("file", fileOf(pngBytes(2, 2), "photo.png", "image/png"));
    const uploaded = (await (await run(platform, h(upload, "action"), multipart("/crm/customer/media/upload", uploadForm, member))).response!.json()) as {
      id: number;
    };
    const form = formOf(data);
    form.append("gallery[]", String(uploaded.id));
    const posted = await run(platform, h(returnPage, "action"), multipart(`/user/orders/${order.id}/return`, form, member), { id: String(order.id) });
    expect(posted.status).toBe(303);
    expect(posted.response!.headers.get("Location")).toBe(`/user/orders/${order.id}?notice=return_created#result`);
    const after = await valueOf<{ returns: OrderReturnsView }>(
      await run(platform, h(orderPage, "loader"), pageRequest(`/user/orders/${order.id}?notice=return_created`, member), { id: String(order.id) }),
    );
    expect(after.returns.notice).toBe(RETURN_TEXT.created);
    expect(after.returns.requests).toMatchObject([{ status: "requested", lines: [{ quantity: 1 }], photos: [{ id: uploaded.id }] }]);
  });

  it("without JS: files posted with the form are stored and attached; refusals come back per field in Japanese", async ({ platform, member }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const data = await requestForm(platform, member, order.id);
    const bad = await run(
      platform,
      h(returnPage, "action"),
      multipart(`/user/orders/${order.id}/return`, formOf(data, { reason: "", "lines[0].quantity": "0" }), member, "navigate"),
      {
        id: String(order.id),
      },
    );
    expect(bad.status).toBe(400);
    const reply = (await valueOf<{ reply: { error: Record<string, string[]> } }>(bad)).reply;
    expect(reply.error).toMatchObject({ reason: [RETURN_TEXT.reason], lines: [RETURN_TEXT.lines] });
    const form = formOf(data);
    form.append("file", fileOf(pngBytes(3, 3), "a.png", "image/png"));
    const posted = await run(platform, h(returnPage, "action"), multipart(`/user/orders/${order.id}/return`, form, member, "navigate"), {
      id: String(order.id),
    });
    expect(posted.status).toBe(303);
    const view = await valueOf<{ returns: OrderReturnsView }>(
      await run(platform, h(orderPage, "loader"), pageRequest(`/user/orders/${order.id}`, member), { id: String(order.id) }),
    );
    expect(view.returns.requests[0]!.photos).toHaveLength(1);
  });
});

describe("ownership", () => {
  it("each route answers only its owner and staff", async ({ platform, member, other, staff, merchant }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const data = await requestForm(platform, member, order.id);
    const form = formOf(data);
    const uploadForm = new FormData();
    uploadForm.append("file", fileOf(pngBytes(2, 2), "photo.png", "image/png"));
    const photo = (await (await run(platform, h(upload, "action"), multipart("/crm/customer/media/upload", uploadForm, member))).response!.json()) as {
      id: number;
    };
    form.append("gallery[]", String(photo.id));
    expect((await run(platform, h(returnPage, "action"), multipart(`/user/orders/${order.id}/return`, form, member), { id: String(order.id) })).status).toBe(
      303,
    );
    const list = await valueOf<{ page: ListingPageData<ReturnRow> }>(await run(platform, h(deskList, "loader"), pageRequest("/crm/returns", staff)));
    const returnId = list.page.rows[0]!.id;
    const orderParams = { id: String(order.id) };
    const deskParams = { returnId: String(returnId) };
    const photoParams = { mediaId: String(photo.id), size: "m" };

    const status = async (handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
      (await run(platform, handler, request, params)).status;
    const formPost = (cookie?: string) => multipart(`/user/orders/${order.id}/return`, formOf(data), cookie);
    const decide = (cookie?: string) => postRequest(`/crm/returns/${returnId}`, { intent: "refuse", message: "x" }, { cookie });

    // The order's owner; another member sees nothing of it (404); anonymous goes to the login.
    expect(await status(h(returnPage, "loader"), pageRequest(`/user/orders/${order.id}/return`, member), orderParams)).toBe(200);
    expect(await status(h(returnPage, "loader"), pageRequest(`/user/orders/${order.id}/return`, other), orderParams)).toBe(404);
    expect(await status(h(returnPage, "loader"), pageRequest(`/user/orders/${order.id}/return`, merchant), orderParams)).toBe(404);
    expect(await status(h(returnPage, "loader"), pageRequest(`/user/orders/${order.id}/return`, staff), orderParams)).toBe(404);
    expect(await status(h(returnPage, "loader"), pageRequest(`/user/orders/${order.id}/return`), orderParams)).toBe(302);
    expect(await status(h(returnPage, "action"), formPost(other), orderParams)).toBe(404);
    expect(await status(h(returnPage, "action"), formPost(), orderParams)).toBe(302);

    // Staff's desk: staff only; members and merchants 403; anonymous to the login.
    for (const [cookie, expected] of [
      [staff, 200],
      [member, 403],
      [other, 403],
      [merchant, 403],
      [undefined, 302],
    ] as const) {
      expect(await status(h(deskList, "loader"), pageRequest("/crm/returns", cookie))).toBe(expected);
      expect(await status(h(deskPage, "loader"), pageRequest(`/crm/returns/${returnId}`, cookie), deskParams)).toBe(expected);
      if (expected !== 200) expect(await status(h(deskPage, "action"), decide(cookie), deskParams)).toBe(expected);
    }
    expect(await status(h(deskPage, "loader"), pageRequest("/crm/returns/99999", staff), { returnId: "99999" })).toBe(404);

    // The photo: staff and the requester; nobody else.
    for (const [cookie, expected] of [
      [staff, 200],
      [member, 200],
      [other, 404],
      [merchant, 404],
    ] as const) {
      expect(await status(h(mediaRoute, "loader"), pageRequest(`/crm/customer/media/${photo.id}/m`, cookie), photoParams)).toBe(expected);
    }
    expect(await status(h(mediaRoute, "loader"), pageRequest(`/crm/customer/media/${photo.id}/m`), photoParams)).toBe(302);
  });
});

describe("staff's desk", () => {
  it("lists by status and decides: a missing message is refused in Japanese; approve, then receive records the refund", async ({ platform, member, staff }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const data = await requestForm(platform, member, order.id);
    await run(platform, h(returnPage, "action"), multipart(`/user/orders/${order.id}/return`, formOf(data, { reason: "changed_mind" }), member), {
      id: String(order.id),
    });
    const listed = await valueOf<{ page: ListingPageData<ReturnRow> }>(
      await run(platform, h(deskList, "loader"), pageRequest("/crm/returns?status=requested", staff)),
    );
    const row = listed.page.rows.find((candidate) => candidate.orderId === order.id)!;
    expect(row).toMatchObject({ status: "requested", kind: "return", items: 1, orderNumber: order.number });
    const params = { returnId: String(row.id) };
    const empty = await run(
      platform,
      h(deskPage, "action"),
      postRequest(`/crm/returns/${row.id}`, { intent: "approve", message: " " }, { cookie: staff }),
      params,
    );
    expect(empty.status).toBe(400);
    expect(await valueOf(empty)).toEqual({ intent: "approve", error: RETURN_TEXT.staffMessageRequired });
    const approved = await run(
      platform,
      h(deskPage, "action"),
      postRequest(`/crm/returns/${row.id}`, { intent: "approve", message: "元払いでお送りください" }, { cookie: staff, mode: "navigate" }),
      params,
    );
    expect(approved.response?.headers.get("Location")).toBe(`/crm/returns/${row.id}?notice=approved#result`);
    const again = await run(
      platform,
      h(deskPage, "action"),
      postRequest(`/crm/returns/${row.id}`, { intent: "approve", message: "x" }, { cookie: staff }),
      params,
    );
    expect(again.status).toBe(409);
    expect(await valueOf(again)).toEqual({ intent: "approve", error: RETURN_TEXT.notRequested });
    const desk = await valueOf<ReturnDeskView>(await run(platform, h(deskPage, "loader"), pageRequest(`/crm/returns/${row.id}`, staff), params));
    expect(desk).toMatchObject({ restockDefault: true, refundPreview: order.lines[0]!.unitPrice, order: { id: order.id } });
    expect(desk.history.map((entry) => entry.label)).toEqual(["返品・交換の申請", "返品・交換の承認"]);
    const received = await run(
      platform,
      h(deskPage, "action"),
      postRequest(`/crm/returns/${row.id}`, { intent: "receive", method: "bank_transfer", restock: "1" }, { cookie: staff }),
      params,
    );
    expect(received.status).toBe(303);
    const shopper = await valueOf<{ returns: OrderReturnsView }>(
      await run(platform, h(orderPage, "loader"), pageRequest(`/user/orders/${order.id}`, member), { id: String(order.id) }),
    );
    expect(shopper.returns.requests[0]).toMatchObject({
      status: "received",
      staffMessage: "元払いでお送りください",
      refund: { amount: order.lines[0]!.unitPrice, method: "bank_transfer" },
    });
  });
});
