CREATE TABLE `ticket_viewers` (
	`ticket_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`seen_at` integer NOT NULL,
	`typing_at` integer,
	PRIMARY KEY(`ticket_id`, `user_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
