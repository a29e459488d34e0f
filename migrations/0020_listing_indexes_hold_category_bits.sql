DROP INDEX `products_listed_new_idx`;--> statement-breakpoint
DROP INDEX `products_listed_reviews_idx`;--> statement-breakpoint
DROP INDEX `products_listed_price_idx`;--> statement-breakpoint
CREATE INDEX `products_listed_new_idx` ON `products` (`status`,`is_private`,`created_at`,`id`,`merchant_id`,`primary_category_id`,`discount_price`,`regular_price`,`category_bits`);--> statement-breakpoint
CREATE INDEX `products_listed_reviews_idx` ON `products` (`status`,`is_private`,`review_count`,`review_avg_x10`,`id`,`merchant_id`,`primary_category_id`,`discount_price`,`regular_price`,`category_bits`);--> statement-breakpoint
CREATE INDEX `products_listed_price_idx` ON `products` (`status`,`is_private`,(case when "discount_price" is not null and "discount_price" < "regular_price" then "discount_price" else "regular_price" end),`id`,`merchant_id`,`primary_category_id`,`discount_price`,`regular_price`,`category_bits`);