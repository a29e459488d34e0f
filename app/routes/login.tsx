import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { createAuthenticator, createUserSession, getUserId } from "~/web/account/auth.server";
import { island } from "~/components/island";
import { readFormData } from "~/web/http.server";
import { ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import { QueryFlagSchema, ReturnToSchema } from "~/core/validation";

import { PASSWORD_RESET_PATH } from "~/core/account/password-reset";
import { parseQuery, redirectedNotice } from "~/web/input.server";
import { LOGIN_NOTICES } from "~/core/account/account-settings";
import { Notice } from "~/components/member/Notice";
import { shopNameOf } from "~/components/layout/page-title";

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const LoginForm = island(() => import("~/components/account/LoginForm").then((module) => module.LoginForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `ログイン | ${shopNameOf(matches)}` }];

/** show=1: the visitor was sent here by an action that needs a member (stock request, buy later …). */
const LoginQuerySchema = v.object({ ...ReturnToSchema.entries, show: QueryFlagSchema });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = parseQuery(request, LoginQuerySchema);
  const redirectTo = query.redirectTo ?? "/";
  if ((await getUserId(request, context)) != null) throw redirect(redirectTo);
  return { redirectTo, loginRequired: query.show, notice: redirectedNotice(request, LOGIN_NOTICES) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readFormData(request.clone()); // a body that is not a form is answered with 400 here
  // remix-auth-form reads the body itself: a POST without one is given an empty form to read.
  const formRequest = request.body == null ? new Request(request, { body: new URLSearchParams() }) : request;
  const attempt = await createAuthenticator(context).authenticate("form", formRequest);
  if (!attempt.ok) return data(attempt.reply, { status: 400 });
  throw await createUserSession(request, context, attempt.user.id, attempt.redirectTo);
}

export default function Login() {
  const { redirectTo, loginRequired, notice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">ログイン</h1>
      <Notice text={notice} />
      {loginRequired ? (
        <p role="status" className="rounded bg-amber-50 px-3 py-2 text-sm">
          この操作にはログインが必要です。会員の方はログインしてください。
        </p>
      ) : null}
      <LoginForm redirectTo={redirectTo} lastResult={lastResult ?? null} />
      <p className="mt-3 text-sm">
        <Link to={PASSWORD_RESET_PATH}>パスワードをお忘れの方</Link>
      </p>
      <p className="mt-4 text-sm">
        会員登録をせずにご購入の方は、<Link to={ORDER_LOOKUP_PATH}>ご注文状況の確認</Link>からご注文を確認できます。
      </p>
      <section className="mt-8 rounded bg-gray-50 p-4 text-sm">
        <h2 className="m-0 text-base">はじめてご利用の方</h2>
        <p>会員登録でポイントが貯まり、お届け先の保存や注文履歴の確認ができます。</p>
        <Link to={`/user/register?redirectTo=${encodeURIComponent(redirectTo)}`} className="btn-secondary no-underline">
          新規会員登録
        </Link>
      </section>
    </div>
  );
}
