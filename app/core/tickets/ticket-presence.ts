/**
 * Who else is on a ticket (issue 36 item 7): each open staff page beats every PRESENCE_BEAT_MS, saying
 * whether its reply box was typed in lately; colleagues beaten within the window are shown by name.
 */
export const PRESENCE_BEAT_MS = 5000;
/** A page not heard from for this long is taken as closed (a missed beat or two is not). */
export const PRESENCE_WINDOW_MS = 20_000;
/** Typing in the reply box counts as 「入力中」 for this long after the last keystroke. */
export const TYPING_WINDOW_MS = 10_000;

export interface PresentColleague {
  id: number;
  name: string;
  typing: boolean;
}

/** What the page says of a colleague on the same ticket. */
export function presenceText(colleague: PresentColleague): string {
  return colleague.typing ? `${colleague.name}さんが返信を入力中です。` : `${colleague.name}さんもこのお問い合わせを開いています。`;
}
