/** 退会手続き: what the member loses, why they cannot leave yet (if so), and the password + confirmation form. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { island } from "~/components/island";
import { MemberHeading } from "~/components/member/MemberHeading";
import { WithdrawalBlockers, WithdrawalLosses } from "~/components/member/WithdrawalSummary";
import { WITHDRAWAL_MESSAGES } from "~/core/account/withdrawal";
import { loadWithdrawalView } from "~/services/account/withdrawal.server";
import { requireUser } from "~/web/account/auth.server";
import { invariantResponse } from "~/web/http.server";
import { withdrawalAction } from "~/web/account/withdrawal.server";
import { shopNameOf } from "~/components/layout/page-title";
import { useShopName } from "~/components/layout/useSiteFacts";

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const WithdrawForm = island(() => import("~/components/member/WithdrawForm").then((module) => module.WithdrawForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `退会手続き | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // Staff accounts are closed by an administrator, not through the shoppers' withdrawal.
  invariantResponse(user.role === "customer", WITHDRAWAL_MESSAGES.staffAccount, { status: 403 });
  const view = await loadWithdrawalView(context.db, user.id);
  if (!view) throw redirect("/");
  return data({ view }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withdrawalAction(request, context);
}

export default function Withdraw() {
  const { view } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const shopName = useShopName();
  return (
    <div className="mx-auto max-w-2xl">
      <MemberHeading title="退会手続き" />
      <p className="mb-0 mt-3 text-sm">
        {view.name} 様（{view.email}）のアカウントを削除し、{shopName}の会員を退会します。
      </p>
      <WithdrawalLosses view={view} />
      {view.blockers.length > 0 ? (
        <WithdrawalBlockers view={view} />
      ) : (
        <section aria-labelledby="withdraw-form" className="card mt-4 p-4">
          <h2 id="withdraw-form" className="m-0 text-base">
            退会のお手続き
          </h2>
          <WithdrawForm lastResult={lastResult ?? null} />
        </section>
      )}
      <p className="mt-4 text-sm">
        <Link to="/user">退会せずにマイページへ戻る</Link>
      </p>
    </div>
  );
}
