import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { PasswordField } from "~/components/forms/PasswordField";
import { TextField } from "~/components/forms/TextField";
import { LoginSchema } from "~/core/account/account-forms";
import { useValibotForm } from "~/components/forms/useValibotForm";

/** The login form (an island on /login: its validation code loads after the page). */
export function LoginForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(LoginSchema, {
    lastResult,
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField label="メールアドレス" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
      <PasswordField label="パスワード" field={fields.password} autoComplete="current-password" />
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        ログインする
      </button>
    </Form>
  );
}
