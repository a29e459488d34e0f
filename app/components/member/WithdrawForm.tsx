import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { PasswordField } from "~/components/forms/PasswordField";
import { FieldErrors } from "~/components/forms/TextField";
import { useValibotForm } from "~/components/forms/useValibotForm";
import { WithdrawalSchema } from "~/core/account/withdrawal-form";

/** The password and confirmation that close the account (an island on /user/withdraw: its validation loads after the page). */
export function WithdrawForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(WithdrawalSchema, {
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField label="パスワード（本人確認のため）" field={fields.password} autoComplete="current-password" />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.confirm, { type: "checkbox" })} className="mt-1" />
          <span>上記の内容を確認し、退会することに同意します（ポイントは失効し、元に戻すことはできません）</span>
        </label>
        <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
      </div>
      <button
        type="submit"
        className="btn border border-solid border-red-700 bg-white text-red-700 hover:bg-red-50 justify-self-start"
        disabled={navigation.state === "submitting"}
      >
        退会する
      </button>
    </Form>
  );
}
