-- Guest tickets (issue 36 item 2): a mail from an address no member has opens a ticket for that address, so
-- tickets.user_id becomes nullable, with the guest's address and name beside it (exactly one of the two is set).
-- SQLite changes a NOT NULL column only by rebuilding the table, and D1 keeps foreign keys on (PRAGMA
-- foreign_keys=OFF is ignored there), so dropping the old table would cascade into every ticket's messages, notes,
-- tags … and null the references to them. Hence: copy those rows aside, rebuild, put them back, restore the nulled
-- references, and re-create the table's indexes and search triggers (which go with the old table).
CREATE TABLE `_keep_ticket_messages` AS SELECT * FROM `ticket_messages`;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_order_lines` AS SELECT * FROM `ticket_order_lines`;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_notes` AS SELECT * FROM `ticket_notes`;
--> statement-breakpoint
CREATE TABLE `_keep_staff_notices` AS SELECT * FROM `staff_notices`;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_viewers` AS SELECT * FROM `ticket_viewers`;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_tags` AS SELECT * FROM `ticket_tags`;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_ratings` AS SELECT * FROM `ticket_ratings`;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_reply_drafts` AS SELECT * FROM `ticket_reply_drafts`;
--> statement-breakpoint
CREATE TABLE `_keep_media_messages` AS SELECT `id`, `ticket_message_id` FROM `media` WHERE `ticket_message_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `_keep_inbound_tickets` AS SELECT `id`, `ticket_id` FROM `inbound_mails` WHERE `ticket_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `_keep_ticket_merges` AS SELECT `id`, `merged_into_id` FROM `tickets` WHERE `merged_into_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `__new_tickets` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer,
	`guest_email` text,
	`guest_name` text,
	`status` text DEFAULT 'doing' NOT NULL,
	`confirmation` text,
	`priority` text NOT NULL,
	`category` text NOT NULL,
	`trouble` text NOT NULL,
	`reply_choice` text DEFAULT '' NOT NULL,
	`order_id` integer,
	`product_id` integer,
	`description` text NOT NULL,
	`form_session` text NOT NULL,
	`confirmation_requested_at` integer,
	`closed_at` integer,
	`reply_token` text,
	`call_requested_at` integer,
	`owner_id` integer,
	`first_response_due_at` integer,
	`resolution_due_at` integer,
	`first_responded_at` integer,
	`merged_into_id` integer,
	`satisfaction_mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`merged_into_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tickets_member_or_guest" CHECK((`user_id` is null) = (`guest_email` is not null))
);
--> statement-breakpoint
INSERT INTO `__new_tickets`("id", "user_id", "status", "confirmation", "priority", "category", "trouble", "reply_choice", "order_id", "product_id", "description", "form_session", "confirmation_requested_at", "closed_at", "reply_token", "call_requested_at", "owner_id", "first_response_due_at", "resolution_due_at", "first_responded_at", "merged_into_id", "satisfaction_mailed_at", "created_at", "updated_at") SELECT "id", "user_id", "status", "confirmation", "priority", "category", "trouble", "reply_choice", "order_id", "product_id", "description", "form_session", "confirmation_requested_at", "closed_at", "reply_token", "call_requested_at", "owner_id", "first_response_due_at", "resolution_due_at", "first_responded_at", "merged_into_id", "satisfaction_mailed_at", "created_at", "updated_at" FROM `tickets`;
--> statement-breakpoint
-- Emptied here rather than by the drop's cascade: a cascade that reaches the search triggers (FTS5) or the old
-- table's own merge references inside DROP TABLE fails with "database table is locked".
DELETE FROM `staff_notices`;
--> statement-breakpoint
DELETE FROM `ticket_notes`;
--> statement-breakpoint
DELETE FROM `ticket_reply_drafts`;
--> statement-breakpoint
DELETE FROM `ticket_messages`;
--> statement-breakpoint
DELETE FROM `ticket_order_lines`;
--> statement-breakpoint
DELETE FROM `ticket_viewers`;
--> statement-breakpoint
DELETE FROM `ticket_tags`;
--> statement-breakpoint
DELETE FROM `ticket_ratings`;
--> statement-breakpoint
UPDATE `inbound_mails` SET `ticket_id` = NULL WHERE `ticket_id` IS NOT NULL;
--> statement-breakpoint
UPDATE `tickets` SET `merged_into_id` = NULL WHERE `merged_into_id` IS NOT NULL;
--> statement-breakpoint
DROP TABLE `tickets`;
--> statement-breakpoint
ALTER TABLE `__new_tickets` RENAME TO `tickets`;
--> statement-breakpoint
INSERT INTO `ticket_messages` SELECT * FROM `_keep_ticket_messages`;
--> statement-breakpoint
INSERT INTO `ticket_order_lines` SELECT * FROM `_keep_ticket_order_lines`;
--> statement-breakpoint
INSERT INTO `ticket_notes` SELECT * FROM `_keep_ticket_notes`;
--> statement-breakpoint
INSERT INTO `staff_notices` SELECT * FROM `_keep_staff_notices`;
--> statement-breakpoint
INSERT INTO `ticket_viewers` SELECT * FROM `_keep_ticket_viewers`;
--> statement-breakpoint
INSERT INTO `ticket_tags` SELECT * FROM `_keep_ticket_tags`;
--> statement-breakpoint
INSERT INTO `ticket_ratings` SELECT * FROM `_keep_ticket_ratings`;
--> statement-breakpoint
INSERT INTO `ticket_reply_drafts` SELECT * FROM `_keep_ticket_reply_drafts`;
--> statement-breakpoint
UPDATE `media` SET `ticket_message_id` = (SELECT k.`ticket_message_id` FROM `_keep_media_messages` k WHERE k.`id` = `media`.`id`) WHERE `id` IN (SELECT `id` FROM `_keep_media_messages`);
--> statement-breakpoint
UPDATE `inbound_mails` SET `ticket_id` = (SELECT k.`ticket_id` FROM `_keep_inbound_tickets` k WHERE k.`id` = `inbound_mails`.`id`) WHERE `id` IN (SELECT `id` FROM `_keep_inbound_tickets`);
--> statement-breakpoint
UPDATE `tickets` SET `merged_into_id` = (SELECT k.`merged_into_id` FROM `_keep_ticket_merges` k WHERE k.`id` = `tickets`.`id`) WHERE `id` IN (SELECT `id` FROM `_keep_ticket_merges`);
--> statement-breakpoint
DROP TABLE `_keep_ticket_messages`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_order_lines`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_notes`;
--> statement-breakpoint
DROP TABLE `_keep_staff_notices`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_viewers`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_tags`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_ratings`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_reply_drafts`;
--> statement-breakpoint
DROP TABLE `_keep_media_messages`;
--> statement-breakpoint
DROP TABLE `_keep_inbound_tickets`;
--> statement-breakpoint
DROP TABLE `_keep_ticket_merges`;
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_form_session_idx` ON `tickets` (`user_id`,`form_session`);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_guest_form_session_idx` ON `tickets` (`guest_email`,`form_session`);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_reply_token_idx` ON `tickets` (`reply_token`);
--> statement-breakpoint
CREATE INDEX `tickets_status_idx` ON `tickets` (`status`,`updated_at`);
--> statement-breakpoint
CREATE INDEX `tickets_confirmation_idx` ON `tickets` (`confirmation`,`confirmation_requested_at`);
--> statement-breakpoint
CREATE INDEX `tickets_owner_idx` ON `tickets` (`owner_id`,`status`);
--> statement-breakpoint
CREATE INDEX `tickets_created_idx` ON `tickets` (`created_at`);
--> statement-breakpoint
CREATE TRIGGER `tickets_search_insert` AFTER INSERT ON `tickets` BEGIN
  INSERT INTO `ticket_description_search` (rowid, body) VALUES (new.id, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_search_update` AFTER UPDATE OF `description` ON `tickets` BEGIN
  DELETE FROM `ticket_description_search` WHERE rowid = old.id;
  INSERT INTO `ticket_description_search` (rowid, body) VALUES (new.id, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_search_delete` AFTER DELETE ON `tickets` BEGIN
  DELETE FROM `ticket_description_search` WHERE rowid = old.id;
END;
