/**
 * The README's test command: unit + integration tests (Vitest), then a production build and the
 * browser tests (Playwright, JS on and off). Ends with one `N passed, N failed` line summing both,
 * and a non-zero exit status on any failure.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { run } from "./lib/run";

// Playwright empties test-results/ when it starts, so the Vitest report lives in reports/.
mkdirSync("reports", { recursive: true });

async function attempt(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args);
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

const vitestOk = await attempt("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile=reports/vitest.json",
]);
const buildOk = await attempt("npm", ["run", "build"]);
const playwrightOk = buildOk && (await attempt("npx", ["playwright", "test"]));

const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>("reports/vitest.json");
const playwright = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
  "reports/playwright.json",
);
const passed = (vitest?.numPassedTests ?? 0) + (playwright ? playwright.stats.expected + playwright.stats.flaky : 0);
let failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0);
// A stage that broke or never reported (build error, crashed runner, lost report) counts as a failure.
if (!vitest || !playwright) console.error("A test report is missing: counting it as a failure.");
if (failed === 0 && !(vitestOk && buildOk && playwrightOk && vitest && playwright)) failed = 1;

console.log(`\nVitest: ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed`);
console.log(`Playwright: ${playwright ? playwright.stats.expected + playwright.stats.flaky : 0} passed, ${playwright?.stats.unexpected ?? 0} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
