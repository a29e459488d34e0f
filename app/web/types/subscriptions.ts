/** What the member's subscription page answers and its component reads (types only: the browser bundle imports it). */
import type { SubscriptionDetail } from "~/services/member/subscriptions.server";

export type { SubscriptionDetail };

/** The subscription page's loader data. */
export interface SubscriptionLoaderData {
  subscription: SubscriptionDetail;
  /** The change the page asks to confirm (?confirm=skip|cancel), when the subscription may still change. */
  confirm: "skip" | "cancel" | null;
  /** The notice after a redirect (skipped, cancelled), or null. */
  notice: string | null;
}

/** A refused skip or cancel. */
export type SubscriptionActionData = { ok: false; error: string };
