/** The mailed link: which guest orders it adds to the signed-in member's history, and the button that adds them. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MemberHeading } from "~/components/member/MemberHeading";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { orderClaimLinkAction, orderClaimLinkLoader } from "~/web/orders/order-claim.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `ゲスト購入のご注文を追加 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return orderClaimLinkLoader(request, context, params);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return orderClaimLinkAction(request, context, params);
}

export default function OrderClaimLink() {
  const { inspection } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const error = refused?.error ?? (inspection.ok ? null : inspection.error);
  return (
    <div className="mx-auto max-w-2xl">
      <MemberHeading title="ゲスト購入のご注文を追加" trail={[{ to: "/user/orders", label: "注文履歴" }]} />
      {error ? (
        <p role="alert" className="mt-4 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="claim-error">
          {error}
        </p>
      ) : null}
      {inspection.ok && !refused ? (
        <section aria-labelledby="claim-orders" className="card mt-4 p-4">
          <h2 id="claim-orders" className="m-0 text-base">
            次のご注文を注文履歴に追加します
          </h2>
          <ul className="m-0 mt-2 grid gap-1 pl-5 text-sm" data-testid="claim-orders">
            {inspection.orders.map((order) => (
              <li key={order.id}>
                注文番号 {order.number}（{formatDateJa(order.createdAt)}・{formatYen(order.total)}）
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-4">
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              注文履歴に追加する
            </button>
          </Form>
        </section>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to="/user/orders">注文履歴へ戻る</Link>
      </p>
    </div>
  );
}
