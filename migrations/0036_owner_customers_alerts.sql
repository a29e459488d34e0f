CREATE TABLE `customer_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`staff_id` integer,
	`staff_name` text NOT NULL,
	`kind` text NOT NULL,
	`summary` text NOT NULL,
	`before` text DEFAULT '' NOT NULL,
	`after` text DEFAULT '' NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `customer_changes_customer_idx` ON `customer_changes` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `low_stock_alerts` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`alerted_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `merchant_alerts` (
	`id` integer PRIMARY KEY NOT NULL,
	`merchant_id` integer NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`order_id` integer,
	`summary` text NOT NULL,
	`digested_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_alerts_key_idx` ON `merchant_alerts` (`merchant_id`,`key`);--> statement-breakpoint
CREATE INDEX `merchant_alerts_digest_idx` ON `merchant_alerts` (`merchant_id`,`digested_at`);--> statement-breakpoint
CREATE TABLE `shop_settings_versions` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`changed_by` integer,
	`changed_by_name` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `merchants` ADD `alert_emails` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `merchants` ADD `alert_mode` text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_due_on` text;--> statement-breakpoint
ALTER TABLE `users` ADD `is_owner` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Orders placed before the deadline was stored: their Japan order date plus the 7 days then in force.
UPDATE `orders` SET `payment_due_on` = date(`created_at` / 1000, 'unixepoch', '+9 hours', '+7 days') WHERE `payment_method` = 'bank_transfer';
