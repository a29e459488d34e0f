/**
 * A cart row's id is never given twice (migration 0022, AUTOINCREMENT): an order records the rows it
 * consumed by id (orders.cart_state), so an id given again would make a later cart look "already ordered".
 * The migration also moves the sequence past the ids that orders placed before it consumed. Real local D1.
 */
import { describe, expect, test } from "vitest";
import { applyMigrations, createTestPlatform } from "../support/platform";

const MIGRATION = "0022_cart_line_ids_never_reused.sql";

describe("cart row ids", () => {
  test("a row added after the migration takes an id no order placed before it consumed", async () => {
    const platform = await createTestPlatform({
      migrated: async (d1) => {
        await applyMigrations(d1, { before: MIGRATION });
        // The store as it was: row 3 in a cart, rows 5 and 17 consumed by an order (17 was the newest row then).
        await d1.batch([
          d1.prepare("insert into carts (id) values ('cart-1')"),
          d1.prepare("insert into categories (id, slug, name) values (1, 'c', 'C')"),
          d1.prepare("insert into products (id, sku, title, regular_price, primary_category_id, inventory) values (1, 'T-1', 'T', 1000, 1, 9)"),
          d1.prepare("insert into cart_lines (id, cart_id, product_id, quantity, line_key) values (3, 'cart-1', 1, 1, 'a')"),
          d1.prepare(
            `insert into orders (number, email, payment_method, subtotal, total, ship_lastname, ship_firstname, ship_lastname_jp, ship_firstname_jp,
             ship_postal_code, ship_prefecture, ship_city, ship_address1, ship_phone, placement_token, cart_id, cart_state)
           values ('N-1', 'a@example.jp', 'cod', 1000, 1000, '佐藤', '一郎', 'サトウ', 'イチロウ', '1000001', 13, '千代田区', '1-1', '0312345678', 't-1', 'cart-1', '5x2,17x1')`,
          ),
        ]);
        await applyMigrations(d1, { from: MIGRATION });
      },
    });
    try {
      const d1 = platform.env.DB;
      expect(await d1.prepare("select id from cart_lines").all()).toMatchObject({ results: [{ id: 3 }] });
      await d1.prepare("insert into cart_lines (cart_id, product_id, quantity, line_key) values ('cart-1', 1, 1, 'b')").run();
      const added = await d1.prepare("select id from cart_lines where line_key = 'b'").first<{ id: number }>();
      expect(added!.id).toBe(18);
      // Deleting the newest row does not give its id again.
      await d1.prepare("delete from cart_lines where id = 18").run();
      await d1.prepare("insert into cart_lines (cart_id, product_id, quantity, line_key) values ('cart-1', 1, 1, 'c')").run();
      expect((await d1.prepare("select id from cart_lines where line_key = 'c'").first<{ id: number }>())!.id).toBe(19);
      // The quantity rule survived the table's rebuild.
      await expect(d1.prepare("update cart_lines set quantity = 0").run()).rejects.toThrow(/CHECK/);
    } finally {
      await platform.dispose();
    }
  });
});
