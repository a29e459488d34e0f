import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type * as v from "valibot";
import { erroredFields, ErrorSummary } from "~/components/forms/ErrorSummary";
import { PasswordField } from "~/components/forms/PasswordField";
import { AgreementCheckbox, PersonNameFields, TextField } from "~/components/forms/TextField";
import { PASSWORD_MIN_LENGTH, type RegisterSchema } from "~/core/account/account-forms";

type RegisterFields = v.InferInput<typeof RegisterSchema>;

/** The registration form (an island on /user/register: its code loads after the page). */
export function RegisterForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  // Validated on the server only (no onValidate), so one submit answers every message. The newsletter
  // starts unticked: the shopper opts in (decision 0037).
  const [form, fields] = useForm<RegisterFields>({ lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <ErrorSummary
        id={form.errorId}
        formErrors={form.errors}
        items={erroredFields(form.allErrors, (name) => fields[name as keyof RegisterFields]?.id ?? name)}
        submission={lastResult}
      />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField label="メールアドレス" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
      <PasswordField label="パスワード" field={fields.password} autoComplete="new-password" hint={`${PASSWORD_MIN_LENGTH}文字以上で入力してください`} />
      <PersonNameFields fields={fields} />
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.newsletter, { type: "checkbox" })} />
        メールマガジンを受け取る（新商品・セール情報）
      </label>
      <AgreementCheckbox field={fields.agreement} />
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        会員登録する
      </button>
    </Form>
  );
}
