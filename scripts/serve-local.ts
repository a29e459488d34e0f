/**
 * Serves the shop on a local store, for e2e tests and the bench:
 *   node --import tsx scripts/serve-local.ts --port 8788 [--fresh DIR [--template TEMPLATE] | --persist DIR] [--server-timing] [--dev]
 * The production build as deployed (scripts/lib/serve-build.ts: the bundle `wrangler deploy` would upload, on
 * workerd through Miniflare) by default; with --dev the Vite dev server (`npm run dev`'s
 * server, React in development mode with StrictMode's double effects) instead.
 * With --fresh, DIR is wiped, migrated and seeded first, so every run starts from the demo catalogue; with
 * --template too, DIR is a copy of TEMPLATE, which the first server of the run migrates and seeds
 * (scripts/lib/store-template.ts: the e2e servers seed once);
 * --persist serves the store already in DIR as it is (the bench loads extra data into it first).
 * --server-timing makes responses report their D1 round trips (Server-Timing), for the bench.
 */
import { rmSync } from "node:fs";
import { flagValue, run, WRANGLER_ENV } from "./lib/run";
import { serveBuild } from "./lib/serve-build";
import { copySeededTemplate } from "./lib/store-template";

const port = flagValue("port") ?? "8788";
const freshDir = flagValue("fresh");
const templateDir = flagValue("template");
const storeDir = freshDir ?? flagValue("persist");
const persistArgs = storeDir ? ["--persist-to", storeDir] : [];

if (freshDir && templateDir) {
  await copySeededTemplate(templateDir, freshDir);
} else if (freshDir) {
  rmSync(freshDir, { recursive: true, force: true });
  await run("node", ["--import", "tsx", "scripts/setup.ts", ...persistArgs]);
}
if (process.argv.includes("--dev")) {
  const env = storeDir ? { ...WRANGLER_ENV, LOCAL_STORE: storeDir } : WRANGLER_ENV;
  await run("npx", ["remix", "vite:dev", "--port", port, "--host", "127.0.0.1", "--strictPort"], { env });
} else {
  // Beside the shop's port: the DevTools inspector 1000 above it (scripts/profile-ssr.ts), the cron trigger
  // 2000 above (tests/e2e/order-lapse.spec.ts). Several servers run side by side (e2e projects, bench).
  await serveBuild({
    port: Number(port),
    persistTo: storeDir,
    vars: process.argv.includes("--server-timing") ? { SERVER_TIMING: "on" } : {},
    inspectorPort: Number(port) + 1000,
    controlPort: Number(port) + 2000,
  });
}
