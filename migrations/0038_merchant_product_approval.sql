CREATE TABLE `product_submissions` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`merchant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`source` text DEFAULT 'editor' NOT NULL,
	`payload` text NOT NULL,
	`before` text,
	`submitted_by` integer,
	`submitted_by_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`staff_comment` text DEFAULT '' NOT NULL,
	`decided_by` integer,
	`decided_by_name` text DEFAULT '' NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submitted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_submissions_pending_idx` ON `product_submissions` (`product_id`) WHERE "product_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `product_submissions_status_idx` ON `product_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_submissions_product_idx` ON `product_submissions` (`product_id`,`id`);