/**
 * The product editor's low-stock threshold on real local D1 (issue 37): staff and merchants save it with
 * the product (full-width digits too), see it again on the form, clear it back to the shop's default; a
 * wrong value is answered in Japanese at the field and changes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { PRODUCT_FORM_MESSAGES } from "~/core/catalogue/product-form";
import { products } from "~/db/schema";
import * as crmEdit from "~/routes/crm.products.$productId._index";
import * as crmNew from "~/routes/crm.products.new";
import * as merchantEdit from "~/routes/merchant.products.$productId._index";
import * as merchantNew from "~/routes/merchant.products.new";
import type { ProductEditorActionData, ProductEditorData } from "~/web/types/catalogue-editor";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const VALID = { sku: "LST-1", title: "目安のテスト", regularPrice: "1500", primaryCategoryId: "1", type: "simple", taxRate: "10" };

async function stored(platform: TestPlatform, sku: string) {
  return (await platform.db
    .select({ id: products.id, revision: products.revision, lowStockThreshold: products.lowStockThreshold })
    .from(products)
    .where(eq(products.sku, sku))
    .get())!;
}

describe("the low-stock threshold in the editor", () => {
  it("staff save it with the product, full-width digits too, see it on the form, and clear it to the default", async ({ platform, staff }) => {
    const created = await run(
      platform,
      crmNew.action as RouteHandler,
      postRequest("/crm/products/new", { ...VALID, lowStockThreshold: "１２" }, { cookie: staff }),
    );
    expect(created.status).toBe(303);
    const row = await stored(platform, VALID.sku);
    expect(row.lowStockThreshold).toBe(12);
    const path = `/crm/products/${row.id}`;
    const params = { productId: String(row.id) };
    const page = await valueOf<ProductEditorData>(await run(platform, crmEdit.loader as RouteHandler, pageRequest(path, staff), params));
    expect(page.defaultValue.lowStockThreshold).toBe(12);

    const zero = await run(
      platform,
      crmEdit.action as RouteHandler,
      postRequest(path, { ...VALID, lowStockThreshold: "0", revision: String(row.revision) }, { cookie: staff }),
      params,
    );
    expectRedirect(zero, 303, `${path}?notice=saved#result`);
    expect((await stored(platform, VALID.sku)).lowStockThreshold).toBe(0);

    const cleared = await run(
      platform,
      crmEdit.action as RouteHandler,
      postRequest(path, { ...VALID, lowStockThreshold: "", revision: String(row.revision + 1) }, { cookie: staff }),
      params,
    );
    expect(cleared.status).toBe(303);
    expect((await stored(platform, VALID.sku)).lowStockThreshold).toBeNull();
    const again = await valueOf<ProductEditorData>(await run(platform, crmEdit.loader as RouteHandler, pageRequest(path, staff), params));
    expect(again.defaultValue.lowStockThreshold).toBeNull();
  });

  it("refuses a wrong value with a Japanese message at the field, the typed value back, and nothing changed", async ({ platform, staff }) => {
    const form = { ...VALID, sku: "LST-2" };
    const created = await run(
      platform,
      crmNew.action as RouteHandler,
      postRequest("/crm/products/new", { ...form, lowStockThreshold: "7" }, { cookie: staff }),
    );
    expect(created.status).toBe(303);
    const before = await stored(platform, form.sku);
    const path = `/crm/products/${before.id}`;
    for (const wrong of ["10000", "-1", "3.5", "少し"]) {
      const outcome = await run(
        platform,
        crmEdit.action as RouteHandler,
        postRequest(
          path,
          { ...VALID, title: "変えたい名前", lowStockThreshold: wrong, revision: String(before.revision) },
          { cookie: staff, mode: "navigate" },
        ),
        { productId: String(before.id) },
      );
      expect(outcome.status, wrong).toBe(400);
      const body = await valueOf<ProductEditorActionData>(outcome);
      if (body.kind !== "form") throw new Error("not a form reply");
      expect(body.lastResult.error).toEqual({ lowStockThreshold: [PRODUCT_FORM_MESSAGES.lowStockThreshold] });
      expect(body.lastResult.initialValue).toMatchObject({ lowStockThreshold: wrong });
    }
    expect(
      await platform.db
        .select({ title: products.title, lowStockThreshold: products.lowStockThreshold, revision: products.revision })
        .from(products)
        .where(eq(products.id, before.id))
        .get(),
    ).toEqual({
      title: VALID.title,
      lowStockThreshold: 7,
      revision: before.revision,
    });
  });

  it("a merchant sets it on its own product the same way", async ({ platform, merchant }) => {
    const sku = "LST-MERCHANT";
    expect(
      (
        await run(
          platform,
          merchantNew.action as RouteHandler,
          postRequest("/merchant/products/new", { ...VALID, sku, lowStockThreshold: "３" }, { cookie: merchant }),
        )
      ).status,
    ).toBe(303);
    const row = await stored(platform, sku);
    expect(row.lowStockThreshold).toBe(3);
    const path = `/merchant/products/${row.id}`;
    const params = { productId: String(row.id) };
    const saved = await run(
      platform,
      merchantEdit.action as RouteHandler,
      postRequest(path, { ...VALID, sku, lowStockThreshold: "20", revision: String(row.revision) }, { cookie: merchant }),
      params,
    );
    expect(saved.status).toBe(303);
    const page = await valueOf<ProductEditorData>(await run(platform, merchantEdit.loader as RouteHandler, pageRequest(path, merchant), params));
    expect(page.defaultValue.lowStockThreshold).toBe(20);
  });
});
