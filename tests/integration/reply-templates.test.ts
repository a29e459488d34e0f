/**
 * Reply templates (issue 36 item 5) on real local D1: staff create, edit (over the revision shown: a save
 * meanwhile wins, the other is told), and delete templates; a template naming an unknown {{variable}}, an
 * empty or overlong one is refused with a Japanese message and saves nothing; the staff ticket page offers the
 * templates filled from the ticket (customer 様, order number, parcels' tracking), and one chosen without JS
 * as the reply's draft; customers reach none of it.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { TEMPLATE_BODY_MAX_LENGTH, TEMPLATE_TEXT } from "~/core/tickets/reply-templates";
import { replyTemplates, tickets } from "~/db/schema";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as template from "~/routes/crm.templates.$templateId";
import * as templateList from "~/routes/crm.templates._index";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { ORDER4_TRACKING_NUMBER } from "~/services/seed/people";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const create = (platform: TestPlatform, cookie: string, fields: Record<string, string>) =>
  run(platform, templateList.action, postRequest("/crm/templates?index", fields, { cookie, mode: "navigate" }));
const edit = (platform: TestPlatform, cookie: string, id: number, fields: Record<string, string>) =>
  run(platform, template.action, postRequest(`/crm/templates/${id}`, fields, { cookie, mode: "navigate" }), { templateId: String(id) });
const countTemplates = async (platform: TestPlatform) => (await platform.db.select().from(replyTemplates)).length;

describe("/crm/templates", () => {
  it("creates, saves over the revision shown (a save meanwhile wins, the other is told) and deletes a template", async ({ platform, staff }) => {
    const created = await create(platform, staff, { title: "返品のご案内", body: "{{お客様名}}\n返品を承りました。" });
    expect(created.status).toBe(303);
    const location = created.response!.headers.get("Location")!;
    expect(location).toMatch(/^\/crm\/templates\/\d+\?notice=created#result$/);
    const id = Number(/templates\/(\d+)/.exec(location)![1]);

    const shown = await valueOf<{ template: { revision: number; title: string } }>(
      await run(platform, template.loader, pageRequest(`/crm/templates/${id}`, staff), { templateId: String(id) }),
    );
    expect(shown.template.title).toBe("返品のご案内");
    const revision = String(shown.template.revision);
    expect(
      (await edit(platform, staff, id, { intent: "save", title: "返品受付のご案内", body: "{{お客様名}}\n返品を受け付けました。", revision })).status,
    ).toBe(303);
    const late = await edit(platform, staff, id, { intent: "save", title: "古い画面からの保存", body: "本文", revision });
    expect(late.status).toBe(409);
    expect(await valueOf(late)).toMatchObject({ field: "template", error: TEMPLATE_TEXT.stale, values: { title: "古い画面からの保存" } });
    const [row] = await platform.db.select().from(replyTemplates).where(eq(replyTemplates.id, id));
    expect(row?.title).toBe("返品受付のご案内");

    expect((await edit(platform, staff, id, { intent: "delete" })).status).toBe(303);
    expect((await edit(platform, staff, id, { intent: "delete" })).status).toBe(404);
    expect((await run(platform, template.loader, pageRequest(`/crm/templates/${id}`, staff), { templateId: String(id) })).status).toBe(404);
  });

  it("refuses an unknown variable, an empty title and an overlong body with a Japanese message, saving nothing", async ({ platform, staff }) => {
    const before = await countTemplates(platform);
    const unknown = await create(platform, staff, { title: "確認", body: "{{お客様名}} {{ポイント残高}} {{ 宛名 }}" });
    expect(unknown.status).toBe(400);
    expect(await valueOf(unknown)).toEqual({
      field: "body",
      error: "使えない差し込み項目があります：{{ポイント残高}}、{{宛名}}",
      values: { title: "確認", body: "{{お客様名}} {{ポイント残高}} {{ 宛名 }}" },
    });
    expect(await valueOf(await create(platform, staff, { title: "  ", body: "本文" }))).toMatchObject({ field: "title", error: TEMPLATE_TEXT.titleRequired });
    expect(await valueOf(await create(platform, staff, { title: "長い", body: "あ".repeat(TEMPLATE_BODY_MAX_LENGTH + 1) }))).toMatchObject({
      field: "body",
      error: TEMPLATE_TEXT.bodyTooLong,
    });
    expect((await edit(platform, staff, 1, { intent: "save", title: "t", body: "b", revision: "x" })).status).toBe(400);
    expect(await countTemplates(platform)).toBe(before);
  });

  it("is staff's only", async ({ platform, member }) => {
    expect((await run(platform, templateList.loader, pageRequest("/crm/templates", member))).status).toBe(403);
    expect((await create(platform, member, { title: "t", body: "b" })).status).toBe(403);
    expect((await run(platform, template.loader, pageRequest("/crm/templates/1", member), { templateId: "1" })).status).toBe(403);
    expect((await edit(platform, member, 1, { intent: "delete" })).status).toBe(403);
    expect(await countTemplates(platform)).toBeGreaterThan(0);
  });
});

describe("templates on the staff ticket page", () => {
  it("are offered filled from the ticket, and one chosen without JS is the reply's draft; the customer's page has none", async ({
    platform,
    staff,
    member,
  }) => {
    const page = async (query: string) =>
      valueOf<{ templates: { id: number; title: string; text: string }[]; replyDraft: string | null }>(
        await run(platform, staffThread.loader, pageRequest(`/crm/tickets/1${query}`, staff), { ticketId: "1" }),
      );
    const { templates } = await page("");
    const shipping = templates.find((offered) => offered.title === "発送のご案内")!;
    const [ticket] = await platform.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, 1));
    expect(ticket?.orderId).not.toBeNull();
    expect(shipping.text).toMatch(/^山田 花子様\n/);
    expect(shipping.text).toMatch(/注文番号：\d{8}-\d{4}）/);
    expect(shipping.text).toContain(`ヤマト運輸 ${ORDER4_TRACKING_NUMBER} https://`);
    expect(shipping.text).toMatch(/お届け予定日：\d{4}年\d{1,2}月\d{1,2}日/);
    expect(shipping.text).not.toContain("{{");

    expect((await page(`?template=${shipping.id}`)).replyDraft).toBe(shipping.text);
    expect((await page("?template=abc")).replyDraft).toBeNull();

    const theirs = await valueOf<Record<string, unknown>>(
      await run(platform, customerThread.loader, pageRequest("/user/support/1", member), { ticketId: "1" }),
    );
    expect(theirs.templates ?? null).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain("発送のご案内");
  });
});
