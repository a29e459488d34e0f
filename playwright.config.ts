import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/lib/browser";

// E2E_PORT lets two suites (e.g. a CI clone and a working copy) run side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);

/**
 * The specs that also run against the Vite dev server (`npm run dev`): one pass over every modal, and the
 * pages styled and hydrating cleanly (the production build inlines the stylesheet; dev serves it its own way),
 * the header's search suggestions (a module loaded by dynamic import, which Vite's dev server serves apart), and
 * an island keeping its HTML while its code loads (the dev server refreshes the stylesheet as pages load).
 */
const DEV_SMOKE_SPECS = ["modals.spec.ts", "first-paint.spec.ts", "search-suggest.spec.ts", "islands.spec.ts"];

/**
 * Each project gets its own server on its own store, a copy of one seeded for the run (the first server makes
 * it: scripts/lib/store-template.ts), so the runs can share demo accounts (carts, mails, points) without
 * disturbing each other. Within a project the specs run one at a time: several of them log in as the same
 * demo member (its cart, mails, points), and two at once would change each other's state. The projects run
 * side by side.
 *   js, no-js  the production build under workerd, every spec with JavaScript on and off
 *   js-2       with E2E_SPLIT_JS=1 (`npm test`), the specs from "g" on run with JavaScript here, on a server
 *              of their own, beside "js" (a to f): the JS-on specs take about twice the no-JS ones' time, and
 *              the split halves them (measured: 349 s and 321 s of tests against no-js's 324 s)
 *   dev        the Vite dev server (development React, StrictMode, on-demand compilation), smoke spec only,
 *              beside the others (its D1 calls go through miniflare's synchronous proxy, mended for a busy
 *              machine by decision 0021)
 */
const SPLIT_JS = process.env.E2E_SPLIT_JS === "1";
const FIRST_JS_HALF = /(^|[/\\])[a-f][^/\\]*\.spec\.ts$/;
const PROJECTS = [
  { name: "js", javaScriptEnabled: true, port: E2E_PORT, dev: false, ...(SPLIT_JS ? { testMatch: FIRST_JS_HALF } : {}) },
  { name: "no-js", javaScriptEnabled: false, port: E2E_PORT + 1, dev: false },
  ...(SPLIT_JS ? [{ name: "js-2", javaScriptEnabled: true, port: E2E_PORT + 3, dev: false, testIgnore: FIRST_JS_HALF }] : []),
  { name: "dev", javaScriptEnabled: true, port: E2E_PORT + 2, dev: true },
];

/** The run's seeded template (the config is read again in each worker: they keep the runner's). */
process.env.E2E_RUN ??= `${Date.now().toString(36)}-${process.pid}`;
const STORE_TEMPLATE = `.wrangler/e2e-templates/${process.env.E2E_RUN}`;

/**
 * Only the selected projects' servers start (`--project js` does not wait for the dev server). Playwright
 * loads this file in its workers too, where the command line differs, but servers start only in the runner.
 */
function selectedProjects(): string[] {
  const names: string[] = [];
  process.argv.forEach((argument, index) => {
    if (argument.startsWith("--project=")) names.push(argument.slice("--project=".length));
    else if (argument === "--project" || argument === "-p") names.push(process.argv[index + 1] ?? "");
  });
  return names;
}
const chosen = selectedProjects();
const serverProjects = chosen.length === 0 ? PROJECTS : PROJECTS.filter((project) => chosen.includes(project.name));

// Every browser test runs twice, with JavaScript and without (progressive enhancement is a feature), on a
// phone-sized screen; tests import `test` from tests/e2e/fixtures.ts, which fails them on console errors.
export default defineConfig({
  testDir: "tests/e2e",
  // Four servers and four browsers share 2 cores under `npm test`: a long journey (checkout, register,
  // log in) can take most of 30 s there.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    // The shop is used mostly on phones: every test runs on a 390×844 screen (iPhone 12–15 size).
    viewport: { width: 390, height: 844 },
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    // Recording a trace for every test cost ~8% of the run's CPU: in CI a failed test is retried once with its
    // trace recorded; a local run (no retry) keeps the trace of what failed.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: findChromium() ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: PROJECTS.map(({ name, javaScriptEnabled, port, dev, ...files }) => ({
    name,
    ...files,
    workers: 1,
    // E2E_DEV_SPECS=a.spec.ts,b.spec.ts runs other specs on the dev server, to try new pages there by hand.
    // The dev server compiles each module on first request and reaches D1 through a synchronous proxy: beside
    // three build servers on 2 cores a journey there took up to 56 s in CI (the islands cart test).
    ...(dev ? { testMatch: process.env.E2E_DEV_SPECS?.split(",") ?? DEV_SMOKE_SPECS, timeout: 120_000 } : {}),
    // Tests tagged HTTP_ONLY (tests/e2e/fixtures.ts) read what JavaScript cannot change: once is enough.
    ...(javaScriptEnabled ? {} : { grepInvert: /@http-only/ }),
    use: { javaScriptEnabled, baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: serverProjects.map(({ name, port, dev }) => ({
    command: `node --import tsx scripts/serve-local.ts --port ${port} --fresh .wrangler/e2e-${name}-${port} --template ${STORE_TEMPLATE}${dev ? " --dev" : ""}`,
    // The dev server is ready once Vite answers; the app compiles on its first page, in its first test,
    // not while every other server waits for it.
    url: `http://127.0.0.1:${port}${dev ? "/@vite/client" : "/"}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: (process.env.E2E_SERVER_LOGS ? "pipe" : "ignore") as "pipe" | "ignore",
    stderr: "pipe" as const,
  })),
});
