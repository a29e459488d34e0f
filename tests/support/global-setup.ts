/**
 * Vitest's global set-up: the run's directory for the integration tests' seeded stores (platform-template.ts)
 * and the run's seed clock — the `now` every file seeded without a clock of its own shares, so those files
 * copy one template. Both are handed to the test files through `inject`; the directory is removed at the end.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    storeDirectory: string;
    seedClock: string;
  }
}

export default async function setup({ provide }: TestProject) {
  // Memory-backed where the machine has it: the stores are small and written often.
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const storeDirectory = await mkdtemp(path.join(base, "shop-tests-"));
  provide("storeDirectory", storeDirectory);
  provide("seedClock", new Date().toISOString());
  return async () => {
    await rm(storeDirectory, { recursive: true, force: true });
  };
}
