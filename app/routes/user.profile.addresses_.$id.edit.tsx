/** /user/profile/addresses/{id}/edit: edit one of the member's addresses (another member's id: 404). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { AddressFormPage } from "~/components/address/AddressFormPage";
import { addressFormAction, loadOwnedAddressPage, ownedAddressId } from "~/web/address/addresses.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お届け先を編集 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return loadOwnedAddressPage(request, context, user.id, params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return addressFormAction(request, context, user.id, ownedAddressId(params.id));
}

export default function EditAddressPage() {
  const { address, redirectTo } = useLoaderData<typeof loader>();
  return <AddressFormPage address={address} redirectTo={redirectTo} />;
}
