/** /merchant/statements/{YYYY-MM} (a merchant's login only): the merchant's own statement of a month, with the parcels and returns behind it (decision 0060). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { shopNameOf } from "~/components/layout/page-title";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { StatementView } from "~/components/merchant/statements/StatementView";
import { formatMonthJa } from "~/core/merchant/merchant-statements";
import { requireMerchant } from "~/web/account/auth.server";
import { statementPage } from "~/web/merchant/merchant-statements.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? formatMonthJa(data.statement.month) : ""}の支払明細（出品者）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return statementPage(request, context, merchant.merchantId, params.month, "merchant");
}

export default function MerchantStatement() {
  const { statement, basePath } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <MerchantNav />
      <StatementView statement={statement} viewer="merchant" basePath={basePath} />
    </div>
  );
}
