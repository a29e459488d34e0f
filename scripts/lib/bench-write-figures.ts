/**
 * The arithmetic of the write bench (scripts/lib/bench-checkout-writes.ts), pure so it is unit-tested:
 * latency percentiles, what a refused checkout told the shopper (its Japanese message → a short reason),
 * and how many orders a database of a given size holds.
 */
import { CHECKOUT_MESSAGES } from "../../app/core/checkout/checkout";
import { CONFIRMATION_MESSAGES } from "../../app/core/checkout/order-confirmation";

/** The p-th percentile (0–100) of the values by nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Short reasons for the messages a flash sale brings; any other checkout message is counted under its key. */
const REASONS: Record<string, string> = {
  changedMeanwhile: "sold out meanwhile (the order batch's stock guard)",
  changed: "cart changed since the page was shown (e.g. sold out)",
  feeApplied: "payment fee applied, confirm again",
  busy: "busy: D1 overloaded, retry later",
};

/** Every fixed message the checkout refuses an order with, and its reason. */
const REFUSALS = Object.entries({ ...CHECKOUT_MESSAGES, ...CONFIRMATION_MESSAGES }).flatMap(([key, message]) =>
  typeof message === "string" ? [{ reason: REASONS[key] ?? key, message }] : [],
);

/** The reason when the answer shows none of the checkout's messages: the shopper was not told why. */
export const UNTOLD = "no message shown";

/** Undoes the escaping React applies to text in a document. */
function unescapeHtml(html: string): string {
  return html.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The short reason for a refused checkout post, from the page (or text) it answered with. */
export function refusalReason(body: string): string {
  const text = unescapeHtml(body);
  return REFUSALS.find(({ message }) => text.includes(message))?.reason ?? UNTOLD;
}

/** Cloudflare's documented maximum size of one D1 database (Workers Paid). */
export const D1_MAX_DATABASE_BYTES = 10 * 1000 ** 3;

/** How many orders of `bytesPerOrder` fit in `databaseBytes` beside `otherBytes` already used (whole orders). */
export function ordersThatFit(bytesPerOrder: number, databaseBytes = D1_MAX_DATABASE_BYTES, otherBytes = 0): number {
  if (!(bytesPerOrder > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.floor((databaseBytes - otherBytes) / bytesPerOrder));
}
