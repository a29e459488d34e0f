import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import path from "node:path";
import { defineConfig, type Plugin, type Rollup, type ViteDevServer } from "vite";
import type { ServerBuild } from "@remix-run/cloudflare";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./app/load-context";
import { BASE_SECURITY_HEADERS, CROSS_SITE_REFUSED_MESSAGE } from "./app/security.server";
import { isCrossSiteMutation, isOneClickUnsubscribe } from "./app/core/site/request-origin";
import { isPrivatePath, PRIVATE_CACHE_CONTROL } from "./app/core/site/private-pages";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The dev server applies the same origin guard and headers as the Worker entry (server.ts). */
function devRequestSafety(): Plugin {
  return {
    name: "marketplace-dev-request-safety",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === "string" ? value : null;
        };
        for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
        // As finishResponse: a route's own Cache-Control, set when Remix answers, replaces this one.
        if (isPrivatePath(new URL(url).pathname)) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
        const method = req.method ?? "GET";
        const crossSite = isCrossSiteMutation({ method, url, origin: header("origin"), secFetchSite: header("sec-fetch-site"), referer: header("referer") });
        if (!crossSite) {
          // As the Worker's requestForRemix: Remix's own same-host check would throw on the provider's Origin.
          if (isOneClickUnsubscribe({ method, url })) delete req.headers.origin;
          return next();
        }
        res.statusCode = 403;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(CROSS_SITE_REFUSED_MESSAGE);
      });
    },
  };
}

/**
 * The dev server's load context, given the build's routes as the Worker entry gives its own (a page's session
 * check rides in its batch, a resource route's goes first: app/web/site/page-routes.server.ts). The routes are
 * read from the server build the Remix handler itself loaded (Vite keeps each evaluated module on its node):
 * loading it again here raced the first, cold compile on a busy machine. Before the first load, every GET is
 * taken for a page's, as in tests.
 */
function devLoadContext() {
  let devServer: ViteDevServer | undefined;
  const plugin: Plugin = { name: "marketplace-dev-load-context", configureServer: (server) => void (devServer = server) };
  const withRoutes = (args: Parameters<typeof getLoadContext>[0]) => {
    const build = devServer?.environments.ssr.moduleGraph.getModuleById("\0virtual:remix/server-build")?.ssrModule as ServerBuild | undefined;
    return getLoadContext({ ...args, serverRoutes: build?.routes });
  };
  return { plugin, getLoadContext: withRoutes };
}
const devContext = devLoadContext();

/**
 * Every page loads the browser entry and the root route with everything they import statically (React,
 * Remix, the header's modules). Rollup would split those into a dozen files shared with other routes;
 * one "framework" chunk for all of them loads exactly the same code on every page in one gzip stream
 * (about 2 KB less per page). The two entry modules themselves stay entries.
 */
/**
 * Small modules nearly every shop page imports, kept in the framework chunk rather than as files of a few
 * hundred bytes each (every file costs its own gzip header and dictionary): the island helper and Vite's
 * loader for lazily imported parts (most pages have islands), yen formatting and the product image URLs.
 */
const ALMOST_ALWAYS_LOADED = [
  path.resolve("app/components/island.tsx"),
  "\0vite/preload-helper.js",
  path.resolve("app/core/money.ts"),
  path.resolve("app/core/catalogue/product-images.ts"),
];

/**
 * A product tile, the two parts it always draws and its link's path, as one file (listing pages), with the
 * two small rules the search and category pages also load first (kana folding, the pager's pages): one file
 * instead of three.
 */
const PRODUCT_CARD_MODULES = new Set([
  ...["ProductCard", "Price", "ReviewStars"].map((name) => path.resolve(`app/components/${name}.tsx`)),
  path.resolve("app/core/catalogue/products.ts"),
  path.resolve("app/core/search/search-text.ts"),
  path.resolve("app/core/paginator.ts"),
]);

/**
 * The generic listing and its URL rules, which every member and back-office list page loads and nothing
 * else does (the shop's pages list with their own components): one file instead of two.
 */
const LISTING_MODULES = new Set([path.resolve("app/components/listing/Listing.tsx"), path.resolve("app/core/search/listing.ts")]);

const CSS_MODULE = /\.css($|\?)/;

function alwaysLoadedChunk(): Rollup.ManualChunksOption {
  const entries = [path.resolve("app/entry.client.tsx"), path.resolve("app/root.tsx")];
  let alwaysLoaded: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    if (!alwaysLoaded) {
      const reached = new Set<string>();
      const visit = (moduleId: string) => {
        if (reached.has(moduleId)) return;
        reached.add(moduleId);
        for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
      };
      entries.forEach(visit);
      entries.forEach((entry) => reached.delete(entry));
      alwaysLoaded = new Set([...reached, ...ALMOST_ALWAYS_LOADED]);
    }
    // The site stylesheet stays the root route's own: a chunk's CSS is listed with every lazy import of a
    // file that imports the chunk (preloadsNotYetLoaded), and the document already carries it inline.
    if (alwaysLoaded.has(id) && !CSS_MODULE.test(id)) return "framework";
    if (PRODUCT_CARD_MODULES.has(id)) return "ProductCard";
    return LISTING_MODULES.has(id) ? "Listing" : undefined;
  };
}

/**
 * The libraries' licence notices (React's, Remix's, each repeated in every file of the package) cost about
 * 2 KB gzip on every page when kept in the scripts: they are collected, once each, into
 * /assets/licenses.txt instead, and the minifier drops the comments.
 */
function legalNoticesFile(): Plugin {
  const notices = new Set<string>();
  return {
    name: "marketplace-legal-notices",
    apply: "build",
    renderChunk(code) {
      for (const [comment] of code.matchAll(/\/\*[*!][\s\S]*?\*\//g)) {
        if (/@license|@preserve|^\/\*!/.test(comment) && /\w/.test(comment)) notices.add(comment);
      }
      return null;
    },
    generateBundle() {
      if (notices.size > 0) this.emitFile({ type: "asset", fileName: "assets/licenses.txt", source: `${[...notices].join("\n\n")}\n` });
    },
  };
}

/**
 * Vite's loader for a lazily imported chunk (components/island) lists the files to fetch with it; each name
 * in a list is bytes of every first load that has an island. Through Vite's own hook
 * (`build.modulePreload.resolveDependencies`) a list leaves out what the page has already loaded: the
 * framework chunk, which every page loads first, and the chunks the importing file imports statically (they
 * ran before it). The site stylesheet never appears in a list: it is the root route's (the framework chunk
 * takes no CSS, see alwaysLoadedChunk), and the document carries it inline (site-styles.server.ts).
 */
function preloadsNotYetLoaded() {
  let bundle: Rollup.OutputBundle = {};
  const plugin: Plugin = {
    name: "marketplace-preloads-not-yet-loaded",
    apply: "build",
    // Runs before Vite writes the lists (its import analysis, in generateBundle): the chunks' static imports.
    generateBundle: { order: "pre", handler: (_options, output) => void (bundle = output) },
  };
  const loadedWith = (file: string, found = new Set<string>()) => {
    const chunk = bundle[file];
    if (chunk?.type !== "chunk") return found;
    for (const imported of chunk.imports) {
      if (found.has(imported)) continue;
      found.add(imported);
      loadedWith(imported, found);
    }
    return found;
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loadedBefore = loadedWith(hostId);
    return deps.filter((dep) => !loadedBefore.has(dep) && !/(^|\/)framework-[\w-]+\.js$/.test(dep));
  };
  return { plugin, resolveDependencies };
}
const preloads = preloadsNotYetLoaded();

/**
 * The local D1/R2/KV the dev server uses: wrangler's default (.wrangler/state) unless LOCAL_STORE names a
 * directory made with `--persist-to` (scripts/serve-local.ts --dev gives the e2e dev server a fresh one,
 * with its own cold dependency cache, so a test sees what a first `npm run dev` does).
 */
const localStore = process.env.LOCAL_STORE;

/**
 * Browser dependencies, pre-bundled when the dev server starts. A dependency Vite discovers only when a
 * page first imports it makes Vite re-bundle and reload every open page (losing what was being done) and
 * can leave two copies of React ("Invalid hook call").
 */
const BROWSER_DEPENDENCIES = [
  "react",
  "react-dom",
  "react-dom/client",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "@remix-run/react",
  "@conform-to/react",
  "@conform-to/valibot",
  "valibot",
  "photoswipe",
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    devRequestSafety(),
    devContext.plugin,
    cloudflareDevProxyVitePlugin({ getLoadContext: devContext.getLoadContext, ...(localStore ? { persist: { path: path.join(localStore, "v3") } } : {}) }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        // The dependency scan starts from every route module, not only what the first page imports.
        unstable_optimizeDeps: true,
      },
    }),
    UnoCSS(),
    tsconfigPaths(),
    ...(isSsrBuild ? [] : [legalNoticesFile(), preloads.plugin]),
  ],
  optimizeDeps: { include: BROWSER_DEPENDENCIES },
  ...(localStore ? { cacheDir: path.join(localStore, "vite") } : {}),
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: {
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    minify: "terser",
    // Vite 6's default browsers (iOS 14 Safari included) with Chrome/Edge from 91: esbuild lowers optional
    // chaining for Chrome before 91 (a V8 bug), ~60 bytes gzip of every page's first load.
    target: ["es2020", "chrome91", "edge91", "firefox78", "safari14"],
    // ES modules: top-level names are private to each chunk and can be shortened too. Licence notices are
    // in /assets/licenses.txt (legalNoticesFile).
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
    // A named chunk holds only the modules named for it: without onlyExplicitManualChunks Rollup would also
    // move their other imports into it (the listing's result anchor, which the cart page loads too).
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: alwaysLoadedChunk(), onlyExplicitManualChunks: true } },
  },
  server: {
    port: 5173,
    // The local stores (D1's SQLite files change with every write) and the test reports are not source: a
    // dev server watching them did work for every write of every server on the machine (issue 35).
    watch: { ignored: ["**/.wrangler/**", "**/reports/**", "**/playwright-report/**"] },
    // The server side's modules are compiled as the server starts, not all on the first page: in CI that first
    // page's compile, beside the other servers and Vitest, ran past Vite's 60 s limit for one module request
    // (the stylesheet's virtual module), and the dev server then answered every page with that error.
    warmup: { ssrFiles: ["./app/entry.server.tsx", "./app/root.tsx"] },
  },
}));
