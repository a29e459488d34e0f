import type { ShouldRevalidateFunction } from "@remix-run/react";
import { isConnectionFailure } from "~/core/site/connection";

/**
 * The order pages' shouldRevalidate: a refused cancellation leaves the page as it is, so the dialog stays
 * open with the reason (the page reloads when it is closed), and so does a post that got no answer
 * (components/connection: nothing changed); anything else reloads as usual.
 */
export const keepPageWhileCancelRefused: ShouldRevalidateFunction = ({ formAction, actionResult, defaultShouldRevalidate }) => {
  const refused = formAction?.endsWith("/cancel") && actionResult != null && typeof actionResult === "object" && "error" in actionResult;
  return refused || isConnectionFailure(actionResult) ? false : defaultShouldRevalidate;
};
