PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_cart_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cart_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`choice_sku` text,
	`option_choice_ids` text DEFAULT '' NOT NULL,
	`wrapping` integer DEFAULT false NOT NULL,
	`quantity` integer NOT NULL,
	`is_preorder` integer DEFAULT false NOT NULL,
	`subscribe` integer,
	`line_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`shipping_day` text,
	`private_grant` text,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_lines_quantity_positive" CHECK("__new_cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_cart_lines`("id", "cart_id", "product_id", "variation_id", "choice_sku", "option_choice_ids", "wrapping", "quantity", "is_preorder", "subscribe", "line_key", "created_at", "shipping_day", "private_grant") SELECT "id", "cart_id", "product_id", "variation_id", "choice_sku", "option_choice_ids", "wrapping", "quantity", "is_preorder", "subscribe", "line_key", "created_at", "shipping_day", "private_grant" FROM `cart_lines`;--> statement-breakpoint
DROP TABLE `cart_lines`;--> statement-breakpoint
ALTER TABLE `__new_cart_lines` RENAME TO `cart_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `cart_lines_identity_idx` ON `cart_lines` (`cart_id`,`line_key`);--> statement-breakpoint
-- Hand-written (issue 34 item 4): the sequence starts past every id an order consumed before AUTOINCREMENT
-- (orders.cart_state "12x2,13x1"), so no later row takes the id of a row an earlier order deleted.
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT 'cart_lines', 0 WHERE NOT EXISTS (SELECT 1 FROM `sqlite_sequence` WHERE `name` = 'cart_lines');--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = max(`seq`, (
	WITH RECURSIVE `consumed`(`rest`, `line_id`) AS (
		SELECT `cart_state` || ',', NULL FROM `orders` WHERE `cart_state` <> ''
		UNION ALL
		SELECT substr(`rest`, instr(`rest`, ',') + 1), CAST(substr(`rest`, 1, instr(`rest`, 'x') - 1) AS INTEGER) FROM `consumed` WHERE `rest` <> ''
	)
	SELECT coalesce(max(`line_id`), 0) FROM `consumed`
)) WHERE `name` = 'cart_lines';
