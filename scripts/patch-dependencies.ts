/**
 * postinstall: mends dependencies where their code is known to misbehave for this shop. Each mend runs only
 * where the exact code is found (and says so), and warns when the code changed, so an upgrade that fixes
 * the bug upstream (or moves it) is noticed; the decisions say when to drop each.
 *
 * - miniflare's SynchronousFetcher (decision 0021, test harness only): the channel getPlatformProxy's
 *   bindings use for synchronous calls such as D1's prepare() reads the worker thread's answer right after
 *   being notified; on a loaded machine the answer can land a moment later, so the read finds nothing, the
 *   call fails with "AssertionError: false == true", and every later call reads the previous call's answer.
 *   The mend waits (up to 30 s) for the answer to THIS call and skips a late answer to an earlier one.
 * - Remix's RemixBrowser (decision 0025, shipped to the browser): it re-renders on every location change
 *   (and, under the dev server, on every stylesheet hot update) with an urgent state update, outside the
 *   transition the router's own updates use, and hands a new context value down. An island (decision 0024)
 *   whose code has not arrived yet is a dehydrated Suspense boundary; an urgent context change reaching it
 *   makes React throw its server HTML away and draw it empty until the code comes. The mends make both
 *   updates transitions, so React keeps the server's HTML and hydrates the island when its code is there.
 * - Remix's Scripts (decision 0027, server and browser): the document names every module of the page in
 *   modulepreload links and a module script's static imports, so ~90 KB of code starts downloading before
 *   the first paint and shares the phone's bandwidth with the page's photo. The mends leave the links out and
 *   make the module script wait for the page's load (its photos in view) and the next paint before it adds
 *   the same preload links and imports the same modules. Until then the page works as plain HTML.
 * - React Router's route matching (decision 0028, server and browser): every matchRoutes call compiled
 *   the pattern of each of ~150 routes into a regular expression again, three times per request (~2 ms of
 *   a page's ~20 ms of CPU). A pattern's compiled form is kept: a pure function of the pattern.
 * - The server's routes (decision 0032, server only): each request flattened and ranked the ~150 routes
 *   three times, and RemixServer and createStaticRouter built the render's routes afresh, from the same
 *   build each time. Each is kept per routes array (per manifest for RemixServer), and so is the first
 *   branch each path matched. The browser's router (the ES build) is left alone: lazy route discovery adds
 *   routes to its arrays in place.
 * - React's server renderer (decision 0034, server only): its production build encoded every piece of
 *   markup with its own TextEncoder call and sent the document in 512-byte chunks (~13% of a page's CPU).
 *   The mend keeps each flush's markup as one string, encoded and sent as one chunk.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** One change to a dependency's file; `REACT` stands for the module's own name for React. */
type Mend = { name: string; files: string[]; mark: string; original: string; mended: string; done: string; decision: string };

const resolve = createRequire(import.meta.url).resolve;
// The CommonJS and the ES module builds carry the same code under different names for React.
const remixBuilds = (file: string) => ((dist) => [join(dist, file), join(dist, "esm", file)])(dirname(resolve("@remix-run/react")));
const remixBrowserBuilds = remixBuilds("browser.js");
const routerBuilds = ((dist) => [join(dist, "router.js"), join(dist, "router.cjs.js")])(dirname(resolve("@remix-run/router")));
// The CommonJS build is the server's alone (the Worker bundle, Node): Vite's browser bundle takes the ES one.
const serverRouterBuild = join(dirname(resolve("@remix-run/router")), "router.cjs.js");
const remixServerBuilds = remixBuilds("server.js");
const staticRouterBuilds = ((dir) => [join(dir, "server.js"), join(dir, "server.mjs")])(dirname(resolve("react-router-dom/server")));
// What the Worker renders with (react-dom's "worker" export condition), as deployed.
const reactServerBuild = join(dirname(resolve("react-dom/package.json")), "cjs", "react-dom-server.browser.production.min.js");

const MENDS: Mend[] = [
  {
    name: "miniflare",
    files: [resolve("miniflare")],
    mark: "/* marketplace: wait for this call's answer */",
    original: `    const message = (0, import_node_worker_threads.receiveMessageOnPort)(
      this.#channel.port1
    )?.message;
    (0, import_node_assert13.default)(message?.id === id);`,
    mended: `    /* marketplace: wait for this call's answer */
    const receive = () => (0, import_node_worker_threads.receiveMessageOnPort)(this.#channel.port1)?.message;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 30000;
    let message = receive();
    while ((message === undefined || message.id < id) && Date.now() < deadline) {
      if (message === undefined) Atomics.wait(pause, 0, 0, 1);
      message = receive();
    }
    (0, import_node_assert13.default)(message?.id === id);`,
    done: "SynchronousFetcher waits for its own answer",
    decision: "0021",
  },
  {
    name: "@remix-run/react (location)",
    files: remixBrowserBuilds,
    mark: "/* marketplace: location update as a transition */",
    original: `      if (newState.location !== location) {
        setLocation(newState.location);
      }`,
    mended: `      if (newState.location !== location) {
        /* marketplace: location update as a transition */
        REACT.startTransition(() => setLocation(newState.location));
      }`,
    done: "RemixBrowser's location update is a transition",
    decision: "0025",
  },
  {
    name: "@remix-run/react (dev stylesheet)",
    files: remixBrowserBuilds,
    mark: "/* marketplace: stylesheet update as a transition */",
    original: `    window.__remixClearCriticalCss = () => setCriticalCss(undefined);`,
    mended: `    /* marketplace: stylesheet update as a transition */
    window.__remixClearCriticalCss = () => REACT.startTransition(() => setCriticalCss(undefined));`,
    done: "RemixBrowser's dev stylesheet update is a transition",
    decision: "0025",
  },
  {
    name: "@remix-run/react (scripts after the page)",
    files: remixBuilds("components.js"),
    // The browser bundle carries this text as it is (Remix renders Scripts there too): written short.
    mark: 'addEventListener("load",p)',
    original: '${matches.map((match, index) => `import * as route${index} from ${JSON.stringify(manifest.routes[match.route.id].module)};`).join("\\n")}',
    mended: [
      'await new Promise(g=>{let p=()=>document.hidden?g():requestAnimationFrame(()=>setTimeout(g));document.readyState=="complete"?p():addEventListener("load",p)});',
      'for(let h of ${JSON.stringify(dedupe([manifest.entry.module, ...manifest.entry.imports, ...matches.flatMap((match) => [...(manifest.routes[match.route.id].imports || []), manifest.routes[match.route.id].module])]))})document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href:h}));',
      'let[${matches.map((match, index) => `route${index}`).join(",")}]=await Promise.all([${matches.map((match) => `import(${JSON.stringify(manifest.routes[match.route.id].module)})`).join(",")}]);',
    ].join("\n"),
    done: "Scripts loads the page's modules after its load and first paint",
    decision: "0027",
  },
  {
    name: "@remix-run/react (no preload links in the document)",
    files: remixBuilds("components.js"),
    mark: "/* marketplace: the module script adds the preload links */",
    original: `  let preloads = isHydrated ? [] : manifest.entry.imports.concat(routePreloads);
  return isHydrated ? null : /*#__PURE__*/REACT.createElement(REACT.Fragment, null, !enableFogOfWar ? /*#__PURE__*/REACT.createElement("link", {
    rel: "modulepreload",
    href: manifest.url,
    crossOrigin: props.crossOrigin
  }) : null, /*#__PURE__*/REACT.createElement("link", {
    rel: "modulepreload",
    href: manifest.entry.module,
    crossOrigin: props.crossOrigin
  }), dedupe(preloads)`,
    mended: `  /* marketplace: the module script adds the preload links */
  let preloads = [];
  return isHydrated ? null : /*#__PURE__*/REACT.createElement(REACT.Fragment, null, !enableFogOfWar ? /*#__PURE__*/REACT.createElement("link", {
    rel: "modulepreload",
    href: manifest.url,
    crossOrigin: props.crossOrigin
  }) : null, dedupe(preloads)`,
    done: "Scripts names no modules in preload links",
    decision: "0027",
  },
  {
    name: "@remix-run/router (compiled paths)",
    files: routerBuilds,
    mark: "/* marketplace: compiled paths kept */",
    original: `function compilePath(path, caseSensitive, end) {`,
    mended: `/* marketplace: compiled paths kept */
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = path + "\\0" + caseSensitive + "\\0" + end;
  return compiledPaths.get(key) || compiledPaths.set(key, compilePathOnce(path, caseSensitive, end)).get(key);
}
function compilePathOnce(path, caseSensitive, end) {`,
    done: "compilePath keeps what it compiled",
    decision: "0028",
  },
  {
    name: "@remix-run/router (ranked branches, server)",
    files: [serverRouterBuild],
    mark: "/* marketplace: ranked branches kept */",
    original: `  let branches = flattenRoutes(routes);
  rankRouteBranches(branches);`,
    mended: `  /* marketplace: ranked branches kept */
  let branches = rankedBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }`,
    done: "matchRoutes keeps each routes array's ranked branches",
    decision: "0032",
  },
  {
    name: "@remix-run/router (ranked branches' store, server)",
    files: [serverRouterBuild],
    mark: "/* marketplace: ranked branches' store */",
    original: `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`,
    mended: `/* marketplace: ranked branches' store */
const rankedBranches = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {`,
    done: "the ranked branches are kept by routes array",
    decision: "0032",
  },
  {
    name: "@remix-run/router (first matching branch, server)",
    files: [serverRouterBuild],
    mark: "/* marketplace: first matching branch kept */",
    original: `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    // Incoming pathnames are generally encoded from either window.location
    // or from router.navigate, but we want to match against the unencoded
    // paths in the route definitions.  Memory router locations won't be
    // encoded here but there also shouldn't be anything to decode so this
    // should be a safe operation.  This avoids needing matchRoutes to be
    // history-aware.
    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  return matches;`,
    // The index of the first branch that matched a path is kept (the last 1,000 paths per branches array); the
    // matches are made afresh from that branch, so no caller shares another's objects.
    mended: `  /* marketplace: first matching branch kept */
  let decoded = decodePath(pathname);
  let kept = firstMatchingBranches.get(branches);
  if (!kept) firstMatchingBranches.set(branches, (kept = new Map()));
  let key = (allowPartial ? "partial:" : "whole:") + decoded;
  let index = kept.get(key);
  if (index === undefined) {
    index = branches.findIndex((branch) => matchRouteBranch(branch, decoded, allowPartial) != null);
    if (kept.size >= 1000) kept.delete(kept.keys().next().value);
    kept.set(key, index);
  }
  return index < 0 ? null : matchRouteBranch(branches[index], decoded, allowPartial);`,
    done: "matchRoutes keeps the first branch each path matched",
    decision: "0032",
  },
  {
    name: "@remix-run/router (first matching branches' store, server)",
    files: [serverRouterBuild],
    mark: "/* marketplace: first matching branches' store */",
    original: `function matchRouteBranch(branch, pathname, allowPartial) {`,
    mended: `/* marketplace: first matching branches' store */
const firstMatchingBranches = new WeakMap();
function matchRouteBranch(branch, pathname, allowPartial) {`,
    done: "the first matching branches are kept by branches array",
    decision: "0032",
  },
  ...[
    { file: remixServerBuilds[0]!, call: "routes.createServerRoutes" },
    { file: remixServerBuilds[1]!, call: "createServerRoutes" },
  ].map(({ file, call }) => ({
    name: "@remix-run/react (server routes)",
    files: [file],
    mark: "/* marketplace: server routes kept */",
    original: `= ${call}(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    mended: `= /* marketplace: server routes kept */ keptServerRoutes(manifest.routes, routeModules, () =>
    ${call}(manifest.routes, routeModules, context.future, context.isSpaMode));`,
    done: "RemixServer builds its routes once per manifest and route modules",
    decision: "0032",
  })),
  {
    name: "@remix-run/react (server routes' store)",
    files: remixServerBuilds,
    mark: "/* marketplace: server routes' store */",
    original: `function RemixServer({`,
    // Kept per manifest while every route module is the same one (the dev server evaluates an edited module again).
    mended: `/* marketplace: server routes' store */
const serverRoutesKept = new WeakMap();
function keptServerRoutes(manifestRoutes, routeModules, create) {
  let kept = serverRoutesKept.get(manifestRoutes);
  if (!kept || Object.keys(routeModules).some((id) => routeModules[id] !== kept.modules[id])) {
    kept = { modules: routeModules, routes: create() };
    serverRoutesKept.set(manifestRoutes, kept);
  }
  return kept.routes;
}
function RemixServer({`,
    done: "the server routes are kept by manifest",
    decision: "0032",
  },
  {
    // React's own names: p writeChunk, t writeChunkAndReturn, ba completeWriting, u stringToChunk,
    // w stringToPrecomputedChunk. flushCompletedQueues still resets the byte view it no longer uses.
    name: "react-dom/server (one chunk per flush)",
    files: [reactServerBuild],
    mark: "/* marketplace: one chunk per flush */",
    original:
      "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);" +
      "else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);" +
      "l.set(b,n);n+=b.length}}function t(a,b){p(a,b);return!0}function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}" +
      "var ca=new TextEncoder;function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
    mended:
      '/* marketplace: one chunk per flush */var pendingHtml="";function p(a,b){pendingHtml+=b}function t(a,b){p(a,b);return!0}' +
      'function ba(a){pendingHtml&&(a.enqueue(ca.encode(pendingHtml)),pendingHtml="")}' +
      "var ca=new TextEncoder;function u(a){return a}function w(a){return a}",
    done: "the server renderer encodes and sends each flush as one chunk",
    decision: "0034",
  },
  ...[
    { file: staticRouterBuilds[0]!, convert: "router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties" },
    { file: staticRouterBuilds[1]!, convert: "UNSAFE_convertRoutesToDataRoutes(routes, UNSAFE_mapRouteProperties" },
  ].map(({ file, convert }) => ({
    name: "react-router-dom/server (data routes)",
    files: [file],
    mark: "/* marketplace: data routes kept */",
    original: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = ${convert}, undefined, manifest);`,
    mended: `/* marketplace: data routes kept */
const dataRoutesKept = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = dataRoutesKept.get(routes);
  if (!kept) {
    let manifest = {};
    kept = { manifest, dataRoutes: ${convert}, undefined, manifest) };
    dataRoutesKept.set(routes, kept);
  }
  let { manifest, dataRoutes } = kept;`,
    done: "createStaticRouter converts each routes array once",
    decision: "0032",
  })),
];

/** The module's own name for React (`React__namespace` in the CommonJS build, `React` in the ES one). */
function reactNameIn(source: string): string {
  return source.includes("React__namespace.useState(") ? "React__namespace" : "React";
}

for (const mend of MENDS) {
  for (const file of mend.files) {
    const source = readFileSync(file, "utf8");
    const [original, mended] = [mend.original, mend.mended].map((text) => text.replaceAll("REACT", reactNameIn(source)));
    if (source.includes(mend.mark)) {
      console.log(`patch-dependencies: ${mend.name} already mended`);
    } else if (source.includes(original!)) {
      writeFileSync(file, source.replace(original!, mended!));
      console.log(`patch-dependencies: ${mend.name}: ${mend.done}`);
    } else {
      console.warn(`patch-dependencies: ${mend.name}'s code changed in ${file}; nothing mended (see decision ${mend.decision})`);
    }
  }
}
