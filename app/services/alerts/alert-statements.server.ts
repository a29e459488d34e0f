/**
 * Alert mails as statements of the batch that makes the event they report (issue 37 item 4, decision 0058):
 * one outbox row per address, keyed per event and address (app/core/alerts/alerts.ts ALERT_MAIL_KEYS), so
 * the same event written again — a retry, a race, a second cron run — mails once. Staff alerts go to the
 * lists of the shop settings in force (none when the list is empty). The caller reads the addresses before
 * its batch (`staffAlertAddresses`) and dispatches the keys after it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alertAddressLines, ALERT_MAIL_KEYS } from "~/core/alerts/alerts";
import type { MailKind } from "~/core/mail/mail-outbox";
import type { ShopSettings, StaffAlert } from "~/core/settings/shop-settings";
import type { Database } from "~/db/client.server";
import {
  inboundHeldAlertMail,
  newReturnAlertMail,
  newTicketAlertMail,
  transferLapsedAlertMail,
  type InboundHeldFacts,
  type NewReturnFacts,
  type NewTicketFacts,
  type TransferLapsedFacts,
} from "~/mail/alert-mails";
import type { EmailFrame } from "~/mail/email-layout";
import type { MailTemplate } from "~/mail/render.server";
import { BATCH_ID_PLACEHOLDER, conditionalOutboxStatement, outboxStatement, type BatchFill } from "../mail/mail-outbox.server";
import { loadShopSettings } from "../settings/shop-settings.server";

type Statement = BatchItem<"sqlite">;

/** What an alert adds to its event's batch, and the outbox keys to dispatch once the batch has committed. */
export interface AlertStatements {
  statements: Statement[];
  keys: string[];
}

export const NO_ALERTS: AlertStatements = { statements: [], keys: [] };

export function joinAlerts(...parts: AlertStatements[]): AlertStatements {
  return { statements: parts.flatMap((part) => part.statements), keys: parts.flatMap((part) => part.keys) };
}

export interface AlertMail {
  /** The outbox key of the mail to one address. */
  key: (address: string) => string;
  kind: MailKind;
  template: MailTemplate;
  frame: EmailFrame;
  /** Written only when this holds as the statement runs. */
  condition?: SQL;
  /** The id of a row the same batch inserts, shown where the template wrote BATCH_ID_PLACEHOLDER. */
  fill?: BatchFill;
}

/** The mail to each address (none for none). */
export function alertMailStatements(db: Database, addresses: readonly string[], mail: AlertMail, now: Date): AlertStatements {
  const statements = addresses.map((address) => {
    const outgoing = { key: mail.key(address), kind: mail.kind, to: address, template: mail.template, frame: mail.frame };
    return mail.condition || mail.fill
      ? conditionalOutboxStatement(db, outgoing, now, mail.condition ?? sql`1`, mail.fill)
      : outboxStatement(db, outgoing, now);
  });
  return { statements, keys: addresses.map(mail.key) };
}

/** The addresses of a staff alert in these settings: trimmed, without repeats; none = nobody is told. */
export function alertAddressesIn(settings: ShopSettings, alert: StaffAlert): string[] {
  return alertAddressLines(settings.alerts[alert].join("\n"));
}

/** The addresses of a staff alert in the settings in force (read from D1). */
export async function staffAlertAddresses(db: Database, alert: StaffAlert): Promise<string[]> {
  return alertAddressesIn(await loadShopSettings(db), alert);
}

/** A link into /crm to a row the batch inserts: its id goes in as the mail is stored. */
const crmLinkToNew = (frame: EmailFrame, path: string) => `${frame.origin}${path}/${BATCH_ID_PLACEHOLDER}`;

/**
 * 新しいお問い合わせ: `ticket` names the ticket as its batch makes it (customer and form session, or the mail),
 * `ticketId` is the sub-select of its id in that batch.
 */
export function newTicketAlert(
  db: Database,
  addresses: readonly string[],
  ticket: { ref: string; id: SQL } & Omit<NewTicketFacts, "ticketUrl">,
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  if (addresses.length === 0) return NO_ALERTS;
  const { ref, id, ...facts } = ticket;
  const template = newTicketAlertMail({ ...facts, ticketUrl: crmLinkToNew(frame, "/crm/tickets") });
  return alertMailStatements(
    db,
    addresses,
    { key: (address) => ALERT_MAIL_KEYS.newTicket(ref, address), kind: "staff_alert", template, frame, fill: { placeholder: BATCH_ID_PLACEHOLDER, value: id } },
    now,
  );
}

/** 返品・交換のお申し込み: `returnId` is the sub-select of the request its batch inserts. */
export function newReturnAlert(
  db: Database,
  addresses: readonly string[],
  request: { token: string; returnId: SQL } & Omit<NewReturnFacts, "returnUrl">,
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  if (addresses.length === 0) return NO_ALERTS;
  const { token, returnId, ...facts } = request;
  const template = newReturnAlertMail({ ...facts, returnUrl: crmLinkToNew(frame, "/crm/returns") });
  return alertMailStatements(
    db,
    addresses,
    {
      key: (address) => ALERT_MAIL_KEYS.newReturn(token, address),
      kind: "staff_alert",
      template,
      frame,
      fill: { placeholder: BATCH_ID_PLACEHOLDER, value: returnId },
    },
    now,
  );
}

/** A support mail held at /crm/inbound: `mailRef` names the mail (its Message-ID), `condition` that it was held now. */
export function inboundHeldAlert(
  db: Database,
  addresses: readonly string[],
  held: { mailRef: string; condition?: SQL } & Omit<InboundHeldFacts, "inboxUrl">,
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  if (addresses.length === 0) return NO_ALERTS;
  const { mailRef, condition, ...facts } = held;
  const template = inboundHeldAlertMail({ ...facts, inboxUrl: `${frame.origin}/crm/inbound` });
  return alertMailStatements(
    db,
    addresses,
    { key: (address) => ALERT_MAIL_KEYS.inboundHeld(mailRef, address), kind: "staff_alert", template, frame, condition },
    now,
  );
}

/** A 銀行振込 order cancelled for want of the transfer, in its cancellation's batch. */
export function transferLapsedAlert(
  db: Database,
  addresses: readonly string[],
  order: { id: number } & Omit<TransferLapsedFacts, "orderUrl">,
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  if (addresses.length === 0) return NO_ALERTS;
  const { id, ...facts } = order;
  const template = transferLapsedAlertMail({ ...facts, orderUrl: `${frame.origin}/crm/orders/${id}` });
  return alertMailStatements(
    db,
    addresses,
    { key: (address) => ALERT_MAIL_KEYS.transferLapsed(facts.orderNumber, address), kind: "staff_alert", template, frame },
    now,
  );
}
