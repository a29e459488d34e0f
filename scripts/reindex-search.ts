/**
 * Rebuilds the product keyword index (decision 0020) of a local D1 from the products' stored text: after
 * a bulk load that wrote products with SQL rather than through the services (the scale bench), or to
 * replace the raw-text rows migration 0014 backfills with folded ones.
 *   node --import tsx scripts/reindex-search.ts [--persist-to DIR]
 */
import { parseArgs } from "node:util";
import { getPlatformProxy } from "wrangler";
import { createDatabase } from "~/db/client.server";
import { reindexProductSearch } from "~/services/search/search-index.server";

const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
const persistTo = values["persist-to"];

// As in scripts/seed.ts: the proxy's persist path is the v3 root under wrangler's --persist-to DIR.
const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: `${persistTo}/v3` } : true, remoteBindings: false });
try {
  const started = Date.now();
  const indexed = await reindexProductSearch(createDatabase(proxy.env.DB));
  console.log(`Keyword index rebuilt: ${indexed} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await proxy.dispose();
}
