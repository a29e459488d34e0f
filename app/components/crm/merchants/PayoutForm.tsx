import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { useValibotForm } from "~/components/forms/useValibotForm";
import { PAYOUT_REFERENCE_MAX, PayoutSchema } from "~/core/merchant/merchant-statement-forms";
import { formatMonthJa } from "~/core/merchant/merchant-statements";
import { formatYen } from "~/core/money";

/**
 * 支払済みにする (staff, a month that has ended and is not paid): the day it was paid and the bank's reference.
 * The amount payable shown goes with the form, so figures that moved meanwhile are refused rather than paid.
 */
export function PayoutForm({
  month,
  payable,
  today,
  lastResult,
}: {
  month: string;
  payable: number;
  today: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const failed = useFormPostFailed("payout");
  const [form, fields] = useValibotForm(PayoutSchema, {
    id: `payout-${month}`,
    lastResult,
    defaultValue: { paidOn: today, reference: "", payable: String(payable) },
  });
  return (
    <section aria-labelledby="payout-heading" className="card grid max-w-2xl gap-2 p-3">
      <h2 id="payout-heading" className="m-0 text-base">
        支払済みにする
      </h2>
      <p className="m-0 text-sm text-gray-700">
        {`${formatMonthJa(month)}分のお支払額 ${formatYen(payable)} を振り込んだら記録してください。記録した時点の金額で確定し、出店者の明細にも支払日が表示されます。`}
        {payable < 0 ? "お支払額がマイナスのため、出店者からのご入金で精算してください。" : ""}
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid="payout-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.payable, { type: "hidden" })} />
        <FieldErrors id={fields.payable.errorId} errors={fields.payable.errors} />
        <div className="grid gap-1">
          <label htmlFor={fields.paidOn.id} className="text-sm font-bold">
            支払日
          </label>
          <input {...getInputProps(fields.paidOn, { type: "date" })} max={today} className="field max-w-48" data-testid="payout-paid-on" />
          <FieldErrors id={fields.paidOn.errorId} errors={fields.paidOn.errors} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={fields.reference.id} className="text-sm font-bold">
            振込の照会番号・メモ（任意）
          </label>
          <input {...getInputProps(fields.reference, { type: "text" })} maxLength={PAYOUT_REFERENCE_MAX} className="field" data-testid="payout-reference" />
          <FieldErrors id={fields.reference.errorId} errors={fields.reference.errors} />
        </div>
        <div>
          <button type="submit" name="intent" value="payout" className="btn-primary" disabled={navigation.state === "submitting"} data-testid="payout-submit">
            支払済みにする
          </button>
        </div>
        <ConnectionNotice failed={failed} />
      </Form>
    </section>
  );
}
