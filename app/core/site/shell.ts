/** What every page's header shows (app/services/site/shell.server.ts reads it), and the header of a visitor with nothing yet. */
import type { SessionRole } from "../account/sessions";
export interface ShellState {
  user: { id: number; lastname: string; firstname: string; role: SessionRole; points: number } | null;
  cartQuantity: number;
  unreadMails: number;
  unreadMessages: number;
  /** Staff only: notes that mention them, unread (issue 36). */
  staffNotices: number;
  /** Staff only: open tickets past a due time (issue 36 item 6). */
  overdueTickets: number;
  /** Staff who approve replies only: replies waiting for their approval (issue 36 item 8). */
  pendingApprovals: number;
  /** Staff only: merchants' product changes waiting for approval (issue 38 item 7). */
  pendingProductReviews: number;
}

/** Counts a page's loader changed while loading (its data's `shellCounts`), shown over the root's. */
export type ShellCounts = Partial<Pick<ShellState, "cartQuantity" | "unreadMails" | "unreadMessages" | "staffNotices">>;

export const EMPTY_SHELL: ShellState = {
  user: null,
  cartQuantity: 0,
  unreadMails: 0,
  unreadMessages: 0,
  staffNotices: 0,
  overdueTickets: 0,
  pendingApprovals: 0,
  pendingProductReviews: 0,
};

/** Where a page rendered anonymous (and perhaps served from the edge cache) asks for the visitor's own header. */
export const SHELL_API_PATH = "/api/shell";
