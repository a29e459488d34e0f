import { describe, expect } from "vitest";
import { MEMBER_ID } from "~/services/seed/people";
import { productPageQueries } from "~/services/catalogue/product.server";
import { platformTest, type TestPlatform } from "../support/platform-test";

// The product page's statements on real local D1 (issue 18): each reads the one product and the rows that
// hang off it, by key. At 100,000 products the related products were read by walking the whole listing
// index (~100k index entries per page view) until this pinned them to the product's own related rows.
const it = platformTest();

async function planOf(platform: TestPlatform, statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = statement.toSQL();
  const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail);
}

/** Tables that stay small whatever the catalogue's size (staff-made rows); a scan of them is fine. */
const SMALL_TABLES = ["coupons", "merchants", "categories"];
const SCAN = /^SCAN (\w+)/;

describe("the product page's query plans", () => {
  for (const viewer of [
    { label: "a guest", userId: undefined },
    { label: "a member", userId: MEMBER_ID },
  ]) {
    it(`reads nothing by walking the catalogue, for ${viewer.label}`, async ({ platform }) => {
      const { pricing, page } = productPageQueries(platform.db, { sku: "DEMO-SIMPLE" }, { userId: viewer.userId, now: new Date() }, 1);
      const statements = [...pricing, ...page];
      expect(statements.length).toBeGreaterThan(10);
      for (const statement of statements) {
        const plan = await planOf(platform, statement);
        const label = `${statement.toSQL().sql.slice(0, 120)}…\n${plan.join("\n")}`;
        expect(plan.join("\n"), label).not.toMatch(/products_listed_/);
        for (const line of plan) {
          const scanned = SCAN.exec(line)?.[1];
          // "hits": a page's few ids, already chosen by key.
          if (scanned) expect([...SMALL_TABLES, "hits"], label).toContain(scanned);
        }
      }
    });
  }
});
