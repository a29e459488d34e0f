CREATE TABLE `checkout_password_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`cart_id` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `cart_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cart_state` text;--> statement-breakpoint
CREATE INDEX `orders_cart_idx` ON `orders` (`cart_id`,`cart_state`);