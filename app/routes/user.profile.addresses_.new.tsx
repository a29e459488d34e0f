/** /user/profile/addresses/new: add an address on its own page (no JS; the list page opens a modal with JS). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { AddressFormPage } from "~/components/address/AddressFormPage";
import { ReturnToSchema } from "~/core/validation";
import { addressFormAction } from "~/web/address/addresses.server";
import { parseQuery } from "~/web/input.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お届け先を追加 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { redirectTo: parseQuery(request, ReturnToSchema).redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return addressFormAction(request, context, user.id, null);
}

export default function NewAddressPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return <AddressFormPage address={null} redirectTo={redirectTo} />;
}
