import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { island } from "~/components/island";
import { Notice } from "~/components/member/Notice";
import { registerAction, registerPage } from "~/web/account/registration.server";
import { shopNameOf } from "~/components/layout/page-title";

// The form's code (Conform) loads after the page; the server's form works meanwhile.
const RegisterForm = island(() => import("~/components/account/RegisterForm").then((module) => module.RegisterForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `新規会員登録 | ${shopNameOf(matches)}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return registerPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return registerAction(request, context);
}

export default function Register() {
  const { redirectTo, sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const login = `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">新規会員登録</h1>
      {sent ? (
        <>
          <Notice text={sent} />
          <p className="mt-6">
            <Link to={login} className="btn-primary no-underline" data-testid="registered-login">
              ログインする
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700">会員登録（無料）でお買い物ごとにポイントが貯まり、お届け先の保存や注文履歴の確認ができます。</p>
          <RegisterForm redirectTo={redirectTo} lastResult={lastResult ?? null} />
          <p className="mt-6 text-sm">
            すでに会員の方は<Link to={login}>ログイン</Link>
          </p>
        </>
      )}
    </div>
  );
}
