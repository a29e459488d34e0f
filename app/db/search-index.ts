/**
 * The keyword index's FTS5 tables (migration 0014), described for Drizzle's query builder so their writes
 * can join a D1 batch. Kept out of schema.ts on purpose: drizzle-kit cannot create virtual tables and must
 * not try to. Contentless: only `rowid` (= products.id) can be read back, besides bm25() and MATCH.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const ftsColumns = { rowid: integer("rowid").primaryKey(), title: text("title").notNull(), body: text("body").notNull() };

/** Trigram tokenizer: folded title and body (catch copy + description text), for words of 3+ characters. */
export const productSearch = sqliteTable("product_search", ftsColumns);

/** Grams tokens of the same text (app/core/search/search-index.ts `searchGrams`), for words of 1–2 characters. */
export const productSearchGrams = sqliteTable("product_search_grams", ftsColumns);
