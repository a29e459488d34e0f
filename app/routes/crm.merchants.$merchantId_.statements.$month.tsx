/** /crm/merchants/{id}/statements/{YYYY-MM} (staff only): a merchant's statement of a month, and 支払済みにする once the month has ended (decision 0060). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PayoutForm } from "~/components/crm/merchants/PayoutForm";
import { shopNameOf } from "~/components/layout/page-title";
import { Notice } from "~/components/member/Notice";
import { StatementView } from "~/components/merchant/statements/StatementView";
import { CrmNav } from "~/components/tickets/CrmNav";
import { formatMonthJa } from "~/core/merchant/merchant-statements";
import { CRM_MERCHANTS_PATH } from "~/core/merchant/merchant-status";
import { requireStaff } from "~/web/account/auth.server";
import { idParam } from "~/web/input.server";
import { payoutAction, statementPage } from "~/web/merchant/merchant-statements.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.statement.merchant.name} ${formatMonthJa(data.statement.month)}` : ""}の支払明細 | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return statementPage(request, context, idParam(params.merchantId, "出店者ID"), params.month, "staff");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return payoutAction(request, context, idParam(params.merchantId, "出店者ID"), params.month, staff);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmMerchantStatement() {
  const { statement, basePath, today, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const payable = statement.figures.payable;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={`${CRM_MERCHANTS_PATH}/${statement.merchant.id}`}>← {statement.merchant.name}</Link>
      </p>
      <Notice text={notice} />
      <StatementView
        statement={statement}
        viewer="staff"
        basePath={basePath}
        payoutForm={
          statement.state === "closed" && !statement.payout ? (
            <PayoutForm key={`${statement.month}:${payable}`} month={statement.month} payable={payable} today={today} lastResult={result?.reply ?? null} />
          ) : null
        }
      />
    </div>
  );
}
