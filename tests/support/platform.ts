/**
 * A fresh, migrated local Cloudflare platform (D1, R2, KV through miniflare) for one test file.
 * Nothing is mocked: the bindings are workerd's own, with in-memory storage, read from wrangler.toml as
 * getPlatformProxy reads them, so the Images binding (IMAGES: miniflare's local simulation, backed by sharp)
 * is here too. D1 is reached through a relay Worker, one round trip a query (d1-relay.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Miniflare, type WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { createDatabase, type Database } from "~/db/client.server";
import { D1_RELAY_SCRIPT, relayedD1 } from "./d1-relay";

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, "../../migrations");

export interface TestPlatform {
  env: Env;
  db: Database;
  ctx: ExecutionContext;
  dispose(): Promise<void>;
}

/**
 * Applies the migrations in migrations/, in order, as wrangler would: every one, or (to test a migration on
 * the data before it) those whose file names sort before `before`, or from `from` on.
 */
export async function applyMigrations(d1: D1Database, only: { before?: string; from?: string } = {}): Promise<void> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((name) => name.endsWith(".sql"))
    .filter((name) => (only.before == null || name < only.before) && (only.from == null || name >= only.from))
    .sort();
  for (const file of files) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), "utf8");
    const statements = sql
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter(Boolean);
    await d1.batch(statements.map((statement) => d1.prepare(statement)));
  }
}

/** The test platform's SESSION_SECRET (signed cookies, unsubscribe links, the mailed links' tokens). */
export const TEST_SESSION_SECRET = "test-session-secret";

export interface TestPlatformOptions {
  /** Applied to the new store (default: every migration); `false` for a store that already has them. */
  migrated?: ((d1: D1Database) => Promise<void>) | false;
  /** Keep the store in this directory (a seeded template or a copy of one, platform-template.ts); default: in memory. */
  persistTo?: string;
}

/** getPlatformProxy's context: waitUntil and passThroughOnException do nothing outside a request. */
const TEST_EXECUTION_CONTEXT = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

let workerBindings: WorkerOptions | undefined;

/**
 * wrangler.toml's bindings, as getPlatformProxy reads them (once per fork), without its queue consumers and
 * assets: no Worker runs here, and the build's assets need not exist (Vitest runs beside the build).
 */
function bindingOptions(): WorkerOptions {
  if (!workerBindings) {
    const config = { ...unstable_readConfig({ config: "wrangler.toml" }), assets: undefined };
    const { queueConsumers: _consumers, ...options } = unstable_getMiniflareWorkerOptions(config).workerOptions;
    workerBindings = options;
  }
  return workerBindings;
}

/** A platform with `migrated` applied to its store and nothing else. */
export async function createTestPlatform({ migrated = applyMigrations, persistTo }: TestPlatformOptions = {}): Promise<TestPlatform> {
  const miniflare = new Miniflare({ ...bindingOptions(), script: D1_RELAY_SCRIPT, modules: true, defaultPersistRoot: persistTo });
  const bindings = await miniflare.getBindings<Env>();
  const env: Env = { ...bindings, DB: relayedD1(miniflare), APP_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET };
  if (migrated) await migrated(env.DB);
  return {
    env,
    db: createDatabase(env.DB),
    ctx: TEST_EXECUTION_CONTEXT,
    dispose: () => miniflare.dispose(),
  };
}
