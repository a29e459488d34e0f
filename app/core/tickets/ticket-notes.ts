/**
 * Staff's internal notes on a ticket (issue 36 item 4): what a note may hold, whom it mentions, and what the
 * desk says about them. A note is never shown or mailed to the customer (it lives apart from the messages).
 */
import { staffName } from "./ticket-owners";

export const NOTE_MAX_LENGTH = 5000;

/** Where staff find the notes that mention them. */
export const NOTICES_PATH = "/crm/notices";

/** The notes' place on the staff ticket page (a note added goes back there). */
export const NOTES_ANCHOR = "notes";

export const NOTE_TEXT = {
  heading: "社内メモ",
  hint: "お客様には表示されず、メールにも載りません。",
  added: "社内メモを残しました。",
  empty: "メモを入力してください。",
  tooLong: `メモは${NOTE_MAX_LENGTH}文字以内で入力してください。`,
  noticesRead: "お知らせをすべて既読にしました。",
  removedAuthor: "（削除されたスタッフ）",
} as const;

export interface Colleague {
  id: number;
  lastname: string;
  firstname: string;
}

/** Where a mention may end: after the name comes a space, punctuation or the end of the note. */
const MENTION_END = /^($|[\s、。，．,.!?！？:：)）」』さ])/u;

/**
 * The colleagues a note mentions as @名前: `@佐藤`, `@佐藤健` or `@佐藤 健` (full-width ＠ too). A family name
 * two colleagues share mentions nobody unless the given name follows. The writer never mentions themselves.
 */
export function mentionedColleagues(body: string, colleagues: Colleague[], writerId: number): number[] {
  const found = new Set<number>();
  for (const match of body.matchAll(/[@＠]/gu)) {
    const rest = body.slice(match.index + 1);
    const named = colleagues.filter((colleague) => {
      const full = [`${colleague.lastname}${colleague.firstname}`, staffName(colleague)];
      return full.some((name) => name !== "" && rest.startsWith(name) && MENTION_END.test(rest.slice(name.length)));
    });
    const byFamilyName = colleagues.filter(
      (colleague) => colleague.lastname !== "" && rest.startsWith(colleague.lastname) && MENTION_END.test(rest.slice(colleague.lastname.length)),
    );
    const chosen = named.length > 0 ? named : byFamilyName.length === 1 ? byFamilyName : [];
    for (const colleague of chosen) found.add(colleague.id);
  }
  found.delete(writerId);
  return [...found];
}

/** A note's text as stored: trimmed, with Windows line ends made plain; a refusal when empty or too long. */
export function noteBody(text: string): { ok: true; body: string } | { ok: false; error: string } {
  const body = text.replace(/\r\n?/g, "\n").trim();
  if (body === "") return { ok: false, error: NOTE_TEXT.empty };
  if ([...body].length > NOTE_MAX_LENGTH) return { ok: false, error: NOTE_TEXT.tooLong };
  return { ok: true, body };
}
