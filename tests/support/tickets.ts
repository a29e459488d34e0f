/**
 * Tickets for the desk's integration tests: a new ticket of the demo member's through the real service (as
 * the support form makes it), and what a message with no images and a staff reply's mail context are.
 */
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { MEMBER_ID } from "~/services/seed/people";
import { createTicket } from "~/services/tickets/ticket-messages.server";
import type { TestPlatform } from "./platform";
import { TEST_ORIGIN } from "./requests";

export const NO_FILES = { galleryIds: [], files: [] };
export const TEST_REPLY_MAIL = { origin: TEST_ORIGIN, supportAddress: "support@marketplace.example.jp", linkSecret: "secret", shop: DEFAULT_SHOP_SETTINGS };

/** Each ticket's form session (one ticket per session and member): distinct across a fork's files. */
let session = 1_950_000_000_000;

/** A new 'その他' ticket of the demo member's, answered by e-mail; its id. */
export async function openMemberTicket(platform: TestPlatform, description = "質問があります。"): Promise<number> {
  const input = { session: String(session++), category: "その他" as const, trouble: "その他" as const, reply_choice: "email" as const, description };
  const created = await createTicket(platform.db, platform.env.ATTACHMENTS, { id: MEMBER_ID, role: "customer" }, input, NO_FILES, {
    origin: TEST_ORIGIN,
    shop: DEFAULT_SHOP_SETTINGS,
  });
  if (!created.ok) throw new Error(created.error);
  return created.ticketId;
}
