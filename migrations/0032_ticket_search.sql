-- Search across tickets (issue 36 item 9, decision 0047). Contentless trigram FTS5 tables keyed by the row they
-- index: a ticket message's text (rowid = ticket_messages.id), a staff note's (rowid = ticket_notes.id) and a
-- ticket's description (rowid = tickets.id). Kept by triggers, so every writer (the customer's page, staff
-- replies, inbound mail, approved drafts, a merge) stays indexed without calling the search. A hit names its row;
-- the row names its ticket at query time, so moving a message to another ticket (a merge) needs no re-indexing.
-- Raw text as written: the trigram tokenizer folds case itself; width is met at query time (core/tickets/ticket-search.ts).
CREATE VIRTUAL TABLE `ticket_message_search` USING fts5(body, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `ticket_note_search` USING fts5(body, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `ticket_description_search` USING fts5(body, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `ticket_messages_search_insert` AFTER INSERT ON `ticket_messages` BEGIN
  INSERT INTO `ticket_message_search` (rowid, body) VALUES (new.id, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_messages_search_update` AFTER UPDATE OF `message` ON `ticket_messages` BEGIN
  DELETE FROM `ticket_message_search` WHERE rowid = old.id;
  INSERT INTO `ticket_message_search` (rowid, body) VALUES (new.id, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_messages_search_delete` AFTER DELETE ON `ticket_messages` BEGIN
  DELETE FROM `ticket_message_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_notes_search_insert` AFTER INSERT ON `ticket_notes` BEGIN
  INSERT INTO `ticket_note_search` (rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_notes_search_update` AFTER UPDATE OF `body` ON `ticket_notes` BEGIN
  DELETE FROM `ticket_note_search` WHERE rowid = old.id;
  INSERT INTO `ticket_note_search` (rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_notes_search_delete` AFTER DELETE ON `ticket_notes` BEGIN
  DELETE FROM `ticket_note_search` WHERE rowid = old.id;
END;
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
--> statement-breakpoint
INSERT INTO `ticket_message_search` (rowid, body) SELECT `id`, `message` FROM `ticket_messages`;
--> statement-breakpoint
INSERT INTO `ticket_note_search` (rowid, body) SELECT `id`, `body` FROM `ticket_notes`;
--> statement-breakpoint
INSERT INTO `ticket_description_search` (rowid, body) SELECT `id`, `description` FROM `tickets`;
