/** What the withdrawal page's loader answers and its components read (types only: the browser bundle imports it). */
import type { WithdrawalView } from "~/services/account/withdrawal.server";

export type { WithdrawalView };
