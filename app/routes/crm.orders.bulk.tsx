/** /crm/orders/bulk (staff only): the dry run of a bulk action on the orders chosen in the list, and its apply (PRG to the results). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BulkPreview } from "~/components/crm/orders/BulkPreview";
import { CrmNav } from "~/components/tickets/CrmNav";
import { shopNameOf } from "~/components/layout/page-title";
import { requireStaff } from "~/web/account/auth.server";
import { orderBulkAction, orderBulkPage } from "~/web/orders/order-bulk.server";
import type { BulkActionData } from "~/web/types/order-bulk";

export const meta: MetaFunction = ({ matches }) => [{ title: `一括操作の確認（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return orderBulkPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return orderBulkAction(request, context, await requireStaff(request, context));
}

export default function CrmOrdersBulk() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<BulkActionData>();
  return (
    <div className="py-2">
      <CrmNav />
      <BulkPreview page={page} answer={answer} />
    </div>
  );
}
