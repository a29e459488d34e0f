/** Reading a stored mail as it goes out: its sign-in links completed by the sender (app/services/account/account-tokens.server.ts). */
import { completeMailedLinks } from "~/services/account/account-tokens.server";
import { TEST_SESSION_SECRET } from "./platform";

/** A stored mail's text or HTML as the sender sends it on the test platform. */
export function asSent(stored: string): Promise<string> {
  return completeMailedLinks(stored, TEST_SESSION_SECRET);
}
