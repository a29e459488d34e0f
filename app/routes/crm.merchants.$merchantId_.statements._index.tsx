/** /crm/merchants/{id}/statements (staff only): a merchant's monthly statements, newest month first, paid or not (decision 0060). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { shopNameOf } from "~/components/layout/page-title";
import { StatementList } from "~/components/merchant/statements/StatementList";
import { CrmNav } from "~/components/tickets/CrmNav";
import { CRM_MERCHANTS_PATH } from "~/core/merchant/merchant-status";
import { requireStaff } from "~/web/account/auth.server";
import { idParam } from "~/web/input.server";
import { statementListPage } from "~/web/merchant/merchant-statements.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.merchant.name ?? "出店者"}の支払明細 | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return statementListPage(context, idParam(params.merchantId, "出店者ID"), "staff");
}

export default function CrmMerchantStatements() {
  const { merchant, months, basePath } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={`${CRM_MERCHANTS_PATH}/${merchant.id}`}>← {merchant.name}</Link>
      </p>
      <h1 className="text-xl">{merchant.name}の支払明細</h1>
      <StatementList months={months} basePath={basePath} />
    </div>
  );
}
