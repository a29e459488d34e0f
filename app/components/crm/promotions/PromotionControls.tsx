/**
 * What a staff promotion page shows beside its form: the state badge and the 今すぐ終了 / 削除 forms (each
 * behind a <details> confirmation, so they work without JS). Apart from the form's fields, which load with
 * the form's island.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PROMOTION_STATE_LABELS, type PromotionState } from "~/core/promotions";

const STATE_TONES: Record<PromotionState, string> = {
  scheduled: "bg-amber-50 text-amber-900",
  running: "bg-green-50 text-green-800",
  ended: "bg-gray-100 text-gray-700",
};

export function PromotionStateBadge({ state }: { state: PromotionState }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${STATE_TONES[state]}`} data-testid="promotion-state">
      {PROMOTION_STATE_LABELS[state]}
    </span>
  );
}

/** A one-button POST (intent) behind its confirmation question, opened with a <summary> (no JS needed). */
export function ConfirmedAction({
  intent,
  summary,
  question,
  submitLabel,
  danger = false,
  children,
}: {
  intent: "end" | "delete";
  summary: string;
  question: string;
  submitLabel: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <details className="rounded border border-solid border-gray-200 p-2" data-testid={`${intent}-action`}>
      <summary className="cursor-pointer text-sm font-bold">{summary}</summary>
      <Form method="post" replace className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value={intent} />
        <p className="m-0 text-sm">{question}</p>
        {children}
        <div>
          <button type="submit" className={danger ? "btn-secondary text-red-700" : "btn-secondary"} disabled={pending}>
            {submitLabel}
          </button>
        </div>
      </Form>
    </details>
  );
}
