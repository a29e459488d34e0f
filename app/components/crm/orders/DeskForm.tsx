import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OrderDeskActionData, OrderDeskIntent } from "~/web/types/crm-orders";

/** The refusal of the form that posted (its intent, and its shipment for a shipment's forms), or null. */
export function useDeskError(intent: OrderDeskIntent, shipment: number | null = null): string | null {
  const refused = useActionData<OrderDeskActionData>();
  if (!refused || refused.intent !== intent || (shipment != null && refused.shipment !== shipment)) return null;
  return refused.error;
}

/**
 * One action of the order page: a plain POST form carrying its `intent` (and shipment), answered with a
 * redirect back and a notice (JS or not), or with its refusal shown here.
 */
export function DeskForm({
  intent,
  shipment = null,
  children,
  className = "grid gap-2",
  testId,
}: {
  intent: OrderDeskIntent;
  shipment?: number | null;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const error = useDeskError(intent, shipment);
  return (
    <Form method="post" className={className} data-testid={testId ?? `desk-form-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {shipment != null ? <input type="hidden" name="shipment" value={shipment} /> : null}
      {children}
      {error ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="desk-form-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** A form's submit button, disabled while that form's post is under way. */
export function DeskSubmit({ intent, children, tone = "primary" }: { intent: OrderDeskIntent; children: ReactNode; tone?: "primary" | "secondary" }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" className={`${tone === "primary" ? "btn-primary" : "btn-secondary"} justify-self-start py-1 text-sm`} disabled={pending}>
      {children}
    </button>
  );
}

/** A panel of the order page. */
export function DeskPanel({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="card grid gap-2 p-4 text-sm" data-testid={testId}>
      <h2 id={id} className="m-0 text-base">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const FIELD = "rounded border border-solid border-gray-400 px-2 py-1 text-sm";
