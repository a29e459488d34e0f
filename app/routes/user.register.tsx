import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { createUserSession, getUserId } from "~/web/auth.server";
import { island } from "~/components/island";
import * as v from "valibot";
import { emailField, RegisterSchema, withSpecFieldNames } from "~/core/account-forms";
import { safeRedirectPath } from "~/core/safe-redirect";
import { SHOP_NAME } from "~/core/site";
import { ReturnToSchema } from "~/core/validation";
import { readFormData } from "~/web/http.server";
import { fieldsOf, parseQuery } from "~/web/input.server";
import { EMAIL_TAKEN_MESSAGE, isEmailRegistered, registerUser } from "~/services/accounts.server";
import { dispatchMail, mailFrame } from "~/web/mail.server";

// The form's code (Conform) loads after the page; the server's form works meanwhile.
const RegisterForm = island(() => import("~/components/account/RegisterForm").then((module) => module.RegisterForm));

export const meta: MetaFunction = () => [{ title: `新規会員登録 | ${SHOP_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = parseQuery(request, ReturnToSchema).redirectTo ?? "/";
  if ((await getUserId(request, context)) != null) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = withSpecFieldNames(await readFormData(request));
  const submission = parseSubmission(form, { schema: RegisterSchema });
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
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">新規会員登録</h1>
      <p className="text-sm text-gray-700">会員登録（無料）でお買い物ごとにポイントが貯まり、お届け先の保存や注文履歴の確認ができます。</p>
      <RegisterForm redirectTo={redirectTo} lastResult={lastResult ?? null} />
      <p className="mt-6 text-sm">
        すでに会員の方は<Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}>ログイン</Link>
      </p>
    </div>
  );
}
