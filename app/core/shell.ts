/** What every page's header shows (app/services/shell.server.ts reads it), and the header of a visitor with nothing yet. */
import type { SessionRole } from "./sessions";
export interface ShellState {
  user: { id: number; lastname: string; firstname: string; role: SessionRole; points: number } | null;
  cartQuantity: number;
  unreadMails: number;
  unreadMessages: number;
}

export const EMPTY_SHELL: ShellState = { user: null, cartQuantity: 0, unreadMails: 0, unreadMessages: 0 };

/** Where a page rendered anonymous (and perhaps served from the edge cache) asks for the visitor's own header. */
export const SHELL_API_PATH = "/api/shell";

/**
 * A route's `handle` may recount the header's cart: a page that priced the cart (and so may have cut rows to
 * the stock left, saving them while the header was being read) gives the count it ended with.
 */
export interface ShellHandle {
  cartQuantity?: (data: unknown) => number | undefined;
}

/** The header's state with the cart count the page's routes recounted, if one did. */
export function recountedShell(shell: ShellState, matches: readonly { handle?: unknown; data?: unknown }[]): ShellState {
  for (const match of matches) {
    const count = (match.handle as ShellHandle | undefined)?.cartQuantity?.(match.data);
    if (typeof count === "number") return { ...shell, cartQuantity: count };
  }
  return shell;
}
