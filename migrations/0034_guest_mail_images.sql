-- Images that come in a guest's mail (issue 36 item 2) belong to no member: media.owner_user_id becomes nullable.
-- A rebuild, as SQLite changes NOT NULL no other way; no table references media, so the drop cascades nowhere.
CREATE TABLE `__new_media` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner_user_id` integer,
	`r2_key` text NOT NULL,
	`folder` text NOT NULL,
	`filename` text NOT NULL,
	`ext` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`ticket_message_id` integer,
	`review_id` integer,
	`return_request_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_message_id`) REFERENCES `ticket_messages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`return_request_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_media`("id", "owner_user_id", "r2_key", "folder", "filename", "ext", "content_type", "size", "width", "height", "ticket_message_id", "review_id", "return_request_id", "created_at") SELECT "id", "owner_user_id", "r2_key", "folder", "filename", "ext", "content_type", "size", "width", "height", "ticket_message_id", "review_id", "return_request_id", "created_at" FROM `media`;--> statement-breakpoint
DROP TABLE `media`;--> statement-breakpoint
ALTER TABLE `__new_media` RENAME TO `media`;--> statement-breakpoint
CREATE UNIQUE INDEX `media_r2_key_unique` ON `media` (`r2_key`);--> statement-breakpoint
CREATE INDEX `media_message_idx` ON `media` (`ticket_message_id`);--> statement-breakpoint
CREATE INDEX `media_owner_idx` ON `media` (`owner_user_id`);--> statement-breakpoint
CREATE INDEX `media_review_idx` ON `media` (`review_id`);--> statement-breakpoint
CREATE INDEX `media_return_idx` ON `media` (`return_request_id`);