import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { PasswordField } from "~/components/forms/PasswordField";
import { PASSWORD_MIN_LENGTH } from "~/core/account/account-forms";
import { NewPasswordSchema } from "~/core/account/password-reset-forms";
import { useValibotForm } from "~/components/forms/useValibotForm";

/** The new password, typed twice (an island on /password-reset/new-password: its validation loads after the page). */
export function NewPasswordForm({ email, lastResult }: { email: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(NewPasswordSchema, {
    lastResult,
    // Not onBlur: a message appearing as the field loses focus would move the button from under the click.
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <p className="text-sm">
        <span className="break-all font-bold">{email}</span> のアカウントに新しいパスワードを設定します。設定すると、ほかの端末でのログインはすべて終了します。
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <PasswordField label="新しいパスワード" field={fields.password} autoComplete="new-password" hint={`${PASSWORD_MIN_LENGTH}文字以上で入力してください`} />
        <PasswordField label="新しいパスワード（確認用）" field={fields.passwordConfirm} autoComplete="new-password" />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          パスワードを設定する
        </button>
      </Form>
    </>
  );
}
