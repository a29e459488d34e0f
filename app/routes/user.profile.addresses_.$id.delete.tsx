/**
 * /user/profile/addresses/{id}/delete: the confirmation step for deleting without JS
 * (「この配送先を本当に削除しますか？」 with 削除する / キャンセル). With JS the list page asks in a dialog.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/auth.server";
import { AddressSummary } from "~/components/address/AddressSummary";
import { ADDRESS_DELETE_CONFIRMATION } from "~/core/address-book";
import { ADDRESS_FORM_MESSAGES } from "~/core/address-form";
import { SHOP_NAME } from "~/core/site";
import { ReturnToSchema } from "~/core/validation";
import { invariantResponse, readFormData } from "~/web/http.server";
import { parseInput } from "~/web/input.server";
import { loadOwnedAddressPage, ownedAddressId, returnPath } from "~/web/addresses.server";
import { deleteAddress } from "~/services/addresses.server";

export const meta: MetaFunction = () => [{ title: `お届け先の削除 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return loadOwnedAddressPage(request, context, user.id, params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { redirectTo } = parseInput(ReturnToSchema, await readFormData(request));
  const result = await deleteAddress(context.db, user.id, ownedAddressId(params.id));
  invariantResponse(result.ok, ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  throw redirect(returnPath(redirectTo, "deleted"), 303);
}

export default function DeleteAddressPage() {
  const { address, redirectTo } = useLoaderData<typeof loader>();
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
      <Form method="post" className="flex flex-wrap justify-end gap-2" aria-describedby="delete-question">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
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
