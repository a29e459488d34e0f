/**
 * /crm/orders/archive/{number} (staff only): an order archived to R2 (decision 0068) — what it held, and
 * 復元 for the owner (POST → the order's page in D1).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArchivedOrderPage } from "~/components/crm/archive/ArchivedOrderPage";
import { shopNameOf } from "~/components/layout/page-title";
import { requireOwner, requireStaff } from "~/web/account/auth.server";
import { loadArchivedOrderPage, restoreArchivedOrderAction } from "~/web/archive/order-archive-page.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `アーカイブ済みのご注文 ${loaded?.number ?? ""}（CS）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return data(await loadArchivedOrderPage(request, context, params.number, staff), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ params, context, request }: ActionFunctionArgs) {
  const owner = await requireOwner(request, context);
  return restoreArchivedOrderAction(context, params.number, owner);
}

// A post that gets no answer keeps the page and says so beside its button (components/connection).
export { clientAction } from "~/components/connection/route-handlers";

export default function CrmArchivedOrder() {
  return <ArchivedOrderPage order={useLoaderData<typeof loader>()} />;
}
