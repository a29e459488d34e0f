CREATE TABLE `catalogue_imports` (
	`id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`user_id` integer NOT NULL,
	`merchant_id` integer,
	`filename` text NOT NULL,
	`encoding` text NOT NULL,
	`row_count` integer NOT NULL,
	`refused_count` integer DEFAULT 0 NOT NULL,
	`r2_key` text NOT NULL,
	`status` text DEFAULT 'checked' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`applied_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalogue_imports_token_unique` ON `catalogue_imports` (`token`);--> statement-breakpoint
CREATE INDEX `catalogue_imports_user_idx` ON `catalogue_imports` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `price_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`field` text NOT NULL,
	`before` integer,
	`after` integer,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `price_changes_product_idx` ON `price_changes` (`product_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`kind` text NOT NULL,
	`pool` text DEFAULT 'stock' NOT NULL,
	`before` integer NOT NULL,
	`after` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stock_movements_product_idx` ON `stock_movements` (`product_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `merchants` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `contact_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `contact_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `contact_phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `legal_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `representative` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `postal_code` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `address` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `product_media` ADD `r2_key` text;--> statement-breakpoint
ALTER TABLE `product_media` ADD `content_hash` text;--> statement-breakpoint
ALTER TABLE `products` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_merchant_idx` ON `products` (`merchant_id`,`status`);