ALTER TABLE `orders` ADD `points_granted_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `points_granted` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `points_forfeited` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (issue 34 item 5): orders placed before this migration put their points on the balance when
-- placed, so they count as granted then; a cancelled one's points were taken back with it.
UPDATE `orders` SET
	`points_granted_at` = `created_at`,
	`points_granted` = CASE WHEN `status` = 'cancelled' THEN 0 ELSE `points_earned` END,
	`points_forfeited` = CASE WHEN `status` = 'cancelled' THEN `points_earned` ELSE 0 END
WHERE `user_id` IS NOT NULL AND `points_earned` > 0;
