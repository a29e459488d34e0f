/**
 * Staff approval of merchant product changes (issue 38 item 7, decision 0066) on real local D1: with the
 * owner's setting on, a merchant's edit leaves the live product as it is and is stored as one pending
 * submission (a newer save replaces it); a new product stays a draft, out of the shop, until approved;
 * approval saves exactly the payload (the editor's statements) and mails the merchant; 差戻し keeps the
 * product and mails the comment; two decisions at once and a replaced submission are refused cleanly; with
 * the setting off nothing changes.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { formatYen } from "~/core/money";
import { PRODUCT_APPROVAL_TEXT } from "~/core/product-approvals/product-approvals";
import { mailOutbox, priceChanges, products, productSubmissions } from "~/db/schema";
import { changeProductStatus, createProduct, updateProduct } from "~/services/catalogue/product-editor.server";
import { approveSubmission, returnSubmission } from "~/services/product-approvals/submission-decisions.server";
import { STAFF_SCOPE } from "~/core/catalogue/catalogue-scope";
import { loader as searchLoader } from "~/routes/search";
import * as productRoute from "~/routes/category.$categorySlug.$sku";
import { MERCHANT_ID } from "~/services/seed/people";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, expectRedirect, location, pageRequest, postRequest, run, TEST_ORIGIN, type RouteHandler } from "../support/requests";
import { deliverImportQueue, recordImportQueue } from "../support/import-queue";
import { action as merchantApplyAction } from "~/routes/merchant.products_.import_.$token";
import { action as merchantUploadAction } from "~/routes/merchant.products_.import";
import { FRAME, liveProduct, MERCHANT_ACTOR, MERCHANT_SCOPE, pendingOf, setApproval, STAFF_ACTOR, submissionsOf } from "../support/product-approvals";

const it = platformTest();

const CHEESE = "FOOD-CHEESE";

async function editPrice(platform: TestPlatform, sku: string, regularPrice: number, extra: Record<string, unknown> = {}) {
  const product = await liveProduct(platform, sku);
  return updateProduct(
    platform.db,
    MERCHANT_SCOPE,
    MERCHANT_ACTOR,
    product.id,
    product.revision,
    { ...product.form, regularPrice, discountPrice: null, ...extra },
    new Date(),
  );
}

const mailsTo = (platform: TestPlatform, key: string) => platform.db.select().from(mailOutbox).where(eq(mailOutbox.key, key));

async function shopPage(platform: TestPlatform, sku: string, categorySlug: string) {
  return run(platform, productRoute.loader as RouteHandler, pageRequest(`/category/${categorySlug}/${sku}`), { categorySlug, sku });
}

async function searchSkus(platform: TestPlatform, q: string): Promise<string[]> {
  const data = await searchLoader({ request: pageRequest(`/search?q=${encodeURIComponent(q)}`), context: contextFor(platform), params: {} });
  return data.results.products.map((product: { sku: string }) => product.sku);
}

/** The merchant's CSV upload (multipart, as the import form posts it); answers the dry run's token. */
async function dryRun(platform: TestPlatform, text: string, cookie: string): Promise<string> {
  recordImportQueue(platform);
  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode(`\uFEFF${text}`)], "catalogue.csv", { type: "text/csv" }));
  const headers = { Origin: TEST_ORIGIN, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin", Cookie: cookie };
  const outcome = await run(
    platform,
    merchantUploadAction as RouteHandler,
    new Request(`${TEST_ORIGIN}/merchant/products/import`, { method: "POST", headers, body: form }),
  );
  expectRedirect(outcome, 303, /^\/merchant\/products\/import\/[\w-]+$/);
  return location(outcome)!.split("/").pop()!;
}

const applyRequest = (token: string, lines: number[], cookie: string) =>
  postRequest(
    `/merchant/products/import/${token}`,
    lines.map((line) => ["line", String(line)] as [string, string]),
    { cookie, mode: "navigate" },
  );

describe("setting off", () => {
  it("a merchant's edit goes live at once and stores no submission, as before", async ({ platform }) => {
    await setApproval(platform, false);
    const result = await editPrice(platform, CHEESE, 4321);
    expect(result).toEqual({ ok: true, productId: (await liveProduct(platform, CHEESE)).id });
    const product = await liveProduct(platform, CHEESE);
    expect(product.form.regularPrice).toBe(4321);
    expect(await submissionsOf(platform, product.id)).toEqual([]);
  });
});

describe("setting on: edits", () => {
  it("a merchant's edit leaves the live product unchanged and stores one pending submission with the payload and the before", async ({ platform }) => {
    await setApproval(platform, true);
    const before = await liveProduct(platform, CHEESE);
    const result = await editPrice(platform, CHEESE, 5000, { title: "十勝チーズ 申請中" });
    expect(result).toMatchObject({ ok: true, outcome: "submitted" });
    const after = await liveProduct(platform, CHEESE);
    expect(after.form).toEqual(before.form);
    expect(after.revision).toBe(before.revision);
    const pending = await pendingOf(platform, before.id);
    expect(pending).toMatchObject({ kind: "edit", merchantId: MERCHANT_ID, source: "editor", submittedBy: MERCHANT_ACTOR.userId });
    expect(JSON.parse(pending!.payload)).toMatchObject({ regularPrice: 5000, title: "十勝チーズ 申請中" });
    expect(JSON.parse(pending!.before!)).toEqual(before.form);
  });

  it("a newer save replaces the pending one (withdrawn), and SQL keeps one pending per product", async ({ platform }) => {
    await setApproval(platform, true);
    const { id } = await liveProduct(platform, CHEESE);
    await editPrice(platform, CHEESE, 5100);
    await editPrice(platform, CHEESE, 5200);
    const all = await submissionsOf(platform, id);
    expect(all.filter((row) => row.status === "pending").map((row) => JSON.parse(row.payload).regularPrice)).toEqual([5200]);
    expect(all.at(-2)!.status).toBe("withdrawn");
    // The partial unique index refuses a second pending row whatever writes it.
    const [pending] = all.slice(-1);
    const refused = await platform.db
      .insert(productSubmissions)
      .values({ ...pending!, id: undefined, submittedAt: new Date() })
      .catch((error: Error) => error);
    expect(String((refused as Error).cause)).toMatch(/UNIQUE constraint failed: product_submissions.product_id/);
    // Saves at once still leave exactly one pending.
    await Promise.all([editPrice(platform, CHEESE, 5301), editPrice(platform, CHEESE, 5302), editPrice(platform, CHEESE, 5303)]);
    expect((await submissionsOf(platform, id)).filter((row) => row.status === "pending")).toHaveLength(1);
  });

  it("an edit that changes nothing is not submitted", async ({ platform }) => {
    await setApproval(platform, true);
    const product = await liveProduct(platform, CHEESE);
    const count = (await submissionsOf(platform, product.id)).length;
    const result = await updateProduct(platform.db, MERCHANT_SCOPE, MERCHANT_ACTOR, product.id, product.revision, product.form, new Date());
    expect(result).toMatchObject({ ok: true, outcome: "unchanged" });
    expect(await submissionsOf(platform, product.id)).toHaveLength(count);
  });

  it("approval saves exactly the payload through the editor's statements, records the price change and mails the merchant", async ({ platform }) => {
    await setApproval(platform, true);
    await editPrice(platform, CHEESE, 6100, { catchcopy: "承認後のキャッチコピー" });
    const product = await liveProduct(platform, CHEESE);
    const pending = await pendingOf(platform, product.id);
    const result = await approveSubmission(platform.db, STAFF_ACTOR, pending!.id, FRAME, new Date());
    expect(result).toEqual({ ok: true, productId: product.id });
    const after = await liveProduct(platform, CHEESE);
    const payload = JSON.parse(pending!.payload);
    // The stored product reads back as the payload (a simple product's heading is kept on no variation).
    expect(after.form).toEqual({ ...payload, variationHeading: "" });
    expect(after.form.regularPrice).toBe(6100);
    expect(after.revision).toBe(product.revision + 1);
    const [decided] = await platform.db.select().from(productSubmissions).where(eq(productSubmissions.id, pending!.id));
    expect(decided).toMatchObject({ status: "approved", decidedBy: STAFF_ACTOR.userId, decidedByName: STAFF_ACTOR.name });
    const recorded = await platform.db
      .select()
      .from(priceChanges)
      .where(and(eq(priceChanges.productId, product.id), eq(priceChanges.field, "regular_price")));
    expect(recorded.at(-1)).toMatchObject({ before: product.form.regularPrice, after: 6100, actorName: STAFF_ACTOR.name });
    const [mail] = await mailsTo(platform, `product-review:${pending!.id}:approved`);
    expect(mail).toMatchObject({ kind: "product_review", toAddress: "merchant@example.jp" });
    expect(mail!.textBody).toContain("変更を承認し、ショップに反映しました");
    expect(mail!.textBody).toContain(`通常価格（税込）：${formatYen(product.form.regularPrice)} → 6,100円`);
    // The shop's page shows the new price.
    const page = await shopPage(platform, CHEESE, "dairy");
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.value)).toContain("6100");
  });

  it("差戻し keeps the live product, stores and mails the comment; the merchant can submit again", async ({ platform }) => {
    await setApproval(platform, true);
    await editPrice(platform, CHEESE, 9999);
    const product = await liveProduct(platform, CHEESE);
    const pending = await pendingOf(platform, product.id);
    const comment = "価格が相場から大きく外れています。\n根拠をご記入ください。";
    expect(await returnSubmission(platform.db, STAFF_ACTOR, pending!.id, comment, FRAME, new Date())).toEqual({ ok: true, productId: product.id });
    expect((await liveProduct(platform, CHEESE)).form).toEqual(product.form);
    const [row] = await platform.db.select().from(productSubmissions).where(eq(productSubmissions.id, pending!.id));
    expect(row).toMatchObject({ status: "returned", staffComment: comment });
    const [mail] = await mailsTo(platform, `product-review:${pending!.id}:returned`);
    expect(mail!.textBody).toContain("根拠をご記入ください。");
    expect(mail!.textBody).toContain("差戻しました");
    // Edited again after 差戻し: a new pending submission.
    expect(await editPrice(platform, CHEESE, 3980)).toMatchObject({ ok: true, outcome: "submitted" });
    expect(JSON.parse((await pendingOf(platform, product.id))!.payload).regularPrice).toBe(3980);
  });

  it("two staff deciding at once: one wins, the other is told in Japanese; the payload is saved once", async ({ platform }) => {
    await setApproval(platform, true);
    await editPrice(platform, CHEESE, 7100);
    const product = await liveProduct(platform, CHEESE);
    const pending = await pendingOf(platform, product.id);
    const results = await Promise.all([
      approveSubmission(platform.db, STAFF_ACTOR, pending!.id, FRAME, new Date()),
      approveSubmission(platform.db, STAFF_ACTOR, pending!.id, FRAME, new Date()),
      returnSubmission(platform.db, STAFF_ACTOR, pending!.id, "却下", FRAME, new Date()),
    ]);
    const won = results.filter((result) => result.ok);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((result) => !result.ok)) {
      expect(lost).toMatchObject({ ok: false, status: 409 });
      if (!lost.ok) expect(lost.error).toMatch(/ほかのスタッフがすでに処理しました/);
    }
    const after = await liveProduct(platform, CHEESE);
    expect(after.revision - product.revision).toBeLessThanOrEqual(1);
    const mails = await platform.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "product_review"));
    expect(mails.filter((mail) => mail.key.startsWith(`product-review:${pending!.id}:`))).toHaveLength(1);
  });

  it("approving a submission the merchant replaced meanwhile fails cleanly; at once, either order leaves one consistent outcome", async ({ platform }) => {
    await setApproval(platform, true);
    await editPrice(platform, CHEESE, 8100);
    const product = await liveProduct(platform, CHEESE);
    const first = await pendingOf(platform, product.id);
    await editPrice(platform, CHEESE, 8200);
    expect(await approveSubmission(platform.db, STAFF_ACTOR, first!.id, FRAME, new Date())).toEqual({
      ok: false,
      status: 409,
      error: PRODUCT_APPROVAL_TEXT.replaced,
    });
    expect((await liveProduct(platform, CHEESE)).form.regularPrice).toBe(product.form.regularPrice);
    // Approve and a replacing save at once.
    const second = await pendingOf(platform, product.id);
    const [approved, saved] = await Promise.all([
      approveSubmission(platform.db, STAFF_ACTOR, second!.id, FRAME, new Date()),
      editPrice(platform, CHEESE, 8300),
    ]);
    const live = await liveProduct(platform, CHEESE);
    if (approved.ok) expect(live.form.regularPrice).toBe(8200);
    else {
      expect(approved.error).toBe(PRODUCT_APPROVAL_TEXT.replaced);
      expect(live.form.regularPrice).toBe(product.form.regularPrice);
    }
    if (saved.ok) expect(JSON.parse((await pendingOf(platform, product.id))!.payload).regularPrice).toBe(8300);
    expect((await submissionsOf(platform, product.id)).filter((row) => row.status === "pending").length).toBeLessThanOrEqual(1);
  });

  it("a product changed by staff after the merchant submitted is not overwritten by approval", async ({ platform }) => {
    await setApproval(platform, true);
    await editPrice(platform, CHEESE, 4100);
    const product = await liveProduct(platform, CHEESE);
    const pending = await pendingOf(platform, product.id);
    await updateProduct(platform.db, STAFF_SCOPE, STAFF_ACTOR, product.id, product.revision, { ...product.form, title: "スタッフが直した名前" }, new Date());
    expect(await approveSubmission(platform.db, STAFF_ACTOR, pending!.id, FRAME, new Date())).toEqual({
      ok: false,
      status: 409,
      error: PRODUCT_APPROVAL_TEXT.productChanged,
    });
    expect((await liveProduct(platform, CHEESE)).form.title).toBe("スタッフが直した名前");
  });
});

describe("setting on: new products", () => {
  it("a merchant's new product stays a draft out of the shop and search until approved, and cannot be published by the merchant", async ({ platform }) => {
    await setApproval(platform, true);
    const created = await createProduct(
      platform.db,
      MERCHANT_SCOPE,
      MERCHANT_ACTOR,
      { sku: "APPROVAL-NEW-1", title: "しあわせ牧場 承認待ちバター", regularPrice: 1800, primaryCategoryId: 1, type: "simple", taxRate: "10", inventory: 5 },
      new Date(),
    );
    expect(created).toMatchObject({ ok: true, outcome: "submitted" });
    if (!created.ok) return;
    const [row] = await platform.db.select().from(products).where(eq(products.id, created.productId));
    expect(row).toMatchObject({ status: "draft", publishedAt: null, merchantId: MERCHANT_ID });
    const pending = await pendingOf(platform, created.productId);
    expect(pending).toMatchObject({ kind: "new", before: null });
    expect(await searchSkus(platform, "承認待ちバター")).toEqual([]);
    const refused = await changeProductStatus(platform.db, MERCHANT_SCOPE, created.productId, row!.revision, "publish", new Date());
    expect(refused).toEqual({ ok: false, status: 409, error: PRODUCT_APPROVAL_TEXT.awaitingFirstApproval });
    expect((await platform.db.select({ status: products.status }).from(products).where(eq(products.id, created.productId)))[0]!.status).toBe("draft");

    expect(await approveSubmission(platform.db, STAFF_ACTOR, pending!.id, FRAME, new Date())).toMatchObject({ ok: true });
    const [published] = await platform.db.select().from(products).where(eq(products.id, created.productId));
    expect(published!.status).toBe("published");
    expect(published!.publishedAt).not.toBeNull();
    expect(await searchSkus(platform, "承認待ちバター")).toEqual(["APPROVAL-NEW-1"]);
    const [mail] = await mailsTo(platform, `product-review:${pending!.id}:approved`);
    expect(mail!.textBody).toContain("登録を承認し、ショップに公開しました");
  });
});

describe("setting on: the merchant's CSV import", () => {
  it("goes to review: the product's fields stay, a submission (source csv) waits; stock set by the file moves at once", async ({ platform, merchant }) => {
    await setApproval(platform, true);
    const before = await liveProduct(platform, CHEESE);
    const file = `SKU,商品名,通常価格（税込）,在庫数\r\n${CHEESE},CSVで変えた名前,2980,${before.form.inventory + 7}\r\n`;
    const token = await dryRun(platform, file, merchant);
    expectRedirect(await run(platform, merchantApplyAction, applyRequest(token, [2], merchant), { token }), 303, /\/merchant\/products\/import\//);
    await deliverImportQueue(platform);
    const after = await liveProduct(platform, CHEESE);
    expect(after.form.title).toBe(before.form.title);
    expect(after.form.regularPrice).toBe(before.form.regularPrice);
    expect(after.form.inventory).toBe(before.form.inventory + 7);
    const pending = await pendingOf(platform, before.id);
    expect(pending).toMatchObject({ source: "csv", kind: "edit" });
    expect(JSON.parse(pending!.payload)).toMatchObject({ title: "CSVで変えた名前", regularPrice: 2980 });
    // A new product of the file is created as a draft waiting for its first approval.
    const newFile = `SKU,商品名,通常価格（税込）,在庫数,メインカテゴリ,公開状態\r\nAPPROVAL-CSV-NEW,CSVの新商品,1200,5,dairy,公開\r\n`;
    const newToken = await dryRun(platform, newFile, merchant);
    await run(platform, merchantApplyAction, applyRequest(newToken, [2], merchant), { token: newToken });
    await deliverImportQueue(platform);
    const [created] = await platform.db.select().from(products).where(eq(products.sku, "APPROVAL-CSV-NEW"));
    expect(created).toMatchObject({ status: "draft", merchantId: MERCHANT_ID });
    expect(await pendingOf(platform, created!.id)).toMatchObject({ kind: "new", source: "csv" });
  });
});
