-- Keyword search without scanning products (decision 0020). Contentless FTS5 tables keyed by products.id:
-- the services write each product's folded text (app/core/search-index.ts) in the batch that saves it;
-- these triggers keep the index in step with every other writer: a deleted product leaves both tables, and a
-- title/catch copy/description written without the services is indexed as its lower-cased raw text (found by
-- 3+ character words until the services index it again) rather than by its old words.
CREATE VIRTUAL TABLE `product_search` USING fts5(title, body, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `product_search_grams` USING fts5(title, body, content='', contentless_delete=1, tokenize='ascii', prefix='4');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `product_search` (rowid, title, body) VALUES (new.id, lower(new.title), lower(new.catchcopy || char(10) || new.description));
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `title`, `catchcopy`, `description` ON `products` BEGIN
  DELETE FROM `product_search` WHERE rowid = old.id;
  DELETE FROM `product_search_grams` WHERE rowid = old.id;
  INSERT INTO `product_search` (rowid, title, body) VALUES (new.id, lower(new.title), lower(new.catchcopy || char(10) || new.description));
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `product_search` WHERE rowid = old.id;
  DELETE FROM `product_search_grams` WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO `product_search` (rowid, title, body) SELECT id, lower(title), lower(catchcopy || char(10) || description) FROM `products`;
