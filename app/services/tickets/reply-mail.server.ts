/**
 * What a staff reply sends the customer (issue 36 item 1), in the reply's own D1 batch: by e-mail (reply
 * choice e-mail or not said) the whole reply with its images as signed links and the thread's last messages
 * quoted, answered to the ticket's reply address; by phone no mail, but 「電話で連絡」 as a task on the ticket.
 */
import { desc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { QUOTED_MESSAGES, replyGoesByMail, replyMailKey, ticketReplyAddress } from "~/core/tickets/reply-mail";
import type { ShopSettings } from "~/core/settings/shop-settings";
import type { ReplyChoice } from "~/core/tickets/ticket-labels";
import { senderName } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { ticketMessages } from "~/db/schema";
import { staffReplyEmail } from "~/mail/ticket-mails";
import { outboxStatement } from "../mail/mail-outbox.server";
import { signedAttachmentUrls } from "./attachment-links.server";

/** Where the mail's links point and answers go, the secret its image links are signed with, and the shop settings its footer names. */
export interface ReplyMailContext {
  origin: string;
  supportAddress: string;
  linkSecret: string;
  shop: ShopSettings;
}

interface RepliedTicket {
  id: number;
  /** Null for a guest's ticket: its mail has no link to a member page. */
  userId: number | null;
  replyChoice: ReplyChoice;
  replyToken: string | null;
  lastname: string;
  firstname: string;
  email: string;
}

export interface ReplyNotice {
  statements: BatchItem<"sqlite">[];
  /** What the reply's own update of the ticket also sets: the call owed, for a customer who asked for one. */
  ticketChanges: { callRequestedAt?: Date };
  /** The outbox key of the e-mail, to put on the mail queue once the batch has committed; null when none is sent. */
  mailKey: string | null;
}

/** What tells the customer about a staff reply, for the batch that writes it. */
export async function staffReplyNotice(
  db: Database,
  ticket: RepliedTicket,
  reply: { text: string; mediaIds: number[] },
  mail: ReplyMailContext,
  now: Date,
): Promise<ReplyNotice> {
  if (!replyGoesByMail(ticket.replyChoice)) {
    return { statements: [], ticketChanges: { callRequestedAt: now }, mailKey: null };
  }
  const earlier = await db
    .select({ fromadmin: ticketMessages.fromadmin, message: ticketMessages.message, dateCreated: ticketMessages.dateCreated })
    .from(ticketMessages)
    // Read before the reply's batch: these are the messages before it.
    .where(eq(ticketMessages.ticketId, ticket.id))
    .orderBy(desc(ticketMessages.dateCreated), desc(ticketMessages.id))
    .limit(QUOTED_MESSAGES);
  const template = staffReplyEmail({
    ticketId: ticket.id,
    customer: ticket,
    message: reply.text,
    attachments: await signedAttachmentUrls(mail.origin, reply.mediaIds, mail.linkSecret, now),
    quoted: earlier.map((row) => ({ name: senderName(row.fromadmin, ticket), date: row.dateCreated, message: row.message })),
    threadUrl: ticket.userId != null ? `${mail.origin}/user/support/${ticket.id}` : null,
  });
  const key = replyMailKey(ticket.id, crypto.randomUUID());
  const frame = { origin: mail.origin, replyTo: ticketReplyAddress(mail.supportAddress, ticket.replyToken), shop: mail.shop };
  return {
    statements: [outboxStatement(db, { key, kind: "ticket_reply", to: ticket.email, userId: ticket.userId, template, frame }, now)],
    ticketChanges: {},
    mailKey: key,
  };
}
