import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit tests (pure app/core rules) and integration tests (services and routes on real local D1/R2/KV).
// Browser tests live in tests/e2e and run under Playwright.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    // A safety net, not a budget (budgets are benchmarks): in CI the browser tests run beside these on the
    // same 2 cores, where a heavy test has taken 52 s (the product contract) and one went past 60 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // A fork runs its files one after another in one module graph instead of importing the app afresh for
    // each (~190 s of the run on 2 cores went to that): every file still gets its own platform and store
    // (tests/support/platform-test.ts), and a file that spies on something restores it after each test.
    isolate: false,
    // Two files at once even on 2 cores (Vitest's default there is one): a file spends part of its time
    // waiting on its workerd (D1 through a relay, decision 0044: the whole run ~85 s on 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: 1,
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
