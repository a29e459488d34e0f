CREATE TABLE `inbound_mails` (
	`id` integer PRIMARY KEY NOT NULL,
	`received_at` integer NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`message_id` text,
	`outcome` text NOT NULL,
	`reason` text,
	`ticket_id` integer,
	`user_id` integer,
	`body` text NOT NULL,
	`attachment_notes` text,
	`raw_key` text,
	`raw_size` integer NOT NULL,
	`handled_by` integer,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_mails_message_id_idx` ON `inbound_mails` (`message_id`);--> statement-breakpoint
CREATE INDEX `inbound_mails_received_idx` ON `inbound_mails` (`received_at`);--> statement-breakpoint
CREATE INDEX `inbound_mails_outcome_idx` ON `inbound_mails` (`outcome`,`received_at`);