/**
 * Staff-recorded returns and exchange replacements over HTTP on real local D1/R2 (issue 38 item 6): the
 * record form at /crm/orders/{id}/return (JS off: photos posted as files), the desk's refund method by
 * payment, the replacement's steps on /crm/returns/{id} with Japanese refusals, what the shopper's order
 * page shows, and who may reach each route.
 */
import { describe, expect } from "vitest";
import { REPLACEMENT_TEXT, STAFF_RETURN_TEXT } from "~/core/returns/staff-returns";
import { MEMBER_ID } from "~/services/seed/people";
import * as recordPage from "~/routes/crm.orders.$orderId_.return";
import * as deskPage from "~/routes/crm.returns.$returnId";
import * as orderPage from "~/routes/user.orders.$id._index";
import * as mediaRoute from "~/routes/crm.customer.media.$mediaId.$size";
import type { OrderReturnsView, ReturnDeskView, ReturnFormData } from "~/web/types/returns";
import { fileOf, pngBytes } from "../support/images";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";
import { deliveredOrder } from "../support/returns";

const now = seedClock();
const it = platformTest();
const h = (module: { loader?: unknown; action?: unknown }, which: "loader" | "action") => module[which] as RouteHandler;

function multipart(path: string, form: FormData, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

function formOf(data: ReturnFormData, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("token", data.token);
  form.set("kind", "exchange");
  form.set("reason", "damaged");
  form.set("details", "お電話で承りました");
  data.lines.forEach((line, index) => {
    form.set(`lines[${index}].id`, String(line.id));
    form.set(`lines[${index}].quantity`, index === 0 ? "1" : "0");
  });
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function recordForm(platform: TestPlatform, staff: string, orderId: number) {
  return valueOf<ReturnFormData>(
    await run(platform, h(recordPage, "loader"), pageRequest(`/crm/orders/${orderId}/return`, staff), { orderId: String(orderId) }),
  );
}

const desk = async (platform: TestPlatform, staff: string, returnId: number) =>
  valueOf<ReturnDeskView>(await run(platform, h(deskPage, "loader"), pageRequest(`/crm/returns/${returnId}`, staff), { returnId: String(returnId) }));
const post = (platform: TestPlatform, cookie: string | undefined, returnId: number, fields: Record<string, string>) =>
  run(platform, h(deskPage, "action"), postRequest(`/crm/returns/${returnId}`, fields, { cookie, mode: "navigate" }), { returnId: String(returnId) });

describe("staff record an exchange and ship its replacement", () => {
  it("without JS: the form with a photo file, approve, receive, arrange and ship; the shopper's page shows the replacement", async ({
    platform,
    staff,
    member,
  }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const data = await recordForm(platform, staff, order.id);
    expect(data.lines).toMatchObject([{ id: order.lines[0]!.id, max: 2 }]);
    const params = { orderId: String(order.id) };
    const bad = await run(
      platform,
      h(recordPage, "action"),
      multipart(`/crm/orders/${order.id}/return`, formOf(data, { "lines[0].quantity": "3" }), staff),
      params,
    );
    expect(bad.status).toBe(409);
    const form = formOf(data);
    form.append("file", fileOf(pngBytes(3, 3), "box.png", "image/png"));
    const posted = await run(platform, h(recordPage, "action"), multipart(`/crm/orders/${order.id}/return`, form, staff), params);
    expect(posted.status).toBe(303);
    const location = posted.response!.headers.get("Location")!;
    expect(location).toMatch(/^\/crm\/returns\/\d+\?notice=recorded#result$/);
    const returnId = Number(/\/crm\/returns\/(\d+)/.exec(location)![1]);
    const recorded = await valueOf<ReturnDeskView>(
      await run(platform, h(deskPage, "loader"), pageRequest(`/crm/returns/${returnId}?notice=recorded`, staff), { returnId: String(returnId) }),
    );
    expect(recorded).toMatchObject({ notice: STAFF_RETURN_TEXT.created, request: { kind: "exchange", recordedByStaff: true, status: "requested" } });
    // 代金引換, delivered: the cash was taken at the door, so a refund would be a transfer.
    expect(recorded.refundMethodDefault).toBe("bank_transfer");

    expect((await post(platform, staff, returnId, { intent: "approve", message: "着払いでお送りください" })).status).toBe(303);
    expect((await post(platform, staff, returnId, { intent: "receive", method: "other", restock: "" })).status).toBe(303);
    const prepared = await post(platform, staff, returnId, { intent: "prepare_replacement" });
    expect(prepared.response?.headers.get("Location")).toBe(`/crm/returns/${returnId}?notice=prepared#result`);
    const wrong = await post(platform, staff, returnId, { intent: "ship_replacement", carrier: "yamato", tracking_number: "abc" });
    expect(wrong.status).toBe(400);
    expect(await valueOf(wrong)).toEqual({ intent: "ship_replacement", error: expect.stringContaining("お問い合わせ番号") });
    const shipped = await post(platform, staff, returnId, { intent: "ship_replacement", carrier: "yamato", tracking_number: "1234-5678-9012" });
    expect(shipped.response?.headers.get("Location")).toBe(`/crm/returns/${returnId}?notice=shipped#result`);
    const again = await post(platform, staff, returnId, { intent: "ship_replacement", carrier: "yamato", tracking_number: "1234-5678-9012" });
    expect(await valueOf(again)).toEqual({ intent: "ship_replacement", error: REPLACEMENT_TEXT.alreadyShipped });
    expect((await desk(platform, staff, returnId)).request.replacement).toMatchObject({ status: "shipped", trackingNumber: "123456789012" });

    const page = await valueOf<{ returns: OrderReturnsView }>(
      await run(platform, h(orderPage, "loader"), pageRequest(`/user/orders/${order.id}`, member), { id: String(order.id) }),
    );
    const shown = page.returns.requests.find((request) => request.id === returnId)!;
    expect(shown).toMatchObject({ recordedByStaff: true, replacement: { status: "shipped", trackingNumber: "123456789012" } });
    // The customer sees the photo staff took.
    const photo = shown.photos[0]!;
    expect(
      (await run(platform, h(mediaRoute, "loader"), pageRequest(`/crm/customer/media/${photo.id}/m`, member), { mediaId: String(photo.id), size: "m" })).status,
    ).toBe(200);
  });
});

describe("ownership", () => {
  it("the record form and the replacement steps are staff's only", async ({ platform, staff, member, merchant }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const data = await recordForm(platform, staff, order.id);
    const params = { orderId: String(order.id) };
    const status = async (handler: RouteHandler, request: Request, routeParams: Record<string, string>) =>
      (await run(platform, handler, request, routeParams)).status;
    for (const [cookie, expected] of [
      [member, 403],
      [merchant, 403],
      [undefined, 302],
    ] as const) {
      expect(await status(h(recordPage, "loader"), pageRequest(`/crm/orders/${order.id}/return`, cookie), params)).toBe(expected);
      expect(await status(h(recordPage, "action"), multipart(`/crm/orders/${order.id}/return`, formOf(data), cookie), params)).toBe(expected);
    }
    const made = await run(platform, h(recordPage, "action"), multipart(`/crm/orders/${order.id}/return`, formOf(data), staff), params);
    const returnId = Number(/\/crm\/returns\/(\d+)/.exec(made.response!.headers.get("Location")!)![1]);
    for (const [cookie, expected] of [
      [member, 403],
      [merchant, 403],
      [undefined, 302],
    ] as const) {
      expect((await post(platform, cookie, returnId, { intent: "prepare_replacement" })).status).toBe(expected);
    }
    expect(await status(h(recordPage, "loader"), pageRequest("/crm/orders/99999/return", staff), { orderId: "99999" })).toBe(404);
  });
});
