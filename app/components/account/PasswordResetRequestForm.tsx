import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextField } from "~/components/forms/TextField";
import { RESET_LINK_MINUTES } from "~/core/account/password-reset";
import { PasswordResetRequestSchema } from "~/core/account/password-reset-forms";
import { useValibotForm } from "~/components/forms/useValibotForm";

/** Asks for the address to mail a new-password link to (an island on /password-reset: its validation loads after the page). */
export function PasswordResetRequestForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(PasswordResetRequestSchema, {
    lastResult,
    // Not onBlur: a message appearing as the field loses focus would move the button from under the click.
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <p className="text-sm">
        ご登録のメールアドレスを入力してください。新しいパスワードを設定するためのリンクをメールでお送りします（リンクの有効期限は{RESET_LINK_MINUTES}分です）。
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="メールアドレス" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          再設定用のメールを送る
        </button>
      </Form>
    </>
  );
}
