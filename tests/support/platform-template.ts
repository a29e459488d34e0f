/**
 * Seeded stores without seeding in every test file (issue 35): the first file that needs a given seed (its
 * clock, with or without the review photos) migrates and seeds a store on disk once — the template — and
 * every file then copies it into a store of its own (~20 ms, against ~6 s of migrating and seeding per file).
 * Templates live in the run's directory (tests/support/global-setup.ts), so every run seeds afresh from the
 * code under test, and files running at once in other forks wait for a template being made instead of
 * making it twice.
 */
import { createHash } from "node:crypto";
import { cp, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { seedDatabase } from "~/services/seed/seed.server";
import { createTestPlatform } from "./platform";

export interface SeedOptions {
  now: Date;
  reviewPhotos: boolean;
}

/** How long a file waits for another fork's template before saying so (seeding takes ~5–15 s). */
const TEMPLATE_WAIT_MS = 120_000;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function buildTemplate(directory: string, seed: SeedOptions): Promise<void> {
  const building = `${directory}.building`;
  await rm(building, { recursive: true, force: true });
  const platform = await createTestPlatform({ persistTo: building });
  try {
    await seedDatabase(platform.db, { now: seed.now, bucket: seed.reviewPhotos ? platform.env.ATTACHMENTS : undefined });
  } finally {
    await platform.dispose();
  }
  // The template appears whole or not at all: files waiting for it look for this directory.
  await rename(building, directory);
}

async function waitForTemplate(directory: string): Promise<void> {
  const deadline = Date.now() + TEMPLATE_WAIT_MS;
  while (!(await exists(directory))) {
    if (Date.now() > deadline) throw new Error(`Another test file did not finish the seeded template ${directory} within ${TEMPLATE_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A store directory of this file's own, holding the migrated demo data seeded as `seed` says. */
export async function seededStoreCopy(runDirectory: string, seed: SeedOptions): Promise<string> {
  const key = createHash("sha256").update(`${seed.now.toISOString()}|${seed.reviewPhotos}`).digest("hex").slice(0, 16);
  const template = path.join(runDirectory, "templates", key);
  if (!(await exists(template))) {
    await mkdir(path.dirname(template), { recursive: true });
    // mkdir is atomic: one file makes the template, the others wait for it.
    const builder = await mkdir(`${template}.lock`).then(
      () => true,
      () => false,
    );
    await (builder ? buildTemplate(template, seed) : waitForTemplate(template));
  }
  const copy = path.join(runDirectory, "stores", `${key}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await cp(template, copy, { recursive: true });
  return copy;
}
