/**
 * The staff list's キーワード (issue 36 item 9, decision 0047): a ticket is found when each word of the query
 * is in its customer's name or e-mail, its order's number, its description, one of its messages or one of
 * its internal notes. Words of 3+ characters are looked up in the trigram indexes of migration 0032 (a hit
 * names its message, note or ticket; the message or note names its ticket now, so a merge needs no
 * re-indexing); shorter words are looked for with instr() in the messages of the tickets that the other
 * conditions leave, through the messages' ticket index.
 */
import { or, sql, type SQL } from "drizzle-orm";
import { ticketSearchTerms, type TicketSearchTerm } from "~/core/tickets/ticket-search";
import { qualified } from "~/db/client.server";
import { orders, ticketMessages, ticketNotes, tickets, users } from "~/db/schema";
import { ticketDescriptionSearch, ticketMessageSearch, ticketNoteSearch } from "~/db/ticket-search-index";
import type { FilterSql } from "../search/listing.server";

/** The customer as staff look for them: name either way round, with or without a space, reading, e-mail (a guest: the mail's name and address). */
export const customerText = sql`coalesce(${users.lastname} || ${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.firstname} || ' ' || ${users.lastnameJp} || ${users.firstnameJp} || ' ' || ${users.email}, coalesce(${tickets.guestName}, '') || ' ' || ${tickets.guestEmail})`;

const orderNumber = sql`coalesce((select ${qualified(orders.number)} from ${orders} where ${qualified(orders.id)} = ${qualified(tickets.orderId)}), '')`;

/**
 * The text holds one of the forms (lower case already: SQL's lower() folds ASCII only, so the forms carry
 * full-width capitals themselves). instr, not LIKE: D1 caps LIKE patterns at 50 bytes.
 */
const holdsAny = (text: SQL, forms: string[]) => or(...forms.map((form) => sql`instr(lower(${text}), ${form}) > 0`))!;

/** The tickets whose description, messages or notes hold a 3+ character word, from the trigram indexes. */
function indexedTickets(match: string): SQL {
  const messageHits = sql`select rowid from ${ticketMessageSearch} where ${ticketMessageSearch} match ${match}`;
  const noteHits = sql`select rowid from ${ticketNoteSearch} where ${ticketNoteSearch} match ${match}`;
  return sql`${qualified(tickets.id)} in (
    select ${qualified(ticketMessages.ticketId)} from ${ticketMessages} where ${qualified(ticketMessages.id)} in (${messageHits})
    union select ${qualified(ticketNotes.ticketId)} from ${ticketNotes} where ${qualified(ticketNotes.id)} in (${noteHits})
    union select rowid from ${ticketDescriptionSearch} where ${ticketDescriptionSearch} match ${match})`;
}

/** A 1–2 character word in the ticket's description, messages or notes, read through each table's ticket index. */
function scannedTicket(forms: string[]): SQL {
  return sql`(${holdsAny(sql`${qualified(tickets.description)}`, forms)}
    or exists (select 1 from ${ticketMessages} where ${qualified(ticketMessages.ticketId)} = ${qualified(tickets.id)} and ${holdsAny(sql`${qualified(ticketMessages.message)}`, forms)})
    or exists (select 1 from ${ticketNotes} where ${qualified(ticketNotes.ticketId)} = ${qualified(tickets.id)} and ${holdsAny(sql`${qualified(ticketNotes.body)}`, forms)}))`;
}

function termCondition(term: TicketSearchTerm): SQL {
  const text = term.match != null ? indexedTickets(term.match) : scannedTicket(term.forms);
  return sql`(${holdsAny(customerText, term.forms)} or ${holdsAny(orderNumber, term.forms)} or ${text})`;
}

/** The キーワード filter: every word found (long words first, so the short ones' scan reads only the tickets those leave). */
export const ticketTextFilter: FilterSql = (value) => {
  if (typeof value !== "string") return undefined;
  const terms = ticketSearchTerms(value).sort((a, b) => Number(a.match == null) - Number(b.match == null));
  if (terms.length === 0) return undefined;
  return sql.join(terms.map(termCondition), sql` and `);
};
