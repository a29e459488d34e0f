/**
 * When an e-mail is tried again. A message is tried at most MAIL_MAX_ATTEMPTS times, waiting longer
 * after each failure; then it stays `failed` with its last error until staff resend it. A sender that
 * claimed a message and vanished (a Worker killed mid-send) loses the claim after MAIL_CLAIM_TIMEOUT_MS.
 * Pure: no I/O.
 */
export const MAIL_MAX_ATTEMPTS = 5;

export const MAIL_CLAIM_TIMEOUT_MS = 5 * 60_000;

/** The wait after the n-th failed attempt (1-based): 1 min, 5 min, 30 min, 2 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

export type MailStatus = "pending" | "sending" | "sent" | "failed";

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: "送信待ち",
  sending: "送信中",
  sent: "送信済み",
  failed: "送信失敗",
};

/** After a failed attempt: try again at this time, or give up (null). */
export function nextAttemptAfterFailure(attempts: number, now: Date): Date | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  const wait = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
  return new Date(now.getTime() + wait);
}

/** An error as the outbox keeps it: its message, one line, short enough for a listing. */
export function describeMailError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 500);
}
