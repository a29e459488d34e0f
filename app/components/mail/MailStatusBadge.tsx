import type { MailStatus } from "~/core/mail/mail-outbox";

const TONES: Record<MailStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-green-700 text-white",
  failed: "bg-red-700 text-white",
};

/**
 * An outbox message's status (送信待ち / 送信中 / 送信済み / 送信失敗) with its label (`MAIL_STATUS_LABELS`),
 * which the outbox lists take from their loader so they do not load the labels.
 */
export function MailStatusBadge({ status, label }: { status: MailStatus; label: string }) {
  return (
    <span className={`badge whitespace-nowrap ${TONES[status]}`} data-testid="mail-status">
      {label}
    </span>
  );
}
