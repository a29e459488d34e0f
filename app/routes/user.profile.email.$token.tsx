/** /user/profile/email/{token}: the link mailed to a new address; its button makes the change. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { confirmEmailChangeAction, emailChangeLinkPage } from "~/web/account/email-change.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `メールアドレスの変更 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return emailChangeLinkPage(context, params.token ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return confirmEmailChangeAction(request, context, params.token ?? "");
}

export default function EmailChangeLinkPage() {
  const link = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const shown = refusal ?? link;
  return (
    <div className="mx-auto max-w-md py-6">
      <h1 className="text-xl">メールアドレスの変更</h1>
      {shown.ok ? (
        <Form method="post" className="grid gap-4">
          <p className="m-0">
            会員情報のメールアドレスを{" "}
            <strong className="break-all" data-testid="new-email">
              {shown.email}
            </strong>{" "}
            に変更します。よろしければ下のボタンを押してください。
          </p>
          <div>
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              メールアドレスを変更する
            </button>
          </div>
        </Form>
      ) : (
        <>
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="link-refused">
            {shown.error}
          </p>
          <p className="text-sm">
            <Link to="/user/profile">会員情報の変更へ</Link>
          </p>
        </>
      )}
    </div>
  );
}
