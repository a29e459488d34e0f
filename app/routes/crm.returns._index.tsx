/** /crm/returns (staff only): return and exchange requests, newest first, filtered by state, kind and date. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReturnListing } from "~/components/returns/ReturnListing";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaff } from "~/web/account/auth.server";
import { loadReturnListing } from "~/web/returns/returns.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `返品・交換（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadReturnListing(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export default function CrmReturns() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">返品・交換</h1>
      <div className="mt-4">
        <ReturnListing path="/crm/returns" page={page} />
      </div>
    </div>
  );
}
