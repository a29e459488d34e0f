/** /crm/merchants (staff only): the merchants, filtered by name and status, with a link to register one. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MerchantListing } from "~/components/crm/merchants/MerchantListing";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { CRM_MERCHANTS_PATH } from "~/core/merchant/merchant-status";
import { requireStaff } from "~/web/account/auth.server";
import { loadMerchantListing } from "~/web/merchant/crm-merchants.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `出店者管理（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadMerchantListing(request, context);
}

export default function CrmMerchants() {
  const { definition, page, notice } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">出店者管理</h1>
      <Notice text={notice} />
      <div className="mt-4">
        <MerchantListing path={CRM_MERCHANTS_PATH} definition={definition} page={page} />
      </div>
    </div>
  );
}
