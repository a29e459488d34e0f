/**
 * Serves the production build as it is deployed: the Worker bundle `wrangler deploy --dry-run` makes (the
 * bytes `wrangler deploy` uploads), run by workerd through Miniflare with the bindings, assets, queues and
 * vars wrangler.toml (and .dev.vars) declare, each simulated locally and kept in `persistTo`.
 *
 * Not `wrangler dev`: that puts a proxy Worker and a Node.js hop in front of the Worker for its live reload
 * and inspector, which the e2e tests and the bench never use, and which cost twice the Worker's own CPU per
 * request (measured: 100 home-page requests took 0.22 core-s in the Worker, 0.38 more in the proxy and
 * Node.js). The tests' servers share 2 cores with the browsers (issue 35).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_getVarsForDev, unstable_readConfig } from "wrangler";
import { run, WRANGLER_ENV } from "./run";

const CONFIG = "wrangler.toml";

export interface ServeBuildOptions {
  port: number;
  /** The local store (D1, R2, KV, queues): a `--persist-to` directory; default wrangler's own (.wrangler/state). */
  persistTo?: string;
  /** Vars set on top of wrangler.toml's and .dev.vars' (e.g. SERVER_TIMING for the bench). */
  vars?: Record<string, string>;
  /**
   * A port where `GET /scheduled?cron=…` runs the Worker's cron handler, as Cloudflare's cron trigger would
   * (the e2e tests use it). Miniflare's own /cdn-cgi/handler/scheduled reaches the assets router, not the
   * Worker, when the Worker has assets.
   */
  controlPort?: number;
  /** Where workerd's DevTools inspector answers (`npm run profile` takes the Worker's CPU profile there). */
  inspectorPort?: number;
}

/** Answers `GET /scheduled?cron=…` on `port` by running the Worker's scheduled handler; 200 when it ran without error. */
function serveCronTrigger(miniflare: Miniflare, port: number): void {
  createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const cron = url.searchParams.get("cron");
    if (url.pathname !== "/scheduled" || !cron) {
      response.writeHead(404).end("GET /scheduled?cron=… runs the cron handler");
      return;
    }
    miniflare
      .getWorker()
      .then((worker) => worker.scheduled({ cron, scheduledTime: new Date() }))
      .then(
        (result) => response.writeHead(result.outcome === "ok" ? 200 : 500).end(result.outcome),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
  }).listen(port, "127.0.0.1");
}

/** Bundles the Worker as `wrangler deploy` would (NODE_ENV production), into `outdir`; answers the entry module. */
async function bundleWorker(outdir: string): Promise<string> {
  await run("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], { env: { ...WRANGLER_ENV, NODE_ENV: "production", WRANGLER_LOG: "error" } });
  const config = unstable_readConfig({ config: CONFIG });
  return path.resolve(outdir, `${path.basename(config.main ?? "index.js").replace(/\.[cm]?[jt]sx?$/, "")}.js`);
}

/** Local values of wrangler.toml's vars with .dev.vars over them, as `wrangler dev` reads them. */
function localVars(): Record<string, string> {
  const config = unstable_readConfig({ config: CONFIG });
  const vars = unstable_getVarsForDev(CONFIG, [".dev.vars"], config.vars, undefined, true);
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [name, typeof value === "object" && value != null && "value" in value ? String(value.value) : String(value)]),
  );
}

/** Starts the server and answers once it takes requests; it runs until the process is stopped. */
export async function serveBuild({ port, persistTo, vars = {}, controlPort, inspectorPort }: ServeBuildOptions): Promise<Miniflare> {
  const entry = await bundleWorker(path.join(persistTo ?? ".wrangler", "bundle"));
  const { workerOptions } = unstable_getMiniflareWorkerOptions(CONFIG);
  const miniflare = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, ...localVars(), ...vars },
    // The bundle is one module whose dynamic imports are its own chunks: named explicitly, as wrangler does.
    modules: [{ type: "ESModule", path: entry, contents: readFileSync(entry, "utf8") }],
    modulesRoot: path.dirname(entry),
    host: "127.0.0.1",
    port,
    inspectorPort,
    defaultPersistRoot: path.join(persistTo ?? ".wrangler/state", "v3"),
    // No request reads `request.cf`: the placeholder Miniflare offers offline is enough.
    cf: false,
    // Uncaught errors and warnings reach the server's output, as under wrangler dev.
    log: new Log(LogLevel.WARN),
  });
  await miniflare.ready;
  if (controlPort != null) serveCronTrigger(miniflare, controlPort);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void miniflare.dispose().finally(() => process.exit(0)));
  }
  return miniflare;
}
