/**
 * One migrated and seeded store for every e2e server of a run (issue 35): the first server to start makes
 * it (`scripts/setup.ts`, as `--fresh` did for each), the others wait for it, and each copies it into a
 * store of its own — one seeding instead of one per server. A template belongs to one run (its directory
 * is named by the run), so every run seeds afresh from the code under test; templates of runs older than
 * an hour are removed by the next one that makes its own.
 */
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { run } from "./run";

const WAIT_MS = 180_000;
const STALE_MS = 60 * 60 * 1000;

const exists = (directory: string) => {
  try {
    statSync(directory);
    return true;
  } catch {
    return false;
  }
};

/** Removes the templates of other runs (their siblings in the templates' folder) older than STALE_MS. */
function removeStaleTemplates(template: string) {
  const parent = path.dirname(template);
  const run = path.basename(template);
  for (const name of readdirSync(parent)) {
    const directory = path.join(parent, name);
    if (!name.startsWith(run) && Date.now() - statSync(directory).mtimeMs > STALE_MS) rmSync(directory, { recursive: true, force: true });
  }
}

async function makeTemplate(template: string) {
  removeStaleTemplates(template);
  const building = `${template}.building`;
  rmSync(building, { recursive: true, force: true });
  await run("node", ["--import", "tsx", "scripts/setup.ts", "--persist-to", building]);
  // The template appears whole or not at all: the servers waiting for it look for this directory.
  renameSync(building, template);
}

async function waitForTemplate(template: string) {
  const deadline = Date.now() + WAIT_MS;
  while (!exists(template)) {
    if (Date.now() > deadline) throw new Error(`The seeded template ${template} was not made within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Makes `store` a fresh copy of the run's seeded template, making the template first if no server has. */
export async function copySeededTemplate(template: string, store: string): Promise<void> {
  if (!exists(template)) {
    mkdirSync(path.dirname(template), { recursive: true });
    // mkdir is atomic: one server makes the template, the others wait for it.
    let maker = true;
    try {
      mkdirSync(`${template}.lock`);
    } catch {
      maker = false;
    }
    await (maker ? makeTemplate(template) : waitForTemplate(template));
  }
  rmSync(store, { recursive: true, force: true });
  cpSync(template, store, { recursive: true });
}
