/** /user/profile/addresses/{id}/edit: edit one of the member's addresses (another member's id: 404). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/auth.server";
import { AddressFormPage } from "~/components/address/AddressFormPage";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { ADDRESS_FORM_MESSAGES } from "~/core/address-form";
import { safeRedirectPath } from "~/core/safe-redirect";
import { SHOP_NAME } from "~/core/site";
import { parseId } from "~/http.server";
import { addressFormAction } from "~/services/address-pages.server";
import { findAddress } from "~/services/addresses.server";

export const meta: MetaFunction = () => [{ title: `お届け先を編集 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

function addressId(value: string | undefined): number {
  const id = parseId(value);
  if (id == null) throw new Response(ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const address = await findAddress(context.db, user.id, addressId(params.id));
  if (!address) throw new Response(ADDRESS_FORM_MESSAGES.notFound, { status: 404 });
  return { address, redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "") || null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return addressFormAction(request, context, user.id, addressId(params.id));
}

export default function EditAddressPage() {
  const { address, redirectTo } = useLoaderData<typeof loader>();
  return <AddressFormPage address={address} redirectTo={redirectTo} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
