/**
 * Prepares a local machine to run the shop: a dev secret in .dev.vars, the nationwide postal-code
 * prefix files in public/postal (built from an npm package when missing), the local D1 migrated, and the
 * demo catalogue seeded when the database is empty. Safe to run again at any time.
 *   node --import tsx scripts/setup.ts [--persist-to DIR]
 */
import { existsSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { buildPostalData, postalDataExists } from "./build-postal-data";
import { flagValue, run } from "./lib/run";

const persistTo = flagValue("persist-to");
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];

if (!existsSync(".dev.vars")) {
  // Local-only secret; production gets its own with `wrangler secret put SESSION_SECRET`.
  writeFileSync(".dev.vars", `APP_ENV=development\nSESSION_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("Created .dev.vars with a local session secret.");
}

if (!postalDataExists()) {
  const postal = buildPostalData();
  console.log(`Built public/postal: ${postal.codes} postal codes in ${postal.files} prefix files (${postal.ms} ms).`);
}

await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs]);
await run("node", ["--import", "tsx", "scripts/seed.ts", "--if-empty", ...persistArgs]);
