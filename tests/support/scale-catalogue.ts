/**
 * The demo catalogue grown by some of the scale bench's products, for the integration tests of listings and
 * keywords larger than LISTING_COUNT_CAP and BROAD_KEYWORD_HITS.
 */
import { expect } from "vitest";
import { scaleCatalogueSql } from "../../scripts/lib/bench-catalogue";
import { LISTING_COUNT_CAP } from "~/services/search/search-conditions.server";
import { reindexProductSearch } from "~/services/search/search-index.server";
import type { TestPlatform } from "./platform";

/** The listed products, in SQL (the services' `listedProduct`, written out). */
export const LISTED = "status = 'published' and is_private = 0 and (merchant_id is null or merchant_id in (select id from merchants where status = 'active'))";

/**
 * Adds 1,300 of the scale bench's products (each described as 「…で作られた…」, its catch copy 「…の…」), once per
 * store (the tests of a file share one), with the keyword index rebuilt. Returns how many products are listed.
 */
export async function addScaleProducts(platform: TestPlatform): Promise<number> {
  const added = await platform.env.DB.prepare("select count(*) as n from products where sku like 'SCALE-%'").first<{ n: number }>();
  if (added!.n === 0) {
    for (const statement of scaleCatalogueSql(1300, Date.parse("2026-01-10T00:00:00Z")).split(/;\n\n/)) {
      if (statement.trim() && !/^\s*insert into reviews/.test(statement)) await platform.env.DB.prepare(statement).run();
    }
    // Written as the bench writes them, by SQL: indexed afterwards as the bench does (folded, short words too).
    await reindexProductSearch(platform.db);
  }
  const listed = await platform.env.DB.prepare(`select count(*) as n from products where ${LISTED}`).first<{ n: number }>();
  expect(listed!.n).toBeGreaterThan(LISTING_COUNT_CAP);
  return listed!.n;
}
