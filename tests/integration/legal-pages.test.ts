/**
 * The legal and guide pages (/legal/tokushoho, /guide, /privacy, /terms and /user/memberAgreement) on a
 * real migrated and seeded local D1: each route answers 200, and what its page shows is taken from the
 * settings and the constants the checkout charges by — every amount on the pages is one of them, and a
 * merchant's changed rate shows at once — so a changed fee cannot leave a page stale.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect } from "vitest";
import { LegalDocumentView } from "~/components/legal/LegalDocumentView";
import { DELIVERY_DATE_EARLIEST_DAYS, DELIVERY_DATE_LATEST_DAYS, DELIVERY_TIME_SLOTS } from "~/core/checkout/checkout";
import type { LegalDocument } from "~/core/site/legal-document";
import {
  COLD_SHIPPING_FEE,
  MAX_LINE_QUANTITY,
  MAX_POINTS_PER_ORDER,
  MAX_SUBSCRIPTION_QUANTITY,
  SPLIT_PREORDER_SHIPPING_FEE,
  WAREHOUSE_FREE_SHIPPING_FROM,
  WAREHOUSE_SHIPPING_FEE,
  WRAPPING_FEE,
} from "~/core/limits";
import { formatYen } from "~/core/money";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { KONBINI_PAYMENT_DAYS, PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { POINT_EARNING_UNIT } from "~/core/member/points";
import { ACCOUNTING_RECORD_RETENTION_YEARS } from "~/core/account/privacy";
import {
  CANCELLABLE_ORDER_STATUSES,
  COLD_DEFECT_REPORT_DAYS,
  CUSTOMER_RETURN_DAYS,
  CUSTOMER_RETURN_EXCLUSIONS,
  DEFECT_REPORT_DAYS,
  REFUND_DAYS,
} from "~/core/returns/returns";
import { SESSION_COOKIE_MAX_AGE_SECONDS, SESSION_COOKIE_NAME } from "~/core/account/sessions";
import { FEEDBACK_SURVEY_URL, JAPAN_POST_SEARCH_URL } from "~/core/site/site";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { merchants } from "~/db/schema";
import { MERCHANTS } from "~/services/seed/catalogue";
import * as guideRoute from "~/routes/guide";
import * as tokushohoRoute from "~/routes/legal.tokushoho";
import * as privacyRoute from "~/routes/privacy";
import * as termsRoute from "~/routes/terms";
import * as memberAgreementRoute from "~/routes/user.memberAgreement";
import * as supportRoute from "~/routes/user.support";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { remixHandlerFor } from "../support/remix";
import { apiRequest, contextFor, pageRequest, run, type RouteHandler } from "../support/requests";

const it = platformTest();

/** The loader's document, after checking it answered 200. */
async function documentOf(platform: TestPlatform, route: { loader: RouteHandler }, path: string): Promise<LegalDocument> {
  const outcome = await run(platform, route.loader, pageRequest(path));
  expect(outcome.status).toBe(200);
  return (outcome.value as { document: LegalDocument }).document;
}

/** The page's text as the shopper reads it (the real component, rendered to HTML, tags dropped). */
function pageText(document: LegalDocument): string {
  const html = renderToStaticMarkup(createElement(StaticRouter, { location: "/" }, createElement(LegalDocumentView, { document })));
  return html
    .replace(/<[^>]+>/g, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Every yen amount a text states ("1,100円" → 1100). */
function yenAmounts(text: string): number[] {
  return [...text.matchAll(/([\d,]+)円/g)].map((match) => Number(match[1]!.replaceAll(",", "")));
}

function sectionIds(document: LegalDocument): string[] {
  const ids = (sections: LegalDocument["sections"]): string[] => sections.flatMap((section) => [section.id, ...ids(section.sections ?? [])]);
  return ids(document.sections);
}

/** No owner has saved settings in the seeded store: the pages state the defaults. */
const SHOP = DEFAULT_SHOP_SETTINGS;

const CONSTANT_AMOUNTS = [
  WAREHOUSE_SHIPPING_FEE,
  WAREHOUSE_FREE_SHIPPING_FROM,
  COLD_SHIPPING_FEE,
  SPLIT_PREORDER_SHIPPING_FEE,
  WRAPPING_FEE,
  POINT_EARNING_UNIT,
  ...Object.values(PAYMENT_METHODS).map((method) => method.fee),
  1, // 1ポイント＝1円
];

describe("the routes answer 200 through Remix's own handler", () => {
  it("serves each page's data at its URL", async ({ platform }) => {
    const { handle } = remixHandlerFor(
      import.meta.glob(
        [
          "../../app/routes/legal.tokushoho.tsx",
          "../../app/routes/guide.tsx",
          "../../app/routes/privacy.tsx",
          "../../app/routes/terms.tsx",
          "../../app/routes/user.memberAgreement.tsx",
        ],
        {
          eager: true,
        },
      ),
    );
    for (const [path, expected] of [
      ["/legal/tokushoho", SHOP.sellerName],
      ["/guide", MERCHANTS[0].name],
      ["/privacy", SESSION_COOKIE_NAME],
      ["/terms", "利用規約（会員規約）"],
      ["/user/memberAgreement", "利用規約（会員規約）"],
    ]) {
      const response = await handle(apiRequest(`${path}.data`, { method: "GET" }), contextFor(platform));
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(expected);
    }
  });
});

describe("特定商取引法に基づく表記", () => {
  it("names the seller, the responsible person and every way to reach them, from the settings", async ({ platform }) => {
    const document = await documentOf(platform, tokushohoRoute, "/legal/tokushoho");
    const text = pageText(document);
    expect(document.title).toBe("特定商取引法に基づく表記");
    for (const fact of [SHOP.sellerName, SHOP.representative, `〒${SHOP.postalCode} ${SHOP.address}`, SHOP.phone, SHOP.supportEmail, SHOP.supportHours]) {
      expect(text).toContain(fact);
    }
    for (const label of [
      "販売業者",
      "運営統括責任者",
      "所在地",
      "電話番号",
      "メールアドレス",
      "販売価格",
      "商品代金以外の必要料金",
      "お支払い方法",
      "お支払い時期",
      "商品の引き渡し時期",
    ]) {
      expect(
        document.sections.flatMap((section) => section.blocks).flatMap((block) => (block.kind === "facts" ? block.rows.map((row) => row.label) : [])),
      ).toContain(label);
    }
  });

  it("states every fee, deadline and limit the checkout applies", async ({ platform }) => {
    const text = pageText(await documentOf(platform, tokushohoRoute, "/legal/tokushoho"));
    expect(text).toContain(`1回の発送につき${formatYen(WAREHOUSE_SHIPPING_FEE)}`);
    expect(text).toContain(`${formatYen(WAREHOUSE_FREE_SHIPPING_FROM)}以上で送料無料`);
    expect(text).toContain(`クール便（冷蔵・冷凍）料金：冷蔵・冷凍の商品を含む発送1回につき${formatYen(COLD_SHIPPING_FEE)}`);
    expect(text).toContain(`ギフトラッピング料金：1点につき${formatYen(WRAPPING_FEE)}`);
    expect(text).toContain(formatYen(SPLIT_PREORDER_SHIPPING_FEE));
    expect(text).toContain(`代金引換手数料：${formatYen(PAYMENT_METHODS.cod.fee)}`);
    expect(text).toContain(`コンビニ後払い手数料：${formatYen(PAYMENT_METHODS.konbini_postpay.fee)}`);
    for (const method of Object.values(PAYMENT_METHODS)) expect(text).toContain(method.label);
    expect(text).toContain(`ご注文日から${SHOP.bankTransferDays}日以内にお振り込みください`);
    expect(text).toContain(`商品到着後${KONBINI_PAYMENT_DAYS}日以内`);
    expect(text).toContain(`1商品につき${MAX_LINE_QUANTITY}点まで（定期便は${MAX_SUBSCRIPTION_QUANTITY}点まで）`);
    expect(text).toContain(`ご注文日の${DELIVERY_DATE_EARLIEST_DAYS}日後から${DELIVERY_DATE_LATEST_DAYS}日後まで`);
    // The merchants' rates as a range, read from D1.
    const fees = MERCHANTS.map((merchant) => merchant.shippingFee);
    expect(text).toContain(`${formatYen(Math.min(...fees))}〜${formatYen(Math.max(...fees))}`);
  });

  it("states the return and cancellation terms at #returns, from the constants in core/returns/returns", async ({ platform }) => {
    const document = await documentOf(platform, tokushohoRoute, "/legal/tokushoho");
    const returns = document.sections.find((section) => section.id === "returns");
    expect(returns?.title).toBe("返品・交換・キャンセルについて");
    const text = pageText({ title: "", sections: [returns!] });
    expect(text).toContain(`商品到着後${DEFECT_REPORT_DAYS}日以内（冷蔵・冷凍便の商品は${COLD_DEFECT_REPORT_DAYS}日以内）`);
    expect(text).toContain(`未開封・未使用の商品に限り、商品到着後${CUSTOMER_RETURN_DAYS}日以内`);
    expect(text).toContain("返品の送料はお客様のご負担");
    expect(text).toContain(`${REFUND_DAYS}日以内`);
    for (const excluded of Object.values(CUSTOMER_RETURN_EXCLUSIONS)) expect(text).toContain(excluded);
    for (const status of CANCELLABLE_ORDER_STATUSES) expect(text).toContain(`「${ORDER_STATUS_LABELS[status]}」`);
    expect(text).not.toContain(`「${ORDER_STATUS_LABELS.shipped}」`);
  });
});

describe("ご利用ガイド", () => {
  it("lists the warehouse's and every merchant's shipping fee and free-shipping amount", async ({ platform }) => {
    const document = await documentOf(platform, guideRoute, "/guide");
    const shipping = document.sections.find((section) => section.id === "shipping")!;
    const table = shipping.blocks.find((block) => block.kind === "table");
    expect(table?.kind === "table" && table.rows).toEqual([
      ["当店倉庫", formatYen(WAREHOUSE_SHIPPING_FEE), `${formatYen(WAREHOUSE_FREE_SHIPPING_FROM)}以上`],
      ...MERCHANTS.map((merchant) => [
        merchant.name,
        formatYen(merchant.shippingFee),
        merchant.freeShippingThreshold == null ? "なし" : `${formatYen(merchant.freeShippingThreshold)}以上`,
      ]),
    ]);
  });

  it("shows a merchant's new rate as soon as it changes", async ({ platform }) => {
    const merchant = MERCHANTS[1];
    await platform.db.update(merchants).set({ shippingFee: 1_234, freeShippingThreshold: 9_999 }).where(eq(merchants.id, merchant.id));
    try {
      const text = pageText(await documentOf(platform, guideRoute, "/guide"));
      expect(text).toContain(formatYen(1_234));
      expect(text).toContain(`${formatYen(9_999)}以上`);
      expect(text).not.toContain(`${formatYen(merchant.freeShippingThreshold!)}以上`);
    } finally {
      await platform.db
        .update(merchants)
        .set({ shippingFee: merchant.shippingFee, freeShippingThreshold: merchant.freeShippingThreshold })
        .where(eq(merchants.id, merchant.id));
    }
  });

  it("explains payment fees, delivery slots, wrapping, points and returns with the checkout's figures", async ({ platform }) => {
    const document = await documentOf(platform, guideRoute, "/guide");
    const text = pageText(document);
    for (const method of Object.values(PAYMENT_METHODS)) expect(text).toContain(method.label);
    expect(text).toContain(formatYen(PAYMENT_METHODS.cod.fee));
    for (const slot of DELIVERY_TIME_SLOTS) expect(text).toContain(`「${slot}」`);
    expect(text).toContain(`1点につき${formatYen(WRAPPING_FEE)}（税込）`);
    expect(text).toContain(`${formatYen(POINT_EARNING_UNIT)}ごとに1ポイント`);
    expect(text).toContain(`${MAX_POINTS_PER_ORDER.toLocaleString("ja-JP")}ポイントまで`);
    expect(sectionIds(document)).toEqual(expect.arrayContaining(["shipping", "payment", "delivery", "wrapping", "points", "returns", "faq", "contact"]));
  });

  it("links each question to the support form with its category and trouble chosen", async ({ platform, member }) => {
    const document = await documentOf(platform, guideRoute, "/guide");
    const faq = document.sections.find((section) => section.id === "faq")!;
    const links = JSON.stringify(faq).match(/\/user\/support\?[^"]+/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) {
      const query = new URLSearchParams(link.split("?")[1]);
      const outcome = await run(platform, supportRoute.loader as RouteHandler, pageRequest(link, member));
      const { form } = outcome.value as { form: { defaults: Record<string, string> } };
      expect(form.defaults.category).toBe(query.get("category"));
      expect(form.defaults.trouble).toBe(query.get("trouble"));
    }
  });
});

describe("no page states an amount the checkout does not charge", () => {
  it("every yen amount on the 特定商取引法 page and the guide is a constant or a merchant's rate", async ({ platform }) => {
    const allowed = new Set([...CONSTANT_AMOUNTS, ...MERCHANTS.flatMap((merchant) => [merchant.shippingFee, merchant.freeShippingThreshold ?? 0])]);
    for (const [route, path] of [
      [tokushohoRoute, "/legal/tokushoho"],
      [guideRoute, "/guide"],
    ] as const) {
      const amounts = yenAmounts(pageText(await documentOf(platform, route, path)));
      expect(amounts.length, path).toBeGreaterThan(5);
      expect(
        amounts.filter((amount) => !allowed.has(amount)),
        path,
      ).toEqual([]);
    }
  });
});

describe("プライバシーポリシー", () => {
  it("states the retention rule, the cookie, the 外部送信 notice and the contact from the settings", async ({ platform }) => {
    const document = await documentOf(platform, privacyRoute, "/privacy");
    const text = pageText(document);
    expect(text).toContain(`退会後も${ACCOUNTING_RECORD_RETENTION_YEARS}年間保存`);
    expect(text).toContain("匿名化");
    expect(text).toContain(`「${SESSION_COOKIE_NAME}」の1つだけ`);
    expect(text).toContain(`有効期間は${SESSION_COOKIE_MAX_AGE_SECONDS / 86_400}日`);
    expect(text).toContain("外部送信の対象となる送信先はありません");
    expect(text).toContain(JAPAN_POST_SEARCH_URL);
    expect(text).toContain(FEEDBACK_SURVEY_URL);
    for (const fact of [SHOP.sellerName, SHOP.supportEmail, SHOP.phone]) expect(text).toContain(fact);
    for (const recipient of ["配送業者", "出店者", "後払い決済事業者", "Cloudflare, Inc."]) expect(text).toContain(recipient);
    expect(sectionIds(document)).toEqual(
      expect.arrayContaining(["collected", "purposes", "retention", "third-parties", "cookies", "external-transmission", "contact"]),
    );
  });
});

describe("利用規約", () => {
  it("is one document at /terms and at /user/memberAgreement, which points search engines to /terms", async ({ platform }) => {
    const terms = await documentOf(platform, termsRoute, "/terms");
    expect(await documentOf(platform, memberAgreementRoute, "/user/memberAgreement")).toEqual(terms);
    expect(terms.title).toBe("利用規約（会員規約）");
    expect(pageText(terms)).toContain(`${MAX_POINTS_PER_ORDER.toLocaleString("ja-JP")}ポイントを上限`);
    expect(memberAgreementRoute.links()).toEqual([{ rel: "canonical", href: "/terms" }]);
  });
});
