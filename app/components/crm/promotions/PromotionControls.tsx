/**
 * What a staff promotion page shows beside its form: the 今すぐ終了 / 削除 forms (each behind a <details>
 * confirmation, so they work without JS). Apart from the form's fields, which load with the form's island,
 * and from the state badge (./PromotionStateBadge), which the lists show too.
 */
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

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
