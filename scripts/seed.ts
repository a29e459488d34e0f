/**
 * Seeds the local D1 database with the demo catalogue and people (idempotent).
 * Run after `npx wrangler d1 migrations apply DB --local [--persist-to DIR]`:
 *   node --import tsx scripts/seed.ts [--persist-to DIR] [--if-empty]
 * --if-empty (used by `npm run setup`) leaves a database that already has products alone.
 */
import { count } from "drizzle-orm";
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { createDatabase } from "~/db/client.server";
import { products } from "~/db/schema";
import { seedDatabase } from "~/services/seed/seed.server";

const { values } = parseArgs({ options: { "persist-to": { type: "string" }, "if-empty": { type: "boolean" } } });
const persistTo = values["persist-to"];

// `wrangler d1 … --local --persist-to DIR` keeps D1 under DIR/v3/d1; the proxy's persist path is the v3 root.
const proxy = await getPlatformProxy<Env>({
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
  remoteBindings: false,
});
try {
  const db = createDatabase(proxy.env.DB);
  const [existing] = await db.select({ n: count() }).from(products);
  if (values["if-empty"] && (existing?.n ?? 0) > 0) {
    console.log(`Local D1 already has ${existing?.n} products: not seeding (npm run db:seed to top up).`);
  } else {
    const { inserted } = await seedDatabase(db, { now: new Date(), bucket: proxy.env.ATTACHMENTS });
    const total = Object.values(inserted).reduce((sum, rows) => sum + rows, 0);
    for (const [table, rows] of Object.entries(inserted)) console.log(`${table.padEnd(28)} ${rows}`);
    console.log(`Inserted ${total} rows${total === 0 ? " (already seeded)" : ""}.`);
  }
} finally {
  await proxy.dispose();
}
