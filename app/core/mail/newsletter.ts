// Reached from app/core/site/request-origin.ts (imported by vite.config.ts, where the ~/ alias does not exist
// yet): no imports.
/**
 * Leaving the newsletter from the mail itself (特定電子メール法: every advertising mail carries a working
 * opt-out). Each mail's link names the member and carries a signature of that id, so it works without a
 * login; opening it shows a page with a button (mail scanners open links in advance and must change
 * nothing), and the mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`) acts at once.
 * Pure: no I/O.
 */
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** The body a mail client posts for a one-click unsubscribe (RFC 8058). */
export const ONE_CLICK_FIELD = { name: "List-Unsubscribe", value: "One-Click" } as const;

/** Sent by the unsubscribe page's own button beside the one-click body: that post comes back to the page. */
export const FROM_PAGE_FIELD = "from_page";

export const NEWSLETTER_MESSAGES = {
  badLink:
    "この配信停止リンクは正しくありません。メールに記載されたリンクをそのまま開くか、ログインしてマイページの「会員情報の変更」から配信を停止してください。",
  confirm: "メールマガジンの配信を停止しますか？",
  stopped: "メールマガジンの配信を停止しました。今後、メールマガジンはお送りしません。",
  alreadyStopped: "メールマガジンは配信停止済みです。今後、メールマガジンはお送りしません。",
} as const;
