import { useActionData } from "@remix-run/react";
import { isConnectionFailure } from "~/core/site/connection";
import { failedPost } from "./failed-posts";

/**
 * Whether the page's last plain-form post got no answer (the route exports route-handlers' clientAction):
 * the form shows it beside its button (ConnectionNotice) and what was typed stays. On a page with several
 * forms, `intent` names the one asking — the failed post's own `intent` field tells which was sent — and
 * `fields` the row it is for (a list of the same form: `{ submissionId: "12" }`).
 */
export function useFormPostFailed(intent?: string, fields: Record<string, string> = {}): boolean {
  const answer: unknown = useActionData();
  if (!isConnectionFailure(answer)) return false;
  const sent = failedPost(answer.post)?.formData;
  if (intent != null && sent?.get("intent") !== intent) return false;
  return Object.entries(fields).every(([name, value]) => sent?.get(name) === value);
}
