/**
 * The README's test command, which does its own set-up: finds Chromium and the Japanese fonts for the
 * browser tests (installing them from Debian when it can, else stopping at once with one line saying what
 * to run), then unit + integration tests (Vitest) beside a production build and, once it is built, the browser
 * tests (Playwright: JS on and off on the build, and the smoke specs on the dev server). Ends with one
 * `N passed, N failed` line summing both, and a non-zero exit status on any failure.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { ensureBrowser } from "./lib/browser";
import { run, WRANGLER_ENV } from "./lib/run";

const chromium = ensureBrowser();
if (!chromium) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

// Playwright empties test-results/ when it starts, so the Vitest report lives in reports/.
mkdirSync("reports", { recursive: true });

async function attempt(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    await run(command, args, { env });
    return true;
  } catch (error) {
    console.error(String(error));
    return false;
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The production build, its output kept in reports/build.log (printed only when it fails). */
async function build(): Promise<boolean> {
  const ok = await attempt("sh", ["-c", "npm run build > reports/build.log 2>&1"]);
  if (!ok) console.error(readFileSync("reports/build.log", "utf8"));
  return ok;
}

// Vitest runs beside the build (no Vitest test reads it), and Playwright starts as soon as the build is
// there, while Vitest finishes: its servers bundle and seed their stores meanwhile, and neither run leaves
// the other core idle at its tail (issue 35: CI within 12 minutes on 2 cores).
const [vitestOk, [buildOk, playwrightOk]] = await Promise.all([
  attempt("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=reports/vitest.json"]),
  build().then(
    async (built) => [built, built && (await attempt("npx", ["playwright", "test"], { ...WRANGLER_ENV, CHROMIUM_PATH: chromium, E2E_SPLIT_JS: "1" }))] as const,
  ),
]);

const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>("reports/vitest.json");
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>("reports/playwright.json");
const passed = (vitest?.numPassedTests ?? 0) + (playwright ? playwright.stats.expected + playwright.stats.flaky : 0);
let failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0);
// A stage that broke or never reported (build error, crashed runner, lost report) counts as a failure.
if (!vitest || !playwright) console.error("A test report is missing: counting it as a failure.");
if (failed === 0 && !(vitestOk && buildOk && playwrightOk && vitest && playwright)) failed = 1;

console.log(`\nVitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed`);
console.log(`Playwright: ${playwright ? playwright.stats.expected + playwright.stats.flaky : 0} passed, ${playwright?.stats.unexpected ?? 0} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
