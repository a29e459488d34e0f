/** /merchant/statements (a merchant's login only): the merchant's own monthly statements, newest month first (decision 0060). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { shopNameOf } from "~/components/layout/page-title";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { StatementList } from "~/components/merchant/statements/StatementList";
import { requireMerchant } from "~/web/account/auth.server";
import { statementListPage } from "~/web/merchant/merchant-statements.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `支払明細（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return statementListPage(context, merchant.merchantId, "merchant");
}

export default function MerchantStatements() {
  const { months, basePath } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <MerchantNav />
      <h1 className="m-0 mb-2 text-xl">支払明細</h1>
      <p className="m-0 mb-3 text-sm text-gray-700">
        毎月、その月に発送した荷物の商品代金から返品分と販売手数料を差し引き、送料を加えた金額をお支払いします。月末で締め、当店がお支払いすると「支払済み」になります。
      </p>
      <StatementList months={months} basePath={basePath} />
    </div>
  );
}
