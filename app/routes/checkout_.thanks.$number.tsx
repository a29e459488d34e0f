import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getSession } from "~/auth/auth.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { formatYen } from "~/core/money";
import { PAYMENT_METHODS } from "~/core/payment-methods";
import { SHOP_NAME } from "~/core/site";
import { findPlacedOrder } from "~/services/checkout.server";

export const meta: MetaFunction = () => [{ title: `ご注文ありがとうございます | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

/** Shown to whoever placed the order: its member, or the visitor whose session just placed it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const userId = session.get("userId");
  const order = await findPlacedOrder(context.db, params.number ?? "", { userId, lastOrder: session.get("lastOrder") });
  if (!order) throw new Response("ご注文が見つかりませんでした。", { status: 404 });
  return { order: { ...order, paymentLabel: PAYMENT_METHODS[order.paymentMethod].label, paymentNote: PAYMENT_METHODS[order.paymentMethod].note }, isMember: userId != null };
}

export default function Thanks() {
  const { order, isMember } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-xl py-8 text-center">
      <h1 className="text-xl">ご注文ありがとうございます</h1>
      <p>
        注文番号：<strong data-testid="order-number">{order.number}</strong>
      </p>
      <p>
        お支払い合計：<strong>{formatYen(order.total)}</strong>（税込）・{order.paymentLabel}
      </p>
      <p className="text-sm text-gray-700">{order.paymentNote}</p>
      <p className="text-sm">ご注文内容の確認メールを {order.email} にお送りしました。</p>
      <p className="flex flex-wrap justify-center gap-3">
        {isMember ? (
          <Link to={`/user/orders/${order.id}`} className="btn-secondary no-underline">
            注文履歴を見る
          </Link>
        ) : null}
        <Link to="/" className="btn-primary no-underline">
          お買い物を続ける
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
