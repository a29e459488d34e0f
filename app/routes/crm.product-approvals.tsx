/** /crm/product-approvals (staff only): merchants' product changes waiting for approval — see app/web/product-approvals/product-approvals.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductApprovalsPage } from "~/components/product-approvals/ProductApprovalsPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { isConnectionFailure } from "~/core/site/connection";
import { requireStaffCatalogueEditor } from "~/web/account/auth.server";
import { loadProductApprovalsPage, productApprovalsAction } from "~/web/product-approvals/product-approvals.server";
import type { ProductApprovalActionData } from "~/web/types/product-approvals";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品の承認 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffCatalogueEditor(request, context);
  return loadProductApprovalsPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return productApprovalsAction(request, context, await requireStaffCatalogueEditor(request, context));
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmProductApprovals() {
  const answer = useActionData<typeof action>() as ProductApprovalActionData | object | undefined;
  const refused = answer && !isConnectionFailure(answer) && "lastResult" in answer ? answer : null;
  return (
    <div className="py-2">
      <CrmNav />
      <ProductApprovalsPage data={useLoaderData<typeof loader>()} refused={refused} />
    </div>
  );
}
