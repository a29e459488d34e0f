import { useRef } from "react";
import { isConnectionFailure } from "~/core/site/connection";

/**
 * A form posted as a navigation (useActionData) whose post got no answer (components/connection): the page
 * goes on with the answer before it (its messages and values), and `failed` says the post failed.
 */
export function useKeptAnswer<Answer>(answer: Answer | undefined): { answer: Answer | undefined; failed: boolean } {
  const kept = useRef<Answer | undefined>(undefined);
  const failed = isConnectionFailure(answer);
  if (!failed) kept.current = answer;
  return { answer: kept.current, failed };
}
