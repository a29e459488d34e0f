DROP INDEX `products_listed_price_desc_idx`;--> statement-breakpoint
DROP INDEX `products_listed_reviews_idx`;--> statement-breakpoint
CREATE INDEX `products_listed_reviews_idx` ON `products` (`status`,`is_private`,`review_count`,`review_avg_x10`,`id`,`merchant_id`,`primary_category_id`,`discount_price`,`regular_price`);