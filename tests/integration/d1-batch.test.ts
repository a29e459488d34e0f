import { describe, expect } from "vitest";
import { platformTest } from "../support/platform-test";

// Pins the D1 behaviour the order and points code relies on (docs/architecture.md, principle 5).
// A migrated, unseeded store holding one product with 1 in stock.
const it = platformTest({ seed: false }).extend<{ d1: D1Database }>({
  d1: [
    async ({ platform }, provide) => {
      const d1 = platform.env.DB;
      await d1.batch([
        d1.prepare("insert into merchants (id, slug, name, shipping_fee) values (1, 'm', 'M', 600)"),
        d1.prepare("insert into categories (id, slug, name) values (1, 'c', 'C')"),
        d1.prepare("insert into products (id, sku, title, regular_price, primary_category_id, inventory) values (1, 'T-1', 'T', 1000, 1, 1)"),
      ]);
      await provide(d1);
    },
    { scope: "file" },
  ],
});

describe("D1 batch() on local D1", () => {
  it("rolls the whole batch back when a CHECK constraint fails", async ({ d1 }) => {
    await expect(
      d1.batch([
        d1.prepare("insert into merchants (id, slug, name, shipping_fee) values (2, 'n', 'N', 600)"),
        d1.prepare("update products set inventory = inventory - 2 where id = 1"),
      ]),
    ).rejects.toThrow(/CHECK/);
    const merchant = await d1.prepare("select id from merchants where id = 2").first();
    expect(merchant).toBeNull();
    const product = await d1.prepare("select inventory from products where id = 1").first<{ inventory: number }>();
    expect(product?.inventory).toBe(1);
  });

  it("reports a conditional decrement as 1 change, then 0 once stock is gone", async ({ d1 }) => {
    const decrement = () => d1.prepare("update products set inventory = inventory - 1 where id = 1 and inventory >= 1").run();
    expect((await decrement()).meta.changes).toBe(1);
    expect((await decrement()).meta.changes).toBe(0);
  });
});
