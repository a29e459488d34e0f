ALTER TABLE `catalogue_imports` ADD `apply_lines` text;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `applied_by_name` text;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `apply_started_at` integer;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `apply_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `done_rows` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `refused_rows` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `next_product` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `product_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `claim_id` text;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `claimed_at` integer;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `saved_lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `catalogue_imports` ADD `refusals` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `catalogue_imports_status_idx` ON `catalogue_imports` (`status`,`claimed_at`);