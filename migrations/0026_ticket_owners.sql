-- drizzle-kit drops the ON DELETE of an added column: a removed staff account leaves its tickets unassigned.
ALTER TABLE `tickets` ADD `owner_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `tickets_owner_idx` ON `tickets` (`owner_id`,`status`);