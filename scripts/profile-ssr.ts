/**
 * `npm run profile`: a CPU profile of the server rendering the guide, product and category pages, taken from the
 * Worker itself (workerd's DevTools inspector, as wrangler dev's DevTools Profiler tab does) while the
 * pages are requested one after another. Prints, per page, the server time (median) and where the
 * Worker's CPU went: the stages of a request (session, loaders, D1, render, loader data) by inclusive
 * time, then the functions with the most self time. Writes each profile to .wrangler/profiles/*.cpuprofile
 * (open it in Chrome DevTools). Runs locally; CI does not run it.
 *
 *   npm run profile [-- --requests 200]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loginCookie, ORIGIN, PORT, RENDER_AFRESH, serve, serverTime } from "./lib/bench-http";
import { flagValue, run, stop, waitForHttp } from "./lib/run";
import { connectInspector, NOT_JAVASCRIPT, selfTimes, type Profile } from "./lib/worker-profile";

const REQUESTS = Number(flagValue("requests") ?? 150);
const INSPECTOR = `http://127.0.0.1:${PORT + 1000}`;

const PAGES = [
  // A page with little data: what every rendered document costs before its own queries.
  { name: "guide", path: "/guide" },
  { name: "product", path: "/category/living/DEMO-SIMPLE" },
  // The throughput bench's uncached page: a signed-in member's requests are never cached.
  { name: "product, signed-in member", path: "/category/living/DEMO-SIMPLE", member: true },
  { name: "product (variations)", path: "/category/living/DEMO-VARIATION" },
  { name: "category", path: "/category/kitchen" },
];

/**
 * The stages of a request, each the functions whose inclusive time is that stage's (the outermost call
 * counts once). Names are those of the server build (not minified) and its libraries.
 */
const STAGES: { stage: string; functions: RegExp }[] = [
  { stage: "session cookie + auth", functions: /^(getSession|unsign|loadPageShell|currentUser|sessionUser)$/ },
  { stage: "route loaders (incl. D1 calls)", functions: /^(callRouteLoader|loadRouteData|callLoaderOrAction)$/ },
  { stage: "D1 batch (waiting on D1 excluded)", functions: /^(batch|_sendOrThrow|_send)$/ },
  // React's production build (what the server runs, as deployed) has minified names: its render shows among
  // the functions by self time, not here.
  { stage: "React render to HTML (development build only)", functions: /^(renderToReadableStream|renderToString|performWork|renderNodeDestructive)$/ },
  { stage: "loader data → document (turbo-stream)", functions: /^(encode|stringify|flatten|serializeData)$/ },
];

function summarise(profile: Profile, requests: number) {
  const self = selfTimes(profile);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = [...self.values()].reduce((sum, time) => sum + time, 0);
  const idle = profile.nodes.filter((node) => NOT_JAVASCRIPT.test(node.callFrame.functionName));
  const idleTime = idle.reduce((sum, node) => sum + (self.get(node.id) ?? 0), 0);
  const busy = total - idleTime;

  // Inclusive time of each stage: the subtree of its outermost matching call.
  const stageTime = new Map<string, number>();
  const subtree = (id: number): number => {
    const node = byId.get(id)!;
    return (self.get(id) ?? 0) + (node.children ?? []).reduce((sum, child) => sum + subtree(child), 0);
  };
  const walk = (id: number, inside: Set<string>) => {
    const node = byId.get(id)!;
    const stage = STAGES.find((candidate) => candidate.functions.test(node.callFrame.functionName))?.stage;
    let now = inside;
    if (stage && !inside.has(stage)) {
      stageTime.set(stage, (stageTime.get(stage) ?? 0) + subtree(id));
      now = new Set(inside).add(stage);
    }
    for (const child of node.children ?? []) walk(child, now);
  };
  walk(profile.nodes[0]!.id, new Set());

  const functions = new Map<string, number>();
  for (const node of profile.nodes) {
    if (idle.includes(node)) continue;
    const file = node.callFrame.url.split("/").pop() || "(native)";
    const key = `${node.callFrame.functionName || "(anonymous)"}  ${file}:${node.callFrame.lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const perRequest = (micros: number) => `${(micros / 1000 / requests).toFixed(2)} ms`;
  console.log(`  Worker CPU busy ${perRequest(busy)} per request (profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s)`);
  for (const { stage } of STAGES) console.log(`    ${stage.padEnd(42)} ${perRequest(stageTime.get(stage) ?? 0)}`);
  console.log("  most self time:");
  for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`    ${perRequest(time).padStart(9)}  ${name}`);
  }
}

await run("npm", ["run", "build"]);
const server = serve("--fresh");
try {
  await waitForHttp(`${ORIGIN}/`, 180_000);
  const inspector = await connectInspector(INSPECTOR);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  mkdirSync(".wrangler/profiles", { recursive: true });
  console.log(`\nSSR profile: ${ORIGIN} (production build as deployed, on Miniflare), ${REQUESTS} requests per page one after another\n`);
  const member = { Cookie: await loginCookie() };
  for (const page of PAGES) {
    const headers = page.member ? member : RENDER_AFRESH;
    const before = await serverTime(page.path, headers);
    await inspector.send("Profiler.start");
    for (let request = 0; request < REQUESTS; request++) await (await fetch(new URL(page.path, ORIGIN), { headers })).arrayBuffer();
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    const file = `.wrangler/profiles/${page.name.replace(/\W+/g, "-")}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`${page.name}  ${page.path}  [HTTP ${before.status}]  server time ${before.median.toFixed(1)} ms (median), D1 ${before.d1}  → ${file}`);
    summarise(profile, REQUESTS);
    console.log("");
  }
  inspector.close();
} finally {
  stop(server);
}
