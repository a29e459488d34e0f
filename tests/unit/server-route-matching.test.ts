/**
 * The server's route matching as patched (decisions 0032, 0038): the CommonJS router the Worker and Node
 * load ranks each routes array once and keeps the ranking. Matching must still be React Router's: the same
 * array matched again for other paths, and another array of the same shape, each find their own routes in
 * their own ranking; a path matched again gets matches of its own.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type Route = { id: string; path?: string; index?: boolean; children?: Route[] };
type Match = { route: { id: string }; params: Record<string, string> };
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: Route[], location: string) => Match[] | null;
};

const shopRoutes = (): Route[] => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "category/:categorySlug/:sku" },
      { id: "category", path: "category/:categorySlug" },
      { id: "new-arrivals", path: "category/new" },
      { id: "guide", path: "guide" },
    ],
  },
];

const leafOf = (routes: Route[], path: string) => {
  const matches = matchRoutes(routes, path);
  return matches ? { id: matches.at(-1)!.route.id, params: matches.at(-1)!.params } : null;
};

describe("server route matching (ranked branches kept per routes array)", () => {
  it("matches one array again and again, each path to its own route, static segments first", () => {
    const routes = shopRoutes();
    for (let round = 0; round < 2; round++) {
      expect(leafOf(routes, "/")?.id).toBe("home");
      expect(leafOf(routes, "/category/new")?.id).toBe("new-arrivals");
      expect(leafOf(routes, "/category/food")).toEqual({ id: "category", params: { categorySlug: "food" } });
      expect(leafOf(routes, "/category/food/FOOD-SOBA")).toEqual({ id: "product", params: { categorySlug: "food", sku: "FOOD-SOBA" } });
      expect(leafOf(routes, "/nowhere")).toBeNull();
    }
  });

  it("ranks an array once: the ranking is kept, so a route added to the array later is not matched", () => {
    // The server never changes its routes arrays after they are made (decision 0032); without the patch
    // every call ranks the array afresh and would find the added route.
    const routes = shopRoutes();
    expect(leafOf(routes, "/about")).toBeNull();
    routes[0]!.children!.push({ id: "about", path: "about" });
    expect(leafOf(routes, "/about")).toBeNull();
    expect(leafOf(shopRoutes().concat(routes[0]!), "/about")?.id).toBe("about");
  });

  it("ranks another array of its own: what one array learned is not used for another", () => {
    const first = shopRoutes();
    expect(leafOf(first, "/guide")?.id).toBe("guide");
    const second: Route[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "help", path: "guide" },
          { id: "page", path: ":slug" },
        ],
      },
    ];
    expect(leafOf(second, "/guide")?.id).toBe("help");
    expect(leafOf(second, "/about")).toEqual({ id: "page", params: { slug: "about" } });
    expect(leafOf(first, "/about")).toBeNull();
  });
});

describe("server route matching (each call's own matches)", () => {
  it("gives a path matched again fresh matches, which no earlier caller's changes reach", () => {
    const routes = shopRoutes();
    const first = matchRoutes(routes, "/category/food/FOOD-SOBA")!;
    first.at(-1)!.params.sku = "CHANGED";
    first.pop();
    const again = matchRoutes(routes, "/category/food/FOOD-SOBA")!;
    expect(again).not.toBe(first);
    expect(again.map((match) => match.route.id)).toEqual(["root", "product"]);
    expect(again.at(-1)!.params).toEqual({ categorySlug: "food", sku: "FOOD-SOBA" });
  });

  it("decodes each path's own params, and still matches every path once more than 1,000 were seen", () => {
    const routes = shopRoutes();
    expect(leafOf(routes, "/category/%E9%A3%9F%E5%93%81")).toEqual({ id: "category", params: { categorySlug: "食品" } });
    for (let index = 0; index < 1100; index++) {
      expect(leafOf(routes, `/category/food/SKU-${index}`)?.params.sku).toBe(`SKU-${index}`);
    }
    expect(leafOf(routes, "/category/%E9%A3%9F%E5%93%81")).toEqual({ id: "category", params: { categorySlug: "食品" } });
    expect(leafOf(routes, "/category/food/SKU-0")).toEqual({ id: "product", params: { categorySlug: "food", sku: "SKU-0" } });
    expect(leafOf(routes, "/category/new")?.id).toBe("new-arrivals");
    expect(leafOf(routes, "/nowhere/at/all")).toBeNull();
    expect(leafOf(routes, "/nowhere/at/all")).toBeNull();
  });
});
