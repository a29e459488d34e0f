/**
 * The satisfaction survey after a ticket closes (issue 36 item 10, decision 0048): the one mail's key, the
 * choices its one-click links carry, what their signature covers and how long they work, and what the
 * customer is told. Pure: no I/O.
 */
import * as v from "valibot";

/** 対応はいかがでしたか: 5 (満足) … 1 (不満), best first as the mail and the page list them. */
export const SATISFACTION_SCORES = [
  { score: 5, label: "満足" },
  { score: 4, label: "やや満足" },
  { score: 3, label: "ふつう" },
  { score: 2, label: "やや不満" },
  { score: 1, label: "不満" },
] as const;
export type SatisfactionScore = (typeof SATISFACTION_SCORES)[number]["score"];

export function scoreLabel(score: number): string {
  return SATISFACTION_SCORES.find((choice) => choice.score === score)?.label ?? String(score);
}

/** 解決しましたか: the two answers (`resolved` column true / false). */
export const RESOLVED_CHOICES = [
  { value: "yes", resolved: true, label: "解決した" },
  { value: "no", resolved: false, label: "解決していない" },
] as const;

export function resolvedLabel(resolved: boolean | null): string {
  return resolved == null ? "未回答" : resolved ? "解決した" : "解決していない";
}

/** A link's choice (`c`): a score "1"…"5", or "yes" / "no" for 解決した / 解決していない. */
export type SatisfactionChoice = { score: SatisfactionScore } | { resolved: boolean };

export function choiceParam(choice: SatisfactionChoice): string {
  return "score" in choice ? String(choice.score) : choice.resolved ? "yes" : "no";
}

export function parseChoice(param: string | null | undefined): SatisfactionChoice | null {
  const score = SATISFACTION_SCORES.find((choice) => String(choice.score) === param);
  if (score) return { score: score.score };
  const resolved = RESOLVED_CHOICES.find((choice) => choice.value === param);
  return resolved ? { resolved: resolved.resolved } : null;
}

/** The survey page; its links add `?e={expiry ms}&s={signature}` (and the clicked choice `c`). */
export const SATISFACTION_PATH = "/support/rating";

/** How long the mail's links open the survey. */
export const SATISFACTION_LINK_DAYS = 60;

/** What a survey link's signature covers: the purpose, the ticket and the expiry (not the choice: the page lets it change). */
export function satisfactionLinkText(ticketId: number, expiresAt: number): string {
  return `ticket-satisfaction:${ticketId}:${expiresAt}`;
}

/** The outbox key of a ticket's one satisfaction mail: a second one for the ticket is never written. */
export function satisfactionMailKey(ticketId: number): string {
  return `ticket-satisfaction:${ticketId}`;
}

export const SATISFACTION_COMMENT_MAX = 1000;

export const SATISFACTION_TEXT = {
  badLink: "このリンクは正しくありません。メールに記載されたリンクをそのまま開いてください。",
  expired: "このアンケートの回答期限は過ぎました。ご意見は、新しいお問い合わせからお寄せください。",
  alreadyAnswered: "すでにご回答いただいています。ご協力ありがとうございました。",
  thanks: "ご回答ありがとうございました。今後のサービス向上に役立ててまいります。",
  scoreRequired: "対応の評価を選んでください。",
  commentTooLong: `コメントは${SATISFACTION_COMMENT_MAX}文字以内で入力してください。`,
} as const;

/** The survey form: the score (required), 解決した / していない (optional) and a comment (optional). */
export const SatisfactionFormSchema = v.object({
  score: v.pipe(
    v.optional(v.string(), ""),
    v.check((value) => SATISFACTION_SCORES.some((choice) => String(choice.score) === value), SATISFACTION_TEXT.scoreRequired),
    v.transform(Number),
  ),
  resolved: v.pipe(
    v.optional(v.picklist(["", "yes", "no"]), ""),
    v.transform((value) => (value === "" ? null : value === "yes")),
  ),
  comment: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.maxLength(SATISFACTION_COMMENT_MAX, SATISFACTION_TEXT.commentTooLong),
    v.transform((value) => value || null),
  ),
});
export type SatisfactionVote = v.InferOutput<typeof SatisfactionFormSchema>;
