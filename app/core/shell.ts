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

/** The cart page's data gives the cart's count as it priced it (the header's count follows it there). */
export interface PricedCartPage {
  cartQuantity: number;
}

/**
 * The header's state with the cart count of the cart page, if this is it: pricing may cut rows to the stock
 * left (and save them) while the header was being read, and the header must say what the page shows.
 */
export function recounted(shell: ShellState, page: PricedCartPage | undefined): ShellState {
  return page ? { ...shell, cartQuantity: page.cartQuantity } : shell;
}
