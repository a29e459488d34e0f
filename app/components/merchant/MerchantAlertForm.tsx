import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { FormErrors } from "~/components/forms/FormErrors";
import { useValibotForm } from "~/components/forms/useValibotForm";
import {
  MERCHANT_ALERT_ADDRESS_MAX,
  MERCHANT_ALERT_MODE_LABELS,
  MERCHANT_ALERT_MODES,
  MerchantAlertSettingsSchema,
  type MerchantAlertMode,
} from "~/core/alerts/alerts";

export interface MerchantAlertFormValues {
  alertEmails: string;
  alertMode: MerchantAlertMode;
}

/**
 * Where a merchant's alerts go (発送待ちのご注文, 返品・交換のお申し込み) and how: one mail each, the day's digest,
 * or none. The merchant's /merchant/settings and staff's /crm/merchants/{id} show the same form; one schema
 * with the server, whose reply shows the same messages without JS.
 */
export function MerchantAlertForm({
  defaultValue,
  addressesInForce,
  digestHour,
  lastResult,
}: {
  defaultValue: MerchantAlertFormValues;
  /** The Japan hour the daily digest goes at (the shop settings'). */
  digestHour: number;
  /** Where the alerts go now: the listed addresses, or the contact's when none are. */
  addressesInForce: string[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const failed = useFormPostFailed("alerts");
  const [form, fields] = useValibotForm(MerchantAlertSettingsSchema, { id: "merchant-alert-form", lastResult, defaultValue });
  return (
    <section aria-labelledby="merchant-alerts-heading" className="mt-8 max-w-2xl">
      <h2 id="merchant-alerts-heading" className="text-lg">
        メール通知
      </h2>
      <p className="m-0 text-sm text-gray-700">
        発送できるご注文が入ったとき（銀行振込は入金確認後、代金引換・コンビニ後払いはご注文時）と、返品・交換のお申し込みがあったときにお知らせします。
      </p>
      <p className="m-0 mt-1 text-sm" data-testid="merchant-alert-addresses">
        現在の通知先：{addressesInForce.length > 0 ? addressesInForce.join("、") : "なし"}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4" data-testid="merchant-alert-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-1">
          <label htmlFor={fields.alertEmails.id} className="text-sm font-bold">
            通知先のメールアドレス
          </label>
          <textarea
            {...getTextareaProps(fields.alertEmails)}
            rows={3}
            className="field"
            aria-describedby={`${fields.alertEmails.id}-hint ${fields.alertEmails.errorId}`}
          />
          <p id={`${fields.alertEmails.id}-hint`} className="m-0 text-xs text-gray-600">
            {`1行に1件、${MERCHANT_ALERT_ADDRESS_MAX}件まで。空欄にすると、担当者のメールアドレスに送ります。`}
          </p>
          <FieldErrors id={fields.alertEmails.errorId} errors={fields.alertEmails.errors} />
        </div>
        <fieldset className="grid gap-2 border-0 p-0">
          <legend className="mb-2 text-sm font-bold">受け取り方</legend>
          {MERCHANT_ALERT_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.alertMode, { type: "radio", value: mode })} data-testid={`merchant-alert-mode-${mode}`} />
              {MERCHANT_ALERT_MODE_LABELS[mode]}
            </label>
          ))}
          <p className="m-0 text-xs text-gray-600">{`まとめて受け取る場合は、毎日${digestHour}時ごろ（日本時間）に、前回のまとめ以降のお知らせを1通でお送りします。`}</p>
          <FieldErrors id={fields.alertMode.errorId} errors={fields.alertMode.errors} />
        </fieldset>
        <div>
          <button
            type="submit"
            name="intent"
            value="alerts"
            className="btn-primary"
            disabled={navigation.state === "submitting"}
            data-testid="merchant-alert-save"
          >
            通知の設定を保存する
          </button>
        </div>
        <ConnectionNotice failed={failed} />
      </Form>
    </section>
  );
}
