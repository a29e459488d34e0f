/** /merchant/sales (a merchant's login only): the merchant's own goods sold, by day and by product, for any period (issue 37). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { MerchantSalesPage } from "~/components/reports/MerchantSalesPage";
import { SHOP_NAME } from "~/core/site/site";
import { requireMerchant } from "~/web/account/auth.server";
import { merchantSalesPage } from "~/web/reports/merchant-sales.server";

export const meta: MetaFunction = () => [{ title: `売上（出品者）| ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return merchantSalesPage(request, context, merchant.merchantId);
}

export default function MerchantSales() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <MerchantNav />
      <MerchantSalesPage view={view} />
    </div>
  );
}
