/** What the outbox pages (/crm/mail-outbox, /dev/mailbox) answer and the mail components read (types only). */
export type { OutboxMessage, OutboxRow } from "~/services/mail-outbox.server";

/** The resend form's refusal, shown above the list or the message. */
export type ResendActionData = { ok: false; error: string };
