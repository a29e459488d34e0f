CREATE TABLE `desk_holidays` (
	`date` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `desk_hours` (
	`weekday` integer PRIMARY KEY NOT NULL,
	`opens_at` integer,
	`closes_at` integer
);
--> statement-breakpoint
CREATE TABLE `desk_sla_targets` (
	`priority` text PRIMARY KEY NOT NULL,
	`first_response_minutes` integer NOT NULL,
	`resolution_minutes` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ticket_ratings` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`resolved` integer,
	`score` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ticket_ratings_score_range" CHECK("ticket_ratings"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `ticket_ratings_created_idx` ON `ticket_ratings` (`created_at`);--> statement-breakpoint
CREATE TABLE `ticket_reply_drafts` (
	`id` integer PRIMARY KEY NOT NULL,
	`ticket_id` integer NOT NULL,
	`author_id` integer,
	`message` text NOT NULL,
	`media_ids` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewer_id` integer,
	`review_comment` text,
	`message_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reviewed_at` integer,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`message_id`) REFERENCES `ticket_messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_reply_drafts_status_idx` ON `ticket_reply_drafts` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `ticket_reply_drafts_ticket_idx` ON `ticket_reply_drafts` (`ticket_id`,`id`);--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_response_due_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution_due_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_responded_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `merged_into_id` integer REFERENCES tickets(id);--> statement-breakpoint
ALTER TABLE `tickets` ADD `satisfaction_mailed_at` integer;--> statement-breakpoint
CREATE INDEX `tickets_created_idx` ON `tickets` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `reply_needs_approval` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue 36 item 6): the desk's starting calendar and targets, data staff change in /crm/desk-settings.
-- Hours as the site shows them (平日 10:00〜17:00, core/site/site.ts); Saturday and Sunday closed.
INSERT INTO `desk_hours` (`weekday`, `opens_at`, `closes_at`) VALUES (0, NULL, NULL), (1, 600, 1020), (2, 600, 1020), (3, 600, 1020), (4, 600, 1020), (5, 600, 1020), (6, NULL, NULL);--> statement-breakpoint
-- Targets in business minutes (one business day = 420): high answers within the hour and is solved the same day.
INSERT INTO `desk_sla_targets` (`priority`, `first_response_minutes`, `resolution_minutes`) VALUES ('high', 60, 420), ('medium', 240, 1260), ('low', 420, 2100);--> statement-breakpoint
-- 国民の祝日 2026–2027 as published by the Cabinet Office (内閣府「国民の祝日について」), substitute holidays included.
INSERT INTO `desk_holidays` (`date`, `name`) VALUES
('2026-01-01', '元日'), ('2026-01-12', '成人の日'), ('2026-02-11', '建国記念の日'), ('2026-02-23', '天皇誕生日'),
('2026-03-20', '春分の日'), ('2026-04-29', '昭和の日'), ('2026-05-03', '憲法記念日'), ('2026-05-04', 'みどりの日'),
('2026-05-05', 'こどもの日'), ('2026-05-06', '休日'), ('2026-07-20', '海の日'), ('2026-08-11', '山の日'),
('2026-09-21', '敬老の日'), ('2026-09-22', '休日'), ('2026-09-23', '秋分の日'), ('2026-10-12', 'スポーツの日'),
('2026-11-03', '文化の日'), ('2026-11-23', '勤労感謝の日'),
('2027-01-01', '元日'), ('2027-01-11', '成人の日'), ('2027-02-11', '建国記念の日'), ('2027-02-23', '天皇誕生日'),
('2027-03-21', '春分の日'), ('2027-03-22', '休日'), ('2027-04-29', '昭和の日'), ('2027-05-03', '憲法記念日'),
('2027-05-04', 'みどりの日'), ('2027-05-05', 'こどもの日'), ('2027-07-19', '海の日'), ('2027-08-11', '山の日'),
('2027-09-20', '敬老の日'), ('2027-09-23', '秋分の日'), ('2027-10-11', 'スポーツの日'), ('2027-11-03', '文化の日'),
('2027-11-23', '勤労感謝の日');
--> statement-breakpoint
-- Tickets answered before this migration: their first staff message is their first response.
UPDATE `tickets` SET `first_responded_at` = (SELECT min(`date_created`) FROM `ticket_messages` WHERE `ticket_messages`.`ticket_id` = `tickets`.`id` AND `ticket_messages`.`fromadmin` IS NOT NULL);
