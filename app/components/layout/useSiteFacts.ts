import { useRouteLoaderData } from "@remix-run/react";
import type { SiteFacts } from "~/core/settings/shop-settings";
import { SHOP_NAME } from "~/core/site/shop-name";

/**
 * The shop's name and contact from the settings in force, as the root loader read them for every page
 * (decision 0057); null only when the root's data could not be loaded (the error page).
 */
export function useSiteFacts(): SiteFacts | null {
  const root = useRouteLoaderData("root") as { site?: SiteFacts } | undefined;
  return root?.site ?? null;
}

/** The shop's name in force (the default's on the error page of a root that could not load). */
export function useShopName(): string {
  return useSiteFacts()?.shopName ?? SHOP_NAME;
}
