/**
 * A newsletter issue as staff write it on /crm/newsletter: subject and plain text, and the issue's id,
 * made when the form is opened, so the same form sent twice writes each member's mail once. Pure: no I/O.
 */
import * as v from "valibot";
import { requiredLine, requiredTrimmed } from "../account/account-forms";

export const NEWSLETTER_SUBJECT_MAX = 100;
export const NEWSLETTER_BODY_MAX = 10_000;

export const NewsletterIssueSchema = v.object({
  issue: v.pipe(v.string("もう一度ページを開き直してから送信してください"), v.regex(/^[A-Za-z0-9-]{8,64}$/, "もう一度ページを開き直してから送信してください")),
  subject: v.pipe(requiredLine("件名を入力してください"), v.maxLength(NEWSLETTER_SUBJECT_MAX, `件名は${NEWSLETTER_SUBJECT_MAX}文字以内で入力してください`)),
  body: v.pipe(
    requiredTrimmed("本文を入力してください"),
    v.maxLength(NEWSLETTER_BODY_MAX, `本文は${NEWSLETTER_BODY_MAX.toLocaleString("ja-JP")}文字以内で入力してください`),
  ),
});

export type NewsletterIssue = v.InferOutput<typeof NewsletterIssueSchema>;

/** The body's paragraphs (apart by a blank line), each as its lines. */
export function newsletterParagraphs(body: string): string[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split("\n"))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
}
