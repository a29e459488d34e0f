import { defineConfig } from "@playwright/test";

// E2E_PORT lets two suites (e.g. a CI clone and a working copy) run side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);

/**
 * Each project (JS on / JS off) gets its own server on its own freshly seeded store, so the two runs
 * can share demo accounts (carts, mails, points) without disturbing each other. Within a project the
 * specs run one at a time: several of them log in as the same demo member (its cart, mails, points),
 * and two at once would change each other's state. The two projects still run side by side.
 */
const PROJECTS = [
  { name: "js", javaScriptEnabled: true, port: E2E_PORT },
  { name: "no-js", javaScriptEnabled: false, port: E2E_PORT + 1 },
];

// Every browser test runs twice: with JavaScript and without (progressive enhancement is a feature).
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  projects: PROJECTS.map(({ name, javaScriptEnabled, port }) => ({
    name,
    workers: 1,
    use: { javaScriptEnabled, baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: PROJECTS.map(({ name, port }) => ({
    command: `node --import tsx scripts/serve-local.ts --port ${port} --fresh .wrangler/e2e-${name}-${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
