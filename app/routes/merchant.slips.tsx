/** /merchant/slips (a merchant's login only): 納品書 of its own parcels (?shipment=…, or ?to_ship=1 for all it has to ship); any other parcel is 404. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { PackingSlipsPage } from "~/components/orders/PackingSlipsPage";
import { shopNameOf } from "~/components/layout/page-title";
import { loadMerchantPackingSlips } from "~/web/orders/packing-slips.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `納品書（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadMerchantPackingSlips(request, context);
}

export default function MerchantPackingSlips() {
  return <PackingSlipsPage data={useLoaderData<typeof loader>()} nav={<MerchantNav />} />;
}
