import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, TextField } from "~/components/forms/TextField";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { FormErrors } from "~/components/forms/FormErrors";
import { MerchantSchema } from "~/core/merchant/merchant-accounts";
import { MERCHANT_STATUS_LABELS, type MerchantStatus } from "~/core/merchant/merchant-status";
import { useValibotForm } from "~/components/forms/useValibotForm";

/** The form's values as the page starts them: a saved merchant's (numbers as text), or empty for a new one. */
export interface MerchantFormValues {
  name: string;
  slug: string;
  description: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  legalName: string;
  representative: string;
  postalCode: string;
  address: string;
  phone: string;
  email: string;
  shippingFee: string;
  freeShippingThreshold: string;
  status: MerchantStatus;
}

const STATUSES: MerchantStatus[] = ["active", "suspended"];

/**
 * The merchant form (new and edit): one schema with the server (app/core/merchant/merchant-accounts.ts); without JS
 * the server's reply shows the same per-field messages with what was typed. `version` (edit only) is the
 * `updated_at` the page was loaded at, so a save over someone else's newer one is refused.
 */
export function MerchantForm({
  defaultValue,
  version,
  lastResult,
  submitLabel,
}: {
  defaultValue: MerchantFormValues;
  version: number | null;
  lastResult: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const failed = useFormPostFailed("save");
  const [form, fields] = useValibotForm(MerchantSchema, {
    id: "merchant-form",
    lastResult,
    defaultValue,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-2xl gap-5" data-testid="merchant-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {version != null ? <input type="hidden" name="version" value={version} /> : null}

      <fieldset className="grid gap-3 border-0 p-0">
        <legend className="mb-2 text-base font-bold">出店者</legend>
        <TextField label="出店者名（ショップ名）" field={fields.name} required />
        <TextField label="URL用の名前" field={fields.slug} required hint="半角英小文字・数字・ハイフン（例: tokachi-farm）" />
        <div className="grid gap-1">
          <label htmlFor={fields.description.id} className="text-sm font-bold">
            紹介文
          </label>
          <textarea {...getTextareaProps(fields.description)} rows={3} className="field" />
          <FieldErrors id={fields.description.errorId} errors={fields.description.errors} />
        </div>
      </fieldset>

      <fieldset className="grid gap-3 border-0 p-0">
        <legend className="mb-2 text-base font-bold">運営からの連絡先（お客様には表示しません）</legend>
        <TextField label="担当者名" field={fields.contactName} required />
        <TextField label="担当者のメールアドレス" field={fields.contactEmail} type="email" required />
        <TextField label="担当者の電話番号" field={fields.contactPhone} type="tel" required hint="ハイフンなし・ありどちらでも入力できます" />
      </fieldset>

      <fieldset className="grid gap-3 border-0 p-0">
        <legend className="mb-2 text-base font-bold">特定商取引法に基づく表記（商品ページの発送元に表示します）</legend>
        <TextField label="事業者名（法人名・屋号）" field={fields.legalName} required />
        <TextField label="代表者名（運営責任者）" field={fields.representative} required />
        <TextField
          label="郵便番号"
          field={fields.postalCode}
          required
          hint="半角数字7桁（ハイフンあり・全角でも入力できます）"
          inputProps={{ inputMode: "numeric", autoComplete: "off" }}
        />
        <TextField label="所在地" field={fields.address} required />
        <TextField label="電話番号" field={fields.phone} type="tel" required />
        <p className="m-0 text-xs text-gray-600">
          事業者名・郵便番号・所在地・電話番号は、この出店者の荷物の送り状（B2クラウドCSV）のご依頼主と納品書の差出人にも使います。未登録の項目は当社（ショップ設定）のものを使います。
        </p>
        <TextField label="お問い合わせ用メールアドレス" field={fields.email} type="email" required />
      </fieldset>

      <fieldset className="grid gap-3 border-0 p-0">
        <legend className="mb-2 text-base font-bold">送料</legend>
        <TextField label="送料（円・税込）" field={fields.shippingFee} required inputProps={{ inputMode: "numeric" }} hint="この出店者から届く荷物1個あたり" />
        <TextField
          label="送料無料になる金額（円・税込）"
          field={fields.freeShippingThreshold}
          inputProps={{ inputMode: "numeric" }}
          hint="この出店者の商品の合計がこの金額以上で送料無料。空欄なら送料無料にしません"
        />
      </fieldset>

      <fieldset className="grid gap-2 border-0 p-0" aria-describedby={`${fields.status.id}-hint`}>
        <legend className="mb-2 text-base font-bold">状態</legend>
        {STATUSES.map((status) => (
          <label key={status} className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.status, { type: "radio", value: status })} data-testid={`merchant-status-${status}`} />
            {MERCHANT_STATUS_LABELS[status]}
          </label>
        ))}
        <p id={`${fields.status.id}-hint`} className="m-0 text-xs text-gray-600">
          販売停止中にすると、この出店者の商品は一覧・検索に表示されず、商品ページ・カート・ご注文手続きでも購入できなくなります（すぐに反映されます）。
        </p>
        <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
      </fieldset>

      <div>
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={navigation.state === "submitting"} data-testid="merchant-save">
          {submitLabel}
        </button>
      </div>
      <ConnectionNotice failed={failed} />
    </Form>
  );
}
