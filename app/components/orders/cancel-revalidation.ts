import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * The order pages' shouldRevalidate: a refused cancellation leaves the page as it is, so the dialog stays
 * open with the reason (the page reloads when it is closed); anything else reloads as usual.
 */
export const keepPageWhileCancelRefused: ShouldRevalidateFunction = ({ formAction, actionResult, defaultShouldRevalidate }) => {
  const refused = formAction?.endsWith("/cancel") && actionResult != null && typeof actionResult === "object" && "error" in actionResult;
  return refused ? false : defaultShouldRevalidate;
};
