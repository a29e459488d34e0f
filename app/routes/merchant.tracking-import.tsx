/** /merchant/tracking-import (a merchant's login only): the merchant's B2 file, and the tracking-number import for its own shipments. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { TrackingImportPanel } from "~/components/orders/TrackingImportPanel";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { orderActorOf, requireMerchant } from "~/web/account/auth.server";
import { trackingImportAction } from "~/web/orders/carrier-csv.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [
  { title: `送り状CSV・伝票番号の取り込み（出品者）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMerchant(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return trackingImportAction(request, context, { actor: orderActorOf(merchant), merchantId: merchant.merchantId });
}

export default function MerchantTrackingImport() {
  const result = useActionData<typeof action>();
  return (
    <div className="py-2">
      <MerchantNav />
      <h1 className="m-0 mb-3 text-xl">送り状CSV・伝票番号の取り込み</h1>
      <TrackingImportPanel exportHref={`${MERCHANT_PORTAL_PATH}/b2.csv`} scopeLabel="自店" result={result} />
    </div>
  );
}
