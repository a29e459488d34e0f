/**
 * The shop's name in a page's <title>: the shop settings' (decision 0057), as the root loader read them for
 * every page; a route's meta reads it from `matches` (the browser runs meta too, so this stays client-safe).
 */
import type { SiteFacts } from "~/core/settings/shop-settings";
import { SHOP_NAME } from "~/core/site/shop-name";

/** The shop's name in force, from the root's data among a meta function's `matches` (the default when the root has none). */
export function shopNameOf(matches: readonly { id: string; data?: unknown }[]): string {
  const root = matches.find((match) => match.id === "root")?.data as { site?: SiteFacts } | undefined;
  return root?.site?.shopName ?? SHOP_NAME;
}
