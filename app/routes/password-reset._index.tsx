/** /password-reset (「パスワードをお忘れの方」): asks for the address to mail a new-password link to. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { island } from "~/components/island";
import { PASSWORD_RESET_PATH, resetRequestedMessage } from "~/core/account/password-reset";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { askForPasswordReset } from "~/web/account/password-reset.server";
import { shopNameOf } from "~/components/layout/page-title";

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const PasswordResetRequestForm = island(() => import("~/components/account/PasswordResetRequestForm").then((module) => module.PasswordResetRequestForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `パスワードの再設定 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: ActionFunctionArgs) {
  return askForPasswordReset(request, context);
}

export default function PasswordResetRequest() {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">パスワードの再設定</h1>
      {result?.sentTo ? <Requested email={result.sentTo} /> : <PasswordResetRequestForm lastResult={result?.reply ?? null} />}
      <p className="mt-6 text-sm">
        <Link to="/login">ログイン画面に戻る</Link>
      </p>
    </div>
  );
}

/** The one answer to every accepted address, with what to do when no mail comes. */
function Requested({ email }: { email: string }) {
  return (
    <div id={RESULT_ANCHOR} className="grid gap-3">
      <p role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="reset-requested">
        {resetRequestedMessage(email)}
      </p>
      <section className="rounded bg-gray-50 p-4 text-sm">
        <h2 className="m-0 text-base">メールが届かない場合</h2>
        <ul className="mb-0 mt-2 grid gap-1 pl-5">
          <li>迷惑メールフォルダに振り分けられていないかご確認ください。</li>
          <li>メールアドレスに誤りがないかご確認のうえ、もう一度お申し込みください。</li>
        </ul>
        <p className="mb-0 mt-3">
          <Link to={PASSWORD_RESET_PATH}>もう一度申し込む</Link>
        </p>
      </section>
    </div>
  );
}
