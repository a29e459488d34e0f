/** /crm/orders/tracking-import (staff only): the whole shop's B2 file, and the tracking-number import for any shipment. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { TrackingImportPanel } from "~/components/orders/TrackingImportPanel";
import { CrmNav } from "~/components/tickets/CrmNav";
import { orderActorOf, requireStaff } from "~/web/account/auth.server";
import { trackingImportAction } from "~/web/orders/carrier-csv.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [
  { title: `送り状CSV・伝票番号の取り込み（CS）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return trackingImportAction(request, context, { actor: orderActorOf(staff), merchantId: null });
}

export default function CrmTrackingImport() {
  const result = useActionData<typeof action>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="m-0 mb-3 text-xl">送り状CSV・伝票番号の取り込み</h1>
      <TrackingImportPanel exportHref="/crm/orders/b2.csv" scopeLabel="ショップ全体（倉庫・出品者）" result={result} />
    </div>
  );
}
