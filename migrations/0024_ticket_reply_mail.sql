ALTER TABLE `mail_outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `reply_token` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `call_requested_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_reply_token_idx` ON `tickets` (`reply_token`);--> statement-breakpoint
-- Hand-written: every ticket opened before this gets its reply address (128 random bits, as new tickets).
UPDATE `tickets` SET `reply_token` = lower(hex(randomblob(16))) WHERE `reply_token` IS NULL;
