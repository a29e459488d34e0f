/**
 * Product approval's pages on real local D1 (decision 0066): who may open and post /crm/product-approvals
 * (guest → login, member and merchants → 403, staff → 200), the decision posted as a plain form (a 差戻し
 * without a comment answers in Japanese and changes nothing; done → PRG with a notice), and the merchant's
 * side — a save through the editor's route is submitted (PRG, the live product unchanged), the editor and
 * the list show 承認待ち / 差戻し with the comment, the merchant withdraws its own submission only.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { PRODUCT_APPROVAL_TEXT } from "~/core/product-approvals/product-approvals";
import { products, productSubmissions } from "~/db/schema";
import * as approvals from "~/routes/crm.product-approvals";
import * as merchantEdit from "~/routes/merchant.products.$productId._index";
import * as merchantList from "~/routes/merchant.products._index";
import * as merchantNew from "~/routes/merchant.products.new";
import type { ProductEditorData, ProductListData } from "~/web/types/catalogue-editor";
import type { ProductApprovalActionData, ProductApprovalsPageData } from "~/web/types/product-approvals";
import { platformTest } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";
import { liveProduct, pendingOf, setApproval } from "../support/product-approvals";

const it = platformTest();

const CHEESE = "FOOD-CHEESE";
const PATH = "/crm/product-approvals";
const editPath = (id: number) => `/merchant/products/${id}`;

/** The editor's form as posted without JS (the fields a simple product needs). */
const editFields = (product: Awaited<ReturnType<typeof liveProduct>>, regularPrice: number) => ({
  revision: String(product.revision),
  sku: product.form.sku,
  title: product.form.title,
  regularPrice: String(regularPrice),
  primaryCategoryId: String(product.form.primaryCategoryId),
  type: "simple",
  taxRate: String(product.form.taxRate),
});

describe("who may use the review page", () => {
  it("guest → login; member and merchants → 403 (GET and POST); staff → 200; nothing decided", async ({ platform, member, merchant, otherMerchant, staff }) => {
    await setApproval(platform, true);
    const product = await liveProduct(platform, CHEESE);
    expectRedirect(
      await run(
        platform,
        merchantEdit.action as RouteHandler,
        postRequest(editPath(product.id), editFields(product, 4444), { cookie: merchant, mode: "navigate" }),
        {
          productId: String(product.id),
        },
      ),
      303,
      `${editPath(product.id)}?notice=submitted#result`,
    );
    const pending = (await pendingOf(platform, product.id))!;
    const decide = (cookie?: string) => postRequest(PATH, { intent: "approve", submissionId: String(pending.id) }, { cookie, mode: "navigate" });
    expectRedirect(await run(platform, approvals.loader as RouteHandler, pageRequest(PATH)), 302, /^\/login\?show=1&redirectTo=%2Fcrm%2Fproduct-approvals/);
    expectRedirect(await run(platform, approvals.action as RouteHandler, decide()), 302, /^\/login/);
    for (const cookie of [member, merchant, otherMerchant]) {
      expect((await run(platform, approvals.loader as RouteHandler, pageRequest(PATH, cookie))).status).toBe(403);
      expect((await run(platform, approvals.action as RouteHandler, decide(cookie))).status).toBe(403);
    }
    expect((await pendingOf(platform, product.id))!.id).toBe(pending.id);
    const page = await run(platform, approvals.loader as RouteHandler, pageRequest(PATH, staff));
    expect(page.status).toBe(200);
    const body = await valueOf<ProductApprovalsPageData>(page);
    const entry = body.pending.find((row) => row.id === pending.id)!;
    expect(entry.changes).toContainEqual({ label: "通常価格（税込）", before: `${product.form.regularPrice.toLocaleString("ja-JP")}円`, after: "4,444円" });
    // The live product is unchanged until approved.
    expect((await liveProduct(platform, CHEESE)).form.regularPrice).toBe(product.form.regularPrice);
  });
});

describe("deciding", () => {
  it("a 差戻し without a comment, or a malformed post, answers in Japanese and changes nothing; done → PRG", async ({ platform, merchant, staff }) => {
    await setApproval(platform, true);
    const product = await liveProduct(platform, CHEESE);
    await run(
      platform,
      merchantEdit.action as RouteHandler,
      postRequest(editPath(product.id), editFields(product, 4555), { cookie: merchant, mode: "navigate" }),
      {
        productId: String(product.id),
      },
    );
    const pending = (await pendingOf(platform, product.id))!;
    const post = (fields: Record<string, string>) =>
      run(platform, approvals.action as RouteHandler, postRequest(PATH, fields, { cookie: staff, mode: "navigate" }));
    const empty = await post({ intent: "return", submissionId: String(pending.id), comment: "" });
    expect(empty.status).toBe(400);
    expect((await valueOf<ProductApprovalActionData>(empty)).lastResult.error).toMatchObject({ comment: [PRODUCT_APPROVAL_TEXT.commentRequired] });
    const malformed: Record<string, string>[] = [{ intent: "approve", submissionId: "abc" }, { intent: "delete", submissionId: String(pending.id) }, {}];
    for (const fields of malformed) {
      expect((await post(fields)).status).toBe(400);
    }
    expect((await pendingOf(platform, product.id))!.id).toBe(pending.id);
    expect((await post({ intent: "approve", submissionId: "999999" })).status).toBe(404);

    expectRedirect(
      await post({ intent: "return", submissionId: String(pending.id), comment: "写真と説明が合っていません。" }),
      303,
      `${PATH}?notice=returned#result`,
    );
    const again = await post({ intent: "approve", submissionId: String(pending.id) });
    expect(again.status).toBe(409);
    expect((await valueOf<ProductApprovalActionData>(again)).lastResult.error).toMatchObject({ "": [PRODUCT_APPROVAL_TEXT.alreadyDecided("returned")] });

    // The merchant sees 差戻し with the comment, on its editor (its submitted values in the form) and its list.
    const editor = await valueOf<ProductEditorData>(
      await run(platform, merchantEdit.loader as RouteHandler, pageRequest(editPath(product.id), merchant), { productId: String(product.id) }),
    );
    expect(editor.approval.review).toMatchObject({ status: "returned", staffComment: "写真と説明が合っていません。" });
    expect(editor.defaultValue).toMatchObject({ regularPrice: 4555 });
    const list = await valueOf<ProductListData>(
      await run(platform, merchantList.loader as RouteHandler, pageRequest("/merchant/products?q=FOOD-CHEESE", merchant)),
    );
    expect(list.reviews[product.id]).toMatchObject({ status: "returned" });

    // Saved again and approved: the shop's product takes the price.
    await run(
      platform,
      merchantEdit.action as RouteHandler,
      postRequest(editPath(product.id), editFields(product, 4666), { cookie: merchant, mode: "navigate" }),
      {
        productId: String(product.id),
      },
    );
    const next = (await pendingOf(platform, product.id))!;
    expectRedirect(await post({ intent: "approve", submissionId: String(next.id) }), 303, `${PATH}?notice=approved#result`);
    expect((await liveProduct(platform, CHEESE)).form.regularPrice).toBe(4666);
  });
});

describe("the merchant's side", () => {
  it("a new product is submitted (PRG), shown 承認待ち; only its merchant withdraws it", async ({ platform, merchant, otherMerchant }) => {
    await setApproval(platform, true);
    const created = await run(
      platform,
      merchantNew.action as RouteHandler,
      postRequest(
        "/merchant/products/new",
        { sku: "ROUTE-APPROVAL-1", title: "承認ルートの新商品", regularPrice: "900", primaryCategoryId: "1", type: "simple", taxRate: "10" },
        { cookie: merchant, mode: "navigate" },
      ),
    );
    expectRedirect(created, 303, /^\/merchant\/products\/\d+\?notice=submittedNew#result$/);
    const [row] = await platform.db.select().from(products).where(eq(products.sku, "ROUTE-APPROVAL-1"));
    expect(row!.status).toBe("draft");
    const params = { productId: String(row!.id) };
    const editor = await valueOf<ProductEditorData>(await run(platform, merchantEdit.loader as RouteHandler, pageRequest(editPath(row!.id), merchant), params));
    expect(editor.approval).toMatchObject({ required: true, review: { status: "pending", kind: "new" } });
    // Another merchant cannot reach it (404), nor withdraw it.
    expect(
      (
        await run(
          platform,
          merchantEdit.action as RouteHandler,
          postRequest(editPath(row!.id), { intent: "withdraw" }, { cookie: otherMerchant, mode: "navigate" }),
          params,
        )
      ).status,
    ).toBe(404);
    expect(await pendingOf(platform, row!.id)).not.toBeNull();
    // Its merchant withdraws it.
    expectRedirect(
      await run(
        platform,
        merchantEdit.action as RouteHandler,
        postRequest(editPath(row!.id), { intent: "withdraw" }, { cookie: merchant, mode: "navigate" }),
        params,
      ),
      303,
      `${editPath(row!.id)}?notice=withdrawn#result`,
    );
    expect(await pendingOf(platform, row!.id)).toBeNull();
    const [withdrawn] = await platform.db.select().from(productSubmissions).where(eq(productSubmissions.productId, row!.id));
    expect(withdrawn!.status).toBe("withdrawn");
  });
});
