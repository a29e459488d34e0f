/**
 * The edit lock of coupons, coupon campaigns and point promotions on real local D1: every edit form posts
 * the revision it was loaded on; of two staff saving the same one at once exactly one wins and the other
 * is told 「他の担当者が先に更新しました…」 (409, nothing of theirs written), the page then showing what is
 * stored; a save made before someone pressed 今すぐ終了 cannot bring the old end date back; a save without
 * a revision is refused as malformed.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { PROMOTION_MESSAGES } from "~/core/promotions/promotion-forms";
import { couponCampaigns, coupons, pointPromos } from "~/db/schema";
import * as campaignEdit from "~/routes/crm.coupon-campaigns.$campaignId";
import * as campaignNew from "~/routes/crm.coupon-campaigns.new";
import * as couponEdit from "~/routes/crm.coupons.$couponId";
import * as couponNew from "~/routes/crm.coupons.new";
import * as promoEdit from "~/routes/crm.point-promos.$promoId";
import * as promoNew from "~/routes/crm.point-promos.new";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { postRequest, run, pageRequest, type RouteHandler } from "../support/requests";

const it = platformTest();

interface Kind {
  name: string;
  path: string;
  param: string;
  create: RouteHandler;
  edit: { loader: RouteHandler; action: RouteHandler };
  /** The form's fields with this title (and, where it has one, this code). */
  fields: (title: string, code: string) => Record<string, string>;
  stored: (platform: TestPlatform, id: number) => Promise<{ title: string; revision: number; end: Date | null } | undefined>;
}

const KINDS: Kind[] = [
  {
    name: "coupon",
    path: "/crm/coupons",
    param: "couponId",
    create: couponNew.action as RouteHandler,
    edit: { loader: couponEdit.loader as RouteHandler, action: couponEdit.action as RouteHandler },
    fields: (title, code) => ({
      code,
      title,
      titleSimple: "100円OFF",
      type: "fix",
      value: "100",
      productsDefault: "on",
      minAmount: "0",
      startsOn: "",
      endsOn: "",
    }),
    stored: async (platform, id) => {
      const row = await platform.db.select().from(coupons).where(eq(coupons.id, id)).get();
      return row && { title: row.title, revision: row.revision, end: row.expiresAt };
    },
  },
  {
    name: "campaign",
    path: "/crm/coupon-campaigns",
    param: "campaignId",
    create: campaignNew.action as RouteHandler,
    edit: { loader: campaignEdit.loader as RouteHandler, action: campaignEdit.action as RouteHandler },
    fields: (title, code) => ({ code, title, type: "fix", value: "100", minAmount: "0", startsOn: "", endsOn: "" }),
    stored: async (platform, id) => {
      const row = await platform.db.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)).get();
      return row && { title: row.title, revision: row.revision, end: row.endsAt };
    },
  },
  {
    name: "point promo",
    path: "/crm/point-promos",
    param: "promoId",
    create: promoNew.action as RouteHandler,
    edit: { loader: promoEdit.loader as RouteHandler, action: promoEdit.action as RouteHandler },
    fields: (title) => ({ title, color: "", link: "", minAmount: "0", rate: "3", startsOn: "", endsOn: "" }),
    stored: async (platform, id) => {
      const row = await platform.db.select().from(pointPromos).where(eq(pointPromos.id, id)).get();
      return row && { title: row.title, revision: row.revision, end: row.endsAt };
    },
  },
];

let codes = 0;

/** Creates one through its form (under a code of its own); answers its id, fields and edit page's data. */
async function created(platform: TestPlatform, staff: string, kind: Kind) {
  const code = `LOCK${++codes}`;
  const fields = (title: string) => kind.fields(title, code);
  const outcome = await run(platform, kind.create, postRequest(`${kind.path}/new`, fields("はじめの名前"), { cookie: staff, mode: "navigate" }));
  expect(outcome.status).toBe(303);
  const id = Number(/\/(\d+)\?/.exec(outcome.response!.headers.get("Location")!)![1]);
  const params = { [kind.param]: String(id) };
  const page = await run(platform, kind.edit.loader, pageRequest(`${kind.path}/${id}`, staff), params);
  return { id, params, fields, page: page.value as { revision: number; values: { title: string } } };
}

describe.for(KINDS)("the $name edit lock", (kind) => {
  it("lets exactly one of two saves made on the same revision win; the other is told and changes nothing", async ({ platform, staff }) => {
    const { id, params, fields, page } = await created(platform, staff, kind);
    const save = (title: string) =>
      run(
        platform,
        kind.edit.action,
        postRequest(`${kind.path}/${id}`, { intent: "save", ...fields(title), revision: String(page.revision) }, { cookie: staff, mode: "navigate" }),
        params,
      );
    const outcomes = await Promise.all([save("Aさんの変更"), save("Bさんの変更")]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    const loser = outcomes.find((outcome) => outcome.status === 409)!;
    expect(loser.value).toEqual({ refusal: PROMOTION_MESSAGES.stale });
    const winner = outcomes.indexOf(outcomes.find((outcome) => outcome.status === 303)!) === 0 ? "Aさんの変更" : "Bさんの変更";
    expect(await kind.stored(platform, id)).toMatchObject({ title: winner, revision: page.revision + 1 });
    // The page the loser sees again shows what the winner saved, on the new revision.
    const again = await run(platform, kind.edit.loader, pageRequest(`${kind.path}/${id}`, staff), params);
    expect(again.value).toMatchObject({ revision: page.revision + 1, values: { title: winner } });
  });

  it("refuses a save made before 今すぐ終了, so the ended one stays ended", async ({ platform, staff }) => {
    const { id, params, fields, page } = await created(platform, staff, kind);
    const ended = await run(platform, kind.edit.action, postRequest(`${kind.path}/${id}`, { intent: "end" }, { cookie: staff, mode: "navigate" }), params);
    expect(ended.status).toBe(303);
    const endedAt = (await kind.stored(platform, id))!.end;
    expect(endedAt).not.toBeNull();
    const late = await run(
      platform,
      kind.edit.action,
      postRequest(`${kind.path}/${id}`, { intent: "save", ...fields("古い画面からの保存"), revision: String(page.revision) }, { cookie: staff }),
      params,
    );
    expect(late.status).toBe(409);
    expect(await kind.stored(platform, id)).toMatchObject({ title: "はじめの名前", end: endedAt });
  });

  it("refuses a save without its revision as malformed, changing nothing", async ({ platform, staff }) => {
    const { id, params, fields } = await created(platform, staff, kind);
    const before = await kind.stored(platform, id);
    const outcome = await run(
      platform,
      kind.edit.action,
      postRequest(`${kind.path}/${id}`, { intent: "save", ...fields("版なし") }, { cookie: staff }),
      params,
    );
    expect(outcome.status).toBe(400);
    expect(await kind.stored(platform, id)).toEqual(before);
  });
});
