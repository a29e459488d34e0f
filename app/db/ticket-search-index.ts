/**
 * The ticket search's FTS5 tables (migration 0032, decision 0047), described for Drizzle's query builder.
 * Kept out of schema.ts as the catalogue's are (search-index.ts): drizzle-kit cannot create virtual tables and
 * must not try to. Contentless, written only by the migration's triggers: a query reads back `rowid` (the
 * indexed row's id) through MATCH, nothing else.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const ftsColumns = { rowid: integer("rowid").primaryKey(), body: text("body").notNull() };

/** Trigram index of ticket_messages.message: rowid = the message's id. */
export const ticketMessageSearch = sqliteTable("ticket_message_search", ftsColumns);

/** Trigram index of ticket_notes.body (staff's internal notes): rowid = the note's id. */
export const ticketNoteSearch = sqliteTable("ticket_note_search", ftsColumns);

/** Trigram index of tickets.description: rowid = the ticket's id. */
export const ticketDescriptionSearch = sqliteTable("ticket_description_search", ftsColumns);
