CREATE TABLE `merchant_category_commissions` (
	`merchant_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`commission_bp` integer NOT NULL,
	PRIMARY KEY(`merchant_id`, `category_id`),
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `merchant_payouts` (
	`id` integer PRIMARY KEY NOT NULL,
	`merchant_id` integer NOT NULL,
	`month` text NOT NULL,
	`sales` integer NOT NULL,
	`refunds` integer NOT NULL,
	`commission` integer NOT NULL,
	`shipping` integer NOT NULL,
	`payable` integer NOT NULL,
	`paid_on` text NOT NULL,
	`reference` text DEFAULT '' NOT NULL,
	`recorded_by` integer,
	`recorded_by_name` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_payouts_month_idx` ON `merchant_payouts` (`merchant_id`,`month`);--> statement-breakpoint
CREATE TABLE `order_edits` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`changes` text NOT NULL,
	`total_before` integer NOT NULL,
	`total_after` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_edits_order_idx` ON `order_edits` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `return_replacements` (
	`return_id` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'preparing' NOT NULL,
	`carrier` text,
	`tracking_number` text,
	`shipped_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`return_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `merchants` ADD `commission_bp` integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `channel` text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `placed_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `settlement_due` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `return_requests` ADD `recorded_by` integer REFERENCES users(id) ON DELETE SET NULL;