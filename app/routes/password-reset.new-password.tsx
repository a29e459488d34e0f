/**
 * /password-reset/new-password?token=…: the mailed link, which moves its token to a cookie and comes back
 * to /password-reset/new-password. A usable link shows the new-password form (the registration's rules,
 * typed twice); an unknown, used or expired one says so, with the way to ask again.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { island } from "~/components/island";
import { PASSWORD_RESET_PATH, RESET_LINK_MINUTES } from "~/core/account/password-reset";
import { loadNewPasswordPage, NO_STORE, setNewPassword } from "~/web/account/password-reset.server";
import { shopNameOf } from "~/components/layout/page-title";

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const NewPasswordForm = island(() => import("~/components/account/NewPasswordForm").then((module) => module.NewPasswordForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `新しいパスワードの設定 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

// Set-Cookie (the link's token kept or cleared) passes through on its own.
export const headers: HeadersFunction = () => NO_STORE;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadNewPasswordPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return setNewPassword(request, context);
}

export default function NewPassword() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refusal = result?.state === "refused" ? result.message : page.state === "refused" ? page.message : null;
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">新しいパスワードの設定</h1>
      {refusal == null && page.state === "ready" ? (
        <NewPasswordForm email={page.email} lastResult={result?.state === "invalid" ? result.reply : null} />
      ) : (
        <Refused message={refusal} />
      )}
    </div>
  );
}

function Refused({ message }: { message: string | null }) {
  return (
    <div className="grid gap-3">
      <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="reset-link-refused">
        {message}
      </p>
      <p className="m-0 text-sm">
        {`パスワードの再設定は、お申し込みから${RESET_LINK_MINUTES}分以内に一度だけ行えます。`}
        <Link to={PASSWORD_RESET_PATH}>パスワードの再設定をもう一度申し込む</Link>
      </p>
    </div>
  );
}
