import { useActionData } from "@remix-run/react";
import { isConnectionFailure } from "~/core/site/connection";
import { failedPost } from "./failed-posts";

/**
 * Whether the page's last plain-form post got no answer (the route exports route-handlers' clientAction):
 * the form shows it beside its button (ConnectionNotice) and what was typed stays. On a page with several
 * forms, `intent` names the one asking — the failed post's own `intent` field tells which was sent.
 */
export function useFormPostFailed(intent?: string): boolean {
  const answer: unknown = useActionData();
  if (!isConnectionFailure(answer)) return false;
  return intent == null || failedPost(answer.post)?.formData.get("intent") === intent;
}
