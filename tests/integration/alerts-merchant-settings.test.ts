/**
 * Where a merchant's alerts go (issue 37 item 4, decision 0058), over HTTP on real local D1: a merchant reads
 * and saves only its own settings at /merchant/settings (JS on and off; an id in the post changes nothing);
 * staff edit any merchant's on /crm/merchants/{id}; members, other roles and anonymous visitors are refused;
 * bad input gets its Japanese message and saves nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { MERCHANT_ALERT_TEXT } from "~/core/alerts/alerts";
import { merchants } from "~/db/schema";
import * as crmMerchant from "~/routes/crm.merchants.$merchantId";
import * as settingsRoute from "~/routes/merchant.settings";
import { MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const settingsOf = async (platform: TestPlatform, id: number) =>
  (await platform.db.select({ alertEmails: merchants.alertEmails, alertMode: merchants.alertMode }).from(merchants).where(eq(merchants.id, id)))[0]!;

const reset = (platform: TestPlatform) => platform.db.update(merchants).set({ alertEmails: "", alertMode: "each" });

describe("the merchant's own settings", () => {
  it("shows its own, with the contact's address in force while none is listed", async ({ platform, merchant, otherMerchant }) => {
    const mine = await valueOf<{ digestHour: number; settings: { alertEmails: string; alertMode: string; addressesInForce: string[]; merchantName: string } }>(
      await run(platform, settingsRoute.loader, pageRequest("/merchant/settings", merchant)),
    );
    // The digest's hour is the shop settings' (8 時 by default).
    expect(mine.digestHour).toBe(8);
    expect(mine.settings).toEqual({
      alertEmails: "",
      alertMode: "each",
      addressesInForce: ["office@tokachi-farm.example.jp"],
      merchantName: "十勝しあわせ牧場",
    });
    const theirs = await valueOf<{ settings: { addressesInForce: string[] } }>(
      await run(platform, settingsRoute.loader, pageRequest("/merchant/settings", otherMerchant)),
    );
    expect(theirs.settings.addressesInForce).toEqual(["info@arita-seika.example.jp"]);
  });

  for (const mode of ["cors", "navigate"] as const) {
    it(`saves only its own (${mode === "cors" ? "JS on" : "JS off"}), whatever id the post names`, async ({ platform, merchant }) => {
      const fields = {
        intent: "alerts",
        alertEmails: " Ship@Tokachi.example.jp \r\n\r\nboss@tokachi.example.jp\nship@tokachi.example.jp",
        alertMode: "digest",
        merchantId: String(OTHER_MERCHANT_ID),
      };
      const outcome = await run(platform, settingsRoute.action, postRequest("/merchant/settings", fields, { cookie: merchant, mode }));
      expectRedirect(outcome, 303, "/merchant/settings?notice=alertsSaved#result");
      expect(await settingsOf(platform, MERCHANT_ID)).toEqual({ alertEmails: "ship@tokachi.example.jp\nboss@tokachi.example.jp", alertMode: "digest" });
      expect(await settingsOf(platform, OTHER_MERCHANT_ID)).toEqual({ alertEmails: "", alertMode: "each" });
      const page = await valueOf<{ notice: string; settings: { addressesInForce: string[] } }>(
        await run(platform, settingsRoute.loader, pageRequest("/merchant/settings?notice=alertsSaved", merchant)),
      );
      expect(page.notice).toBe(MERCHANT_ALERT_TEXT.saved);
      expect(page.settings.addressesInForce).toEqual(["ship@tokachi.example.jp", "boss@tokachi.example.jp"]);
      await reset(platform);
    });
  }

  it("refuses bad input with its Japanese message and saves nothing", async ({ platform, merchant }) => {
    const refused = async (fields: Record<string, string>) => {
      const outcome = await run(platform, settingsRoute.action, postRequest("/merchant/settings", fields, { cookie: merchant, mode: "navigate" }));
      expect(outcome.status).toBe(400);
      return (await valueOf<{ reply: { error: Record<string, string[]> } }>(outcome)).reply.error;
    };
    expect(await refused({ alertEmails: "ok@tokachi.example.jp\nnot-an-address", alertMode: "each" })).toEqual({
      alertEmails: [MERCHANT_ALERT_TEXT.invalidAddress("not-an-address")],
    });
    const six = Array.from({ length: 6 }, (_, index) => `a${index}@tokachi.example.jp`).join("\n");
    expect(await refused({ alertEmails: six, alertMode: "each" })).toEqual({ alertEmails: [MERCHANT_ALERT_TEXT.tooMany] });
    expect(await refused({ alertEmails: "", alertMode: "weekly" })).toEqual({ alertMode: [MERCHANT_ALERT_TEXT.mode] });
    expect(await refused({ alertEmails: "" })).toEqual({ alertMode: [MERCHANT_ALERT_TEXT.mode] });
    expect(await settingsOf(platform, MERCHANT_ID)).toEqual({ alertEmails: "", alertMode: "each" });
  });

  it("anonymous → login; a member or staff → 403; nothing changes", async ({ platform, member, staff }) => {
    const fields = { alertEmails: "x@example.jp", alertMode: "off" };
    expectRedirect(await run(platform, settingsRoute.loader, pageRequest("/merchant/settings")), 302, /^\/login/);
    expectRedirect(await run(platform, settingsRoute.action, postRequest("/merchant/settings", fields, { mode: "navigate" })), 302, /^\/login/);
    for (const cookie of [member, staff]) {
      expect((await run(platform, settingsRoute.loader, pageRequest("/merchant/settings", cookie))).status).toBe(403);
      expect((await run(platform, settingsRoute.action, postRequest("/merchant/settings", fields, { cookie }))).status).toBe(403);
    }
    expect(await settingsOf(platform, MERCHANT_ID)).toEqual({ alertEmails: "", alertMode: "each" });
  });
});

describe("staff on /crm/merchants/{id}", () => {
  const path = `/crm/merchants/${OTHER_MERCHANT_ID}`;
  const params = { merchantId: String(OTHER_MERCHANT_ID) };

  it("staff see and save any merchant's settings (JS off), with the same messages", async ({ platform, staff }) => {
    const page = await valueOf<{ merchant: { alertEmails: string; alertMode: string } }>(
      await run(platform, crmMerchant.loader, pageRequest(path, staff), params),
    );
    expect(page.merchant).toMatchObject({ alertEmails: "", alertMode: "each" });
    const saved = await run(
      platform,
      crmMerchant.action,
      postRequest(path, { intent: "alerts", alertEmails: "kiln@arita.example.jp", alertMode: "off" }, { cookie: staff, mode: "navigate" }),
      params,
    );
    expectRedirect(saved, 303, `${path}?notice=alertsSaved#result`);
    expect(await settingsOf(platform, OTHER_MERCHANT_ID)).toEqual({ alertEmails: "kiln@arita.example.jp", alertMode: "off" });
    const bad = await run(
      platform,
      crmMerchant.action,
      postRequest(path, { intent: "alerts", alertEmails: "kiln@", alertMode: "each" }, { cookie: staff }),
      params,
    );
    expect(bad.status).toBe(400);
    expect(await valueOf(bad)).toMatchObject({ intent: "alerts", reply: { error: { alertEmails: [MERCHANT_ALERT_TEXT.invalidAddress("kiln@")] } } });
    expect(await settingsOf(platform, OTHER_MERCHANT_ID)).toEqual({ alertEmails: "kiln@arita.example.jp", alertMode: "off" });
    const unknown = await run(
      platform,
      crmMerchant.action,
      postRequest("/crm/merchants/999", { intent: "alerts", alertEmails: "", alertMode: "each" }, { cookie: staff }),
      {
        merchantId: "999",
      },
    );
    expect(unknown.status).toBe(404);
    await reset(platform);
  });

  it("a merchant (even its own) or a member → 403; anonymous → login; nothing changes", async ({ platform, member, otherMerchant }) => {
    const fields = { intent: "alerts", alertEmails: "", alertMode: "off" };
    for (const cookie of [member, otherMerchant]) {
      expect((await run(platform, crmMerchant.action, postRequest(path, fields, { cookie }), params)).status).toBe(403);
    }
    expectRedirect(await run(platform, crmMerchant.action, postRequest(path, fields, { mode: "navigate" }), params), 302, /^\/login/);
    expect(await settingsOf(platform, OTHER_MERCHANT_ID)).toEqual({ alertEmails: "", alertMode: "each" });
  });
});
