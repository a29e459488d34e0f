/** What the member hub (/user) answers and its component reads (types only: the browser bundle imports it). */
import type { MemberHub } from "~/services/member/member-hub.server";

export interface MemberHubData extends MemberHub {
  /** The notice after a redirect here (a password just reset …), or null. */
  notice: string | null;
}

/** The header's unread counts, as root's loader has them. */
export interface MemberHubCounts {
  unreadMails: number;
  unreadMessages: number;
}
