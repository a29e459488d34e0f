/**
 * /user/profile/addresses/{id}/delete: the confirmation step for deleting without JS
 * (「この配送先を本当に削除しますか？」 with 削除する / キャンセル). With JS the list page asks in a dialog.
 * The form carries the version shown: an address changed meanwhile is shown again as it now is, not deleted.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { AddressSummary } from "~/components/address/AddressSummary";
import { ADDRESS_DELETE_CONFIRMATION } from "~/core/address/address-book";
import { deleteAddressAction, loadOwnedAddressPage, ownedAddressId } from "~/web/address/addresses.server";
import type { DeleteAddressActionData } from "~/web/types/addresses";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お届け先の削除 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return loadOwnedAddressPage(request, context, user.id, params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return deleteAddressAction(request, context, user.id, ownedAddressId(params.id));
}

export default function DeleteAddressPage() {
  const { address, redirectTo } = useLoaderData<typeof loader>();
  const refused = useActionData<DeleteAddressActionData>();
  const back = redirectTo ?? "/user/profile/addresses";
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-6">
      <h1 className="m-0 text-xl">お届け先の削除</h1>
      <p className="m-0 font-bold" id="delete-question">
        {ADDRESS_DELETE_CONFIRMATION}
      </p>
      <div className="card p-4">
        <AddressSummary address={address} headingLevel={2} />
      </div>
      {refused ? (
        <p role="alert" className="field-error m-0">
          {refused.error}
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap justify-end gap-2" aria-describedby="delete-question">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {/* The address as this page shows it: deleting is refused if it changed meanwhile. */}
        <input type="hidden" name="version" value={address.version} />
        <Link to={back} className="btn-secondary no-underline">
          キャンセル
        </Link>
        <button type="submit" className="btn-primary">
          削除する
        </button>
      </Form>
    </div>
  );
}
