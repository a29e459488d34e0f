import type { CheckoutFormFields } from "~/core/checkout/checkout-form";
import type { CheckoutActionData } from "~/web/types/checkout";
import { erroredFields, ErrorSummary } from "../forms/ErrorSummary";
import type { ServerFieldset, ServerFormMetadata } from "../forms/useServerValidatedForm";

/** Where the summary's link for a field goes (the payment radios and 備考 have ids of their own). */
function checkoutFieldId(formId: string, name: string): string {
  if (name === "payment") return "payment-first";
  if (name === "notice") return "checkout-warehouse-notice";
  return `${formId}-${name}`;
}

/**
 * What kept the order from being placed: the fields' messages (each a link to its field), and what
 * changed in the cart since the page was shown.
 */
export function CheckoutErrorSummary({
  form,
  fields,
  lastResult,
}: {
  form: ServerFormMetadata;
  fields: ServerFieldset<CheckoutFormFields>;
  lastResult: CheckoutActionData | null;
}) {
  return (
    // The hidden placement token and fingerprint have no field of their own: their message is the form's.
    <ErrorSummary
      id={form.errorId}
      formErrors={form.errors ?? fields.token.errors ?? fields.shown.errors}
      items={erroredFields(lastResult?.error, (name) => checkoutFieldId(form.id, name))}
      submission={lastResult}
    >
      {lastResult?.changes?.length ? (
        <ul className="m-0 grid gap-1 pl-5" data-testid="order-changes">
          {lastResult.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      ) : null}
    </ErrorSummary>
  );
}
