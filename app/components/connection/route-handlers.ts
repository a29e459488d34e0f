/**
 * What a route module exports to keep its page when a request fails (connection-handling.ts):
 *   export { clientAction } from "~/components/connection/route-handlers";  // routes a fetcher posts to
 *   export { clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";  // pages with fetchers or reloads
 * The handling loads on first use, off the pages' first-load JS; ConnectionBanner loads it once the page
 * has hydrated, so it is there before the connection drops.
 */
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { isConnectionFailure } from "~/core/site/connection";

export const loadConnectionHandling = () => import("./connection-handling");

export function clientAction(args: ClientActionFunctionArgs): Promise<unknown> {
  return loadConnectionHandling().then((handling) => handling.answerKeepingPage(args));
}

export function clientLoader(args: ClientLoaderFunctionArgs): Promise<unknown> {
  return loadConnectionHandling().then((handling) => handling.reloadKeepingPage(args));
}

/**
 * No reload of the page's data after a post that got no answer: nothing changed, and the reload would fail
 * the same way. (Remix's single fetch reloads every route without a `shouldRevalidate` after any post, a
 * 4xx/5xx answer included; a route that has one gets `defaultShouldRevalidate: true` and decides. A page
 * with its own function checks isConnectionFailure itself.)
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  !isConnectionFailure(actionResult) && defaultShouldRevalidate;
