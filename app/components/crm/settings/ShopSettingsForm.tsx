import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { FieldErrors, TextField } from "~/components/forms/TextField";
import { useValibotForm } from "~/components/forms/useValibotForm";
import { STAFF_ALERTS } from "~/core/settings/shop-settings";
import { SHOPPER_CHANGE_WINDOW_LABELS, SHOPPER_CHANGE_WINDOWS } from "~/core/orders/shopper-change-window";
import {
  alertFieldName,
  ALERT_ADDRESSES_MAX,
  BANK_ACCOUNT_TYPES,
  BANK_TRANSFER_DAYS_MAX,
  ShopSettingsFormSchema,
  STAFF_ALERT_LABELS,
  type ShopSettingsFormValues,
} from "~/core/settings/shop-settings-form";

const NUMERIC = { inputMode: "numeric" } as const;

/**
 * The shop settings (/crm/settings): one schema with the server (app/core/settings/shop-settings-form.ts), so
 * with JS the messages show before the post and without JS the server's reply shows the same with what was
 * typed. `basedOn` is the version the page shows: a save over a newer one is refused. Staff see it disabled.
 */
export function ShopSettingsForm({
  defaultValue,
  basedOn,
  canEdit,
  lastResult,
}: {
  defaultValue: ShopSettingsFormValues;
  basedOn: number;
  canEdit: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(ShopSettingsFormSchema, { id: "shop-settings-form", lastResult, defaultValue });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-2xl gap-5" data-testid="shop-settings-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="basedOn" value={basedOn} />
      {canEdit ? null : (
        <p className="m-0 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="settings-read-only">
          設定を変更できるのはショップのオーナーだけです。内容の確認のみできます。
        </p>
      )}
      {/* A disabled fieldset disables every control in it: staff read the values, and nothing can be sent. */}
      <fieldset disabled={!canEdit} className="m-0 grid gap-5 border-0 p-0">
        <fieldset className="grid gap-3 border-0 p-0">
          <legend className="mb-2 text-base font-bold">ショップ情報</legend>
          <p className="m-0 text-xs text-gray-600">
            特定商取引法に基づく表記・プライバシーポリシー・利用規約・ご利用ガイド、メールの署名、領収書、各ページのヘッダー・フッターに表示します。
          </p>
          <TextField label="ショップ名" field={fields.shopName} required />
          <TextField label="販売業者（会社名）" field={fields.sellerName} required />
          <TextField label="運営統括責任者" field={fields.representative} required hint="例: 代表取締役 日向 太郎" />
          <TextField label="郵便番号" field={fields.postalCode} required hint="半角数字7桁（ハイフンあり・全角でも入力できます）" inputProps={NUMERIC} />
          <TextField label="所在地" field={fields.address} required hint="建物名の前に半角スペースを入れると、送り状の「建物名」欄に分かれます" />
          <TextField label="電話番号" field={fields.phone} type="tel" required hint="表示する形で入力します（例: 0120-123-456）" />
          <TextField label="電話の受付時間" field={fields.supportHours} required hint="例: 平日 10:00〜17:00" />
          <TextField label="休業日" field={fields.closedDays} required hint="例: 土日祝日・年末年始（12月29日〜1月3日）" />
          <TextField label="お問い合わせ用メールアドレス" field={fields.supportEmail} type="email" required />
          <TextField
            label="適格請求書発行事業者登録番号"
            field={fields.registrationNumber}
            required
            hint="「T」と13桁の数字（例: T1234567890123）。領収書に印字します"
          />
        </fieldset>

        <fieldset className="grid gap-3 border-0 p-0">
          <legend className="mb-2 text-base font-bold">振込先口座（銀行振込）</legend>
          <TextField label="金融機関" field={fields.bankName} required />
          <TextField label="支店" field={fields.bankBranch} required hint="例: 渋谷支店（店番 123）" />
          <SelectField label="口座種別" field={fields.bankAccountType} options={BANK_ACCOUNT_TYPES} />
          <TextField label="口座番号" field={fields.bankAccountNumber} required hint="半角数字7桁" inputProps={NUMERIC} />
          <TextField label="口座名義" field={fields.bankHolder} required hint="例: カ）ヒナタイチバ" />
          <TextField
            label="振込期限（日数）"
            field={fields.bankTransferDays}
            required
            hint={`ご注文日から何日以内にお振り込みいただくか（1〜${BANK_TRANSFER_DAYS_MAX}日）。変更は、これから受け付けるご注文に使われます（受付済みのご注文の期限は変わりません）`}
            inputProps={NUMERIC}
          />
        </fieldset>

        <fieldset className="grid gap-3 border-0 p-0">
          <legend className="mb-2 text-base font-bold">在庫・ポイント</legend>
          <TextField
            label="在庫わずかの既定値（点）"
            field={fields.lowStockDefault}
            required
            hint="在庫わずかの目安を設定していない商品は、在庫がこの数以下で「在庫わずか」になります"
            inputProps={NUMERIC}
          />
          <TextField
            label="ポイント調整の上限（スタッフ）"
            field={fields.pointAdjustLimit}
            required
            hint="スタッフが1回に付与・減算できるポイント数。これを超える調整はオーナーが行います"
            inputProps={NUMERIC}
          />
        </fieldset>

        <fieldset className="grid gap-3 border-0 p-0">
          <legend className="mb-2 text-base font-bold">ご注文の変更</legend>
          <SelectField
            label="お客様ご自身によるお届け先・お届け日時の変更"
            field={fields.shopperChangeWindow}
            options={SHOPPER_CHANGE_WINDOWS}
            labels={SHOPPER_CHANGE_WINDOW_LABELS}
            hint="会員はマイページの注文詳細から、ゲストはご注文の照会から、この状態までのご注文のお届け先・お届け日時を変更できます（発送後は変更できません）"
          />
        </fieldset>

        <fieldset className="grid gap-3 border-0 p-0">
          <legend className="mb-2 text-base font-bold">出店者の商品</legend>
          <div className="grid gap-1">
            <label className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.merchantProductApproval, { type: "checkbox" })} data-testid="settings-merchant-approval" />
              <span>出店者の商品の登録・変更をスタッフの承認後に反映する</span>
            </label>
            <p className="m-0 text-xs text-gray-600">
              オンにすると、出店者が登録・編集（CSV取り込みを含む）した商品は「承認待ち」となり、スタッフが「商品の承認」で承認するまでショップに反映されません。在庫の調整と商品画像はこれまでどおりすぐ反映されます。
            </p>
            <FieldErrors id={fields.merchantProductApproval.errorId} errors={fields.merchantProductApproval.errors} />
          </div>
        </fieldset>

        <fieldset className="grid gap-3 border-0 p-0">
          <legend className="mb-2 text-base font-bold">通知先（スタッフへのメール）</legend>
          <p className="m-0 text-xs text-gray-600">メールアドレスを1行に1件ずつ入力します（{ALERT_ADDRESSES_MAX}件まで）。空欄なら通知しません。</p>
          {STAFF_ALERTS.map((alert) => (
            <AddressListField key={alert} label={STAFF_ALERT_LABELS[alert]} field={fields[alertFieldName(alert)]} />
          ))}
          <TextField label="毎日のまとめの送信時刻（時）" field={fields.digestHour} required hint="0〜23（日本時間）" inputProps={NUMERIC} />
        </fieldset>
      </fieldset>

      {canEdit ? (
        <div>
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"} data-testid="settings-save">
            設定を保存する
          </button>
        </div>
      ) : null}
    </Form>
  );
}

function SelectField({
  label,
  field,
  options,
  labels,
  hint,
}: {
  label: string;
  field: FieldMetadata<string>;
  options: readonly string[];
  /** What each option reads as (the value itself when absent). */
  labels?: Record<string, string>;
  hint?: string;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
      </label>
      <select {...getSelectProps(field)} className="field w-fit">
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
      {hint ? <p className="m-0 text-xs text-gray-600">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function AddressListField({ label, field }: { label: string; field: FieldMetadata<string> }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
      </label>
      <textarea {...getTextareaProps(field)} rows={2} className="field" autoComplete="off" spellCheck={false} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
