CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`shipment_id` integer,
	`return_id` integer,
	`actor_kind` text NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`kind` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shipment_id`) REFERENCES `order_shipments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_refunds` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`return_id` integer,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`actor_user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_refunds_amount_positive" CHECK("order_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `order_refunds_order_idx` ON `order_refunds` (`order_id`);--> statement-breakpoint
CREATE TABLE `return_request_lines` (
	`return_id` integer NOT NULL,
	`order_line_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`return_id`, `order_line_id`),
	FOREIGN KEY (`return_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "return_request_lines_quantity_positive" CHECK("return_request_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE `return_requests` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`staff_message` text DEFAULT '' NOT NULL,
	`decided_at` integer,
	`received_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `return_requests_order_idx` ON `return_requests` (`order_id`);--> statement-breakpoint
CREATE INDEX `return_requests_status_idx` ON `return_requests` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `media` ADD `return_request_id` integer REFERENCES return_requests(id);--> statement-breakpoint
CREATE INDEX `media_return_idx` ON `media` (`return_request_id`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `order_shipments` ADD `carrier` text;--> statement-breakpoint
ALTER TABLE `order_shipments` ADD `delivered_at` integer;--> statement-breakpoint
CREATE INDEX `order_shipments_merchant_idx` ON `order_shipments` (`merchant_id`,`status`,`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `lifecycle_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (`email`);--> statement-breakpoint
ALTER TABLE `users` ADD `merchant_id` integer REFERENCES merchants(id);