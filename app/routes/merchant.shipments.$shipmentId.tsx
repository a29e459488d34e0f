/** /merchant/shipments/{id} (the shipment's merchant only; any other id is 404): the parcel to ship, 発送済みにする and 配達完了にする. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { MerchantShipmentView } from "~/components/merchant/MerchantShipmentView";
import { loadMerchantShipment, merchantShipmentAction } from "~/web/merchant/merchant.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `配送（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadMerchantShipment(request, context, params.shipmentId);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return merchantShipmentAction(request, context, params.shipmentId);
}

export default function MerchantShipmentPage() {
  const { shipment, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="py-2">
      <MerchantNav />
      <MerchantShipmentView shipment={shipment} notice={notice} actionData={actionData} />
    </div>
  );
}
