/**
 * Prepares a local machine to run the shop: a dev secret in .dev.vars, the local D1 migrated, and the
 * demo catalogue seeded when the database is empty. Safe to run again at any time.
 *   node --import tsx scripts/setup.ts [--persist-to DIR]
 */
import { existsSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { flagValue, run } from "./lib/run";

const persistTo = flagValue("persist-to");
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];

if (!existsSync(".dev.vars")) {
  // Local-only secret; production gets its own with `wrangler secret put SESSION_SECRET`.
  writeFileSync(".dev.vars", `APP_ENV=development\nSESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a local session secret.");
}

await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs]);
await run("node", ["--import", "tsx", "scripts/seed.ts", "--if-empty", ...persistArgs]);
