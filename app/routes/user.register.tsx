import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createUserSession, getUserId } from "~/web/auth.server";
import { AgreementCheckbox, PersonNameFields, TextField } from "~/components/forms/TextField";
import { erroredFields, ErrorSummary } from "~/components/forms/ErrorSummary";
import { PasswordField } from "~/components/forms/PasswordField";
import * as v from "valibot";
import { emailField, PASSWORD_MIN_LENGTH, RegisterSchema, withSpecFieldNames } from "~/core/account-forms";
import { safeRedirectPath } from "~/core/safe-redirect";
import { SHOP_NAME } from "~/core/site";
import { ReturnToSchema } from "~/core/validation";
import { readFormData } from "~/web/http.server";
import { fieldsOf, parseQuery } from "~/web/input.server";
import { EMAIL_TAKEN_MESSAGE, isEmailRegistered, registerUser } from "~/services/accounts.server";
import { dispatchMail, mailFrame } from "~/web/mail.server";

type RegisterFields = v.InferInput<typeof RegisterSchema>;

export const meta: MetaFunction = () => [{ title: `新規会員登録 | ${SHOP_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = parseQuery(request, ReturnToSchema).redirectTo ?? "/";
  if ((await getUserId(request, context)) != null) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = withSpecFieldNames(await readFormData(request));
  const submission = parseWithValibot(form, { schema: RegisterSchema });
  if (submission.status !== "success") {
    // Every message of this submit at once: a registered e-mail too, not only on the next try.
    const email = v.safeParse(emailField, fieldsOf(form).email ?? "");
    const taken = email.success && (await isEmailRegistered(context.db, email.output));
    return data(submission.reply({ hideFields: ["password"], fieldErrors: taken ? { email: [EMAIL_TAKEN_MESSAGE] } : {} }), { status: 400 });
  }
  const result = await registerUser(context.db, submission.value, mailFrame(request));
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { [result.field]: [result.error] }, hideFields: ["password"] }), {
      status: 400,
    });
  }
  dispatchMail(context, result.mailKeys);
  throw await createUserSession(request, context, result.user.id, safeRedirectPath(submission.value.redirectTo));
}

export default function Register() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // Validated on the server only (no onValidate), so one submit answers every message, a registered e-mail included.
  const [form, fields] = useForm<RegisterFields>({
    lastResult,
    // Newsletter opt-in is on unless the shopper unticks it.
    defaultValue: { newsletter: true },
  });
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">新規会員登録</h1>
      <p className="text-sm text-gray-700">会員登録（無料）でお買い物ごとにポイントが貯まり、お届け先の保存や注文履歴の確認ができます。</p>
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
      <p className="mt-6 text-sm">
        すでに会員の方は<Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}>ログイン</Link>
      </p>
    </div>
  );
}
