/**
 * /crm/orders/slips (staff only): 納品書 to print, one A4 page per parcel — the parcels named (?shipment=…,
 * from an order's page or the list's selection) or this list page's parcels waiting to ship (the list's query).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PackingSlipsPage } from "~/components/orders/PackingSlipsPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { shopNameOf } from "~/components/layout/page-title";
import { loadCrmPackingSlips } from "~/web/orders/packing-slips.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `納品書（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCrmPackingSlips(request, context);
}

export default function CrmPackingSlips() {
  return <PackingSlipsPage data={useLoaderData<typeof loader>()} nav={<CrmNav />} />;
}
