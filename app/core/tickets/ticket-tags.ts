/**
 * Staff's free tags on tickets (issue 36 item 9): how a tag is written (full-width letters and digits made
 * plain, spaces collapsed, so 「返品」 and 「 返品 」 are one tag), how long it may be and how many a ticket holds.
 */
export const TAG_MAX_LENGTH = 20;
export const TAGS_PER_TICKET = 10;

export const TAG_TEXT = {
  added: "タグを付けました。",
  removed: "タグを外しました。",
  empty: "タグを入力してください。",
  tooLong: `タグは${TAG_MAX_LENGTH}文字以内で入力してください。`,
  tooMany: `タグは1件のお問い合わせにつき${TAGS_PER_TICKET}個までです。`,
} as const;

/** A tag as stored, or why it cannot be one. */
export function normalTag(text: string): { ok: true; tag: string } | { ok: false; error: string } {
  const tag = text.normalize("NFKC").replace(/\s+/gu, " ").trim();
  if (tag === "") return { ok: false, error: TAG_TEXT.empty };
  if ([...tag].length > TAG_MAX_LENGTH) return { ok: false, error: TAG_TEXT.tooLong };
  return { ok: true, tag };
}

/** The list's tags column joins a ticket's tags with this character (no tag can hold it: NFKC keeps it, but input never has it). */
export const TAG_SEPARATOR = "\u001f";
