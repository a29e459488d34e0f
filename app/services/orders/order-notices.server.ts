/**
 * How a lifecycle change tells the buyer: the member's in-app お知らせ (links within the shop) and the
 * e-mail to the order's address (absolute links, the e-mail frame), both statements of the change's batch.
 */
import type { MailKind } from "~/core/mail/mail-outbox";
import type { EmailFrame } from "~/mail/email-layout";
import type { OrderMailAddressee } from "~/mail/order-lifecycle-mails";
import type { MailTemplate } from "~/mail/render.server";
import type { Database } from "~/db/client.server";
import type { OrderState, Statement } from "./order-changes.server";
import { outboxStatement } from "../mail/mail-outbox.server";
import { mailStatement } from "../mail/mails.server";

export function addresseeOf(order: Pick<OrderState, "id" | "number" | "userId" | "customerName">, origin: string): OrderMailAddressee {
  return { customerName: order.customerName, orderNumber: order.number, orderId: order.id, guest: order.userId == null, origin };
}

export interface OrderNotice {
  /** The outbox key: one per event (`shipment-shipped:{id}` …). */
  key: string;
  kind: MailKind;
  template: (addressee: OrderMailAddressee) => MailTemplate;
}

/** The in-app お知らせ (members) and the e-mail (everyone), for one event of the order. */
export function orderNoticeStatements(db: Database, order: OrderState, notice: OrderNotice, frame: EmailFrame, now: Date): Statement[] {
  const statements: Statement[] = [];
  if (order.userId != null) statements.push(mailStatement(db, order.userId, notice.template(addresseeOf(order, "")), now));
  statements.push(
    outboxStatement(
      db,
      { key: notice.key, kind: notice.kind, to: order.email, userId: order.userId, template: notice.template(addresseeOf(order, frame.origin)), frame },
      now,
    ),
  );
  return statements;
}
