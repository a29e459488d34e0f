import { describe, expect } from "vitest";
import { productBySku } from "~/services/seed/catalogue";
import { productPlacements } from "~/services/catalogue/product-placements.server";
import { platformTest } from "../support/platform-test";

// What the edge cache's purge names for a product (docs/decisions/0023-edge-cache.md), on real local D1.
const it = platformTest();

describe("productPlacements", () => {
  it("gives each product's page category and every listing showing it, parents included", async ({ platform }) => {
    const cheese = productBySku("FOOD-CHEESE");
    const soba = productBySku("FOOD-SOBA");
    const placements = await productPlacements(platform.db, [cheese.id, soba.id, cheese.id]);
    expect(placements).toHaveLength(2);
    expect(placements.find((placement) => placement.sku === "FOOD-CHEESE")).toEqual({ sku: "FOOD-CHEESE", categorySlug: "dairy", listedIn: ["dairy", "food"] });
    expect(placements.find((placement) => placement.sku === "FOOD-SOBA")).toEqual({ sku: "FOOD-SOBA", categorySlug: "food", listedIn: ["food"] });
    expect(await productPlacements(platform.db, [])).toEqual([]);
  });
});
