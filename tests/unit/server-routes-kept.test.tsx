/**
 * The patched parts of server rendering that have no other test (decisions 0028, 0032, 0038): React Router
 * compiles a route path once (compiled paths kept), and RemixServer with `createStaticRouter` builds the
 * render's routes once per build instead of on every request (server routes and data routes kept). Each
 * test fails without its patch; none changes what is rendered or matched.
 */
import { RemixServer } from "@remix-run/react";
import type { EntryContext } from "@remix-run/cloudflare";
import { createStaticHandler, matchPath, type StaticHandlerContext } from "@remix-run/router";
import { useContext } from "react";
import { renderToString } from "react-dom/server";
import { UNSAFE_DataRouterContext } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";

const NativeRegExp = globalThis.RegExp;
afterEach(() => {
  globalThis.RegExp = NativeRegExp;
});

/** Counts the regular expressions built with `new RegExp` while `work` runs. */
function regExpsBuiltBy(work: () => void): number {
  let built = 0;
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct(target, args: [string, string?]) {
      built++;
      return new target(...args);
    },
  });
  try {
    work();
  } finally {
    globalThis.RegExp = NativeRegExp;
  }
  return built;
}

describe("compiled route paths kept (@remix-run/router patch)", () => {
  it("compiles a path once: matching it again builds no regular expression, and matches the same", () => {
    const pattern = { path: "/kept-path-test/:categorySlug/:sku", caseSensitive: false, end: true };
    let first: ReturnType<typeof matchPath> = null;
    expect(regExpsBuiltBy(() => (first = matchPath(pattern, "/kept-path-test/food/FOOD-SOBA")))).toBeGreaterThan(0);
    let again: ReturnType<typeof matchPath> = null;
    expect(regExpsBuiltBy(() => (again = matchPath(pattern, "/kept-path-test/kitchen/KIT-1")))).toBe(0);
    expect(first!.params).toEqual({ categorySlug: "food", sku: "FOOD-SOBA" });
    expect(again!.params).toEqual({ categorySlug: "kitchen", sku: "KIT-1" });
    // Another path, or the same path matched differently (case, end), is compiled on its own.
    expect(matchPath({ ...pattern, end: false }, "/kept-path-test/food/FOOD-SOBA/reviews")?.params.sku).toBe("FOOD-SOBA");
    expect(matchPath({ ...pattern, caseSensitive: true }, "/KEPT-PATH-TEST/food/x")).toBeNull();
  });
});

describe("server routes kept (@remix-run/react and react-router-dom patches)", () => {
  const seen: unknown[] = [];
  const Probe = () => {
    seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
    return <p>shop</p>;
  };
  const manifestRoutes = {
    root: {
      id: "root",
      path: "",
      module: "/root.js",
      hasLoader: false,
      hasAction: false,
      hasClientLoader: false,
      hasClientAction: false,
      hasErrorBoundary: false,
    },
  };
  const routeModules = { root: { default: Probe } };

  async function render(path: string, modules: Record<string, { default: () => JSX.Element }> = routeModules) {
    const handled = await createStaticHandler([{ id: "root", path: "/" }]).query(new Request(`https://shop.example${path}`));
    const context = {
      manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "test" },
      routeModules: modules,
      staticHandlerContext: handled as StaticHandlerContext,
      future: { v3_singleFetch: false, v3_relativeSplatPath: true },
      isSpaMode: false,
      serverHandoffString: "{}",
      serializeError: (error: Error) => ({ message: error.message }),
    } as unknown as EntryContext;
    return renderToString(<RemixServer context={context} url={`https://shop.example${path}`} />);
  }

  it("renders every request from the routes built for the first one", async () => {
    seen.length = 0;
    expect(await render("/")).toContain("<p>shop</p>");
    expect(await render("/?again=1")).toContain("<p>shop</p>");
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeDefined();
    expect(seen[1]).toBe(seen[0]);
  });

  it("builds them again when the route modules change (the dev server's reload)", async () => {
    seen.length = 0;
    await render("/");
    await render("/", { root: { default: Probe } });
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });
});
