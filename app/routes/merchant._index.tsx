/**
 * /merchant (a merchant's login only): parcels to ship and this month's sales at a glance, then the merchant's
 * shipments by tab — to ship, awaiting payment, shipped, delivered, cancelled.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { MerchantShipmentList } from "~/components/merchant/MerchantShipmentList";
import { MerchantSummary } from "~/components/merchant/MerchantSummary";
import { loadMerchantShipments } from "~/web/merchant/merchant.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `配送一覧（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadMerchantShipments(request, context);
}

export default function MerchantShipments() {
  const { query, page, suspendedNotice, summary } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <MerchantNav />
      {suspendedNotice ? (
        <p role="alert" className="m-0 mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="merchant-suspended-notice">
          {suspendedNotice}
        </p>
      ) : null}
      <MerchantSummary {...summary} />
      <h1 className="m-0 mb-3 text-xl">配送一覧</h1>
      <MerchantShipmentList tab={query.tab} page={page} />
    </div>
  );
}
