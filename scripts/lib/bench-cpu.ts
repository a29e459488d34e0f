/**
 * Worker CPU per request of the shopper pages (issue 39 item 4), cached and rendered afresh, beside the
 * Workers Free plan's 10 ms CPU limit; pages over it are named. `npm run bench -- --cpu` prints only this; the
 * page bench prints it after the throughput table.
 *
 * Two local figures per page, each from `--cpu-requests` requests (default 40) one after another:
 * - workerd (judged against the limit): the workerd process's user + system CPU (/proc, Linux) ÷ requests,
 *   without the profiler — the Worker's CPU plus everything this machine did for the request beside it (the
 *   local D1's SQLite, the cache, HTTP parsing). An upper bound of what Cloudflare would count.
 * - isolate sampled: the V8 CPU profiler of workerd's inspector (scripts/lib/worker-profile.ts), sampling the
 *   isolate every 100 µs, its samples in JavaScript + garbage collection ÷ requests. It leaves waiting on I/O
 *   out, but it samples wall-clock time: a thread the OS preempted mid-JavaScript still counts, and the profiler
 *   slows the code it samples, so on this shared 2-core machine it reads above the process's own CPU. Printed
 *   for where the time goes, not judged (`npm run profile` breaks it down by function).
 * Neither is Cloudflare's meter (a Worker cannot read its CPU time, and Workers document that the clock advances
 * only on I/O — not during computation — so `performance.now()` around the render would not measure it; not verified here).
 */
import { readdirSync, readFileSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { EDGE_CACHE_HEADER } from "../../app/core/site/edge-cache";
import { cartCookie, loginCookie, ORIGIN, PORT, RENDER_AFRESH } from "./bench-http";
import { flagValue } from "./run";
import { connectInspector, isolateBusyMicros, type Profile } from "./worker-profile";

const REQUESTS = Number(flagValue("cpu-requests") ?? 40);
/** Workers Free plan: 10 ms of CPU per invocation (Cloudflare's documented limit). */
export const FREE_PLAN_CPU_MS = 10;
/** scripts/serve-local.ts puts workerd's inspector 1000 above the shop's port. */
const INSPECTOR = `http://127.0.0.1:${PORT + 1000}`;

type Visitor = "anonymous" | "afresh" | "cart" | "member";
const PAGES: { name: string; path: string; visitors: Visitor[] }[] = [
  { name: "home", path: "/", visitors: ["anonymous", "afresh"] },
  { name: "category (kitchen)", path: "/category/kitchen", visitors: ["anonymous", "afresh"] },
  { name: "product (DEMO-SIMPLE)", path: "/category/living/DEMO-SIMPLE", visitors: ["anonymous", "afresh", "member"] },
  { name: "search 「タオル」", path: `/search?q=${encodeURIComponent("タオル")}`, visitors: ["anonymous", "afresh"] },
  { name: "search (食品, 1,000〜5,000円)", path: "/search?category=food&priceMin=1000&priceMax=5000", visitors: ["anonymous", "afresh"] },
  { name: "cart (3 rows)", path: "/cart", visitors: ["cart"] },
  { name: "checkout (guest, 3 rows)", path: "/checkout", visitors: ["cart"] },
  { name: "member: orders", path: "/user/orders", visitors: ["member"] },
  { name: "member: an order", path: "/user/orders/4", visitors: ["member"] },
  { name: "member: profile", path: "/user/profile", visitors: ["member"] },
];

const VISITOR_LABEL: Record<Visitor, string> = {
  anonymous: "anonymous (edge cache)",
  afresh: "rendered afresh",
  cart: "guest with a cart",
  member: "signed-in member",
};

/** The workerd processes under the server's process (Linux /proc); empty elsewhere. */
function workerdProcesses(root: number): number[] {
  let entries: { pid: number; ppid: number; name: string }[];
  try {
    entries = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
          const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
          return [{ pid: Number(pid), ppid, name }];
        } catch {
          return [];
        }
      });
  } catch {
    return [];
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of entries) if (tree.has(entry.ppid) && !tree.has(entry.pid)) grew = Boolean(tree.add(entry.pid));
  }
  return entries.filter((entry) => tree.has(entry.pid) && entry.name === "workerd").map((entry) => entry.pid);
}

/** User + system CPU seconds of these processes so far (clock ticks of 1/100 s, Linux's usual USER_HZ). */
function cpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}

export async function benchCpu(server: ChildProcess): Promise<void> {
  const inspector = await connectInspector(INSPECTOR);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
  const workerd = workerdProcesses(server.pid!);
  const headersOf: Record<Visitor, Record<string, string>> = {
    anonymous: {},
    afresh: RENDER_AFRESH,
    cart: { Cookie: await cartCookie() },
    member: { Cookie: await loginCookie() },
  };
  console.log(
    `Worker CPU per request (local: ${REQUESTS} requests one after another; workerd = the process's CPU incl. the local D1, an upper bound;` +
      ` isolate sampled = JS + GC by V8's profiler, wall-clock; Workers Free plan limit ${FREE_PLAN_CPU_MS} ms)\n`,
  );
  const over: string[] = [];
  try {
    for (const page of PAGES) {
      for (const visitor of page.visitors) {
        const headers = headersOf[visitor];
        const url = new URL(page.path, ORIGIN);
        // Warm: the cache filled (anonymous), the code compiled.
        for (let warm = 0; warm < 3; warm++) await (await fetch(url, { headers })).arrayBuffer();
        const probe = await fetch(url, { headers });
        await probe.arrayBuffer();
        const cache = probe.headers.get(EDGE_CACHE_HEADER) ?? "none";
        // The process's CPU first, without the profiler (sampling every 100 µs costs CPU of its own).
        const cpuBefore = cpuSeconds(workerd);
        for (let request = 0; request < REQUESTS; request++) await (await fetch(url, { headers })).arrayBuffer();
        const processMs = ((cpuSeconds(workerd) - cpuBefore) * 1000) / REQUESTS;
        await inspector.send("Profiler.start");
        for (let request = 0; request < REQUESTS; request++) await (await fetch(url, { headers })).arrayBuffer();
        const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
        const busy = isolateBusyMicros(profile);
        const isolateMs = (busy.javascript + busy.garbageCollection) / 1000 / REQUESTS;
        // Judged by the process's CPU where /proc has it (an upper bound), else by the sampled isolate.
        const judged = workerd.length ? processMs : isolateMs;
        const within = judged <= FREE_PLAN_CPU_MS;
        if (!within) over.push(`${page.name}, ${VISITOR_LABEL[visitor]}: ${judged.toFixed(1)} ms`);
        console.log(
          `  ${page.name.padEnd(30)} ${VISITOR_LABEL[visitor].padEnd(23)} [${probe.status} ${cache.padEnd(6)}]  workerd ${workerd.length ? `${processMs.toFixed(1).padStart(5)} ms` : "  n/a"}` +
            `  ${within ? "within" : "OVER  "} ${FREE_PLAN_CPU_MS} ms   isolate sampled ${isolateMs.toFixed(1).padStart(5)} ms (GC ${(busy.garbageCollection / 1000 / REQUESTS).toFixed(1)})`,
        );
      }
    }
  } finally {
    inspector.close();
  }
  console.log(
    over.length === 0
      ? `\n  No page over the Free plan's ${FREE_PLAN_CPU_MS} ms (workerd process CPU, an upper bound).\n`
      : `\n  Over the Free plan's ${FREE_PLAN_CPU_MS} ms (workerd process CPU, an upper bound): ${over.join("; ")}\n`,
  );
}
