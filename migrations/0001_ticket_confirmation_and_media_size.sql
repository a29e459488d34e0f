ALTER TABLE `media` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `confirmation_requested_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `tickets_confirmation_idx` ON `tickets` (`confirmation`,`confirmation_requested_at`);