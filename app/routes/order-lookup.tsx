/** ご注文状況の確認（ゲスト購入）: a guest's order found by its number and e-mail, shown for a while after. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { island } from "~/components/island";
import { OrderDetailView } from "~/components/member/OrderDetailView";
import { keepPageWhileCancelRefused } from "~/components/orders/cancel-revalidation";
import { formatDateTime } from "~/core/dates";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { orderLookupAction, orderLookupLoader } from "~/web/orders/order-lookup.server";
import { shopNameOf } from "~/components/layout/page-title";
import { useSiteFacts } from "~/components/layout/useSiteFacts";

// The offer's link works as plain HTML (the confirmation page) until its dialog's code arrives.
const CancelOrderOffer = island(() => import("~/components/orders/CancelOrder").then((module) => module.CancelOrderOffer));

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const OrderLookupForm = island(() => import("~/components/orders/OrderLookupForm").then((module) => module.OrderLookupForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `ご注文状況の確認 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return orderLookupLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return orderLookupAction(request, context);
}

export const shouldRevalidate = keepPageWhileCancelRefused;

export { clientLoader } from "~/components/connection/route-handlers";

export default function OrderLookup() {
  const { found, isMember } = useLoaderData<typeof loader>();
  const site = useSiteFacts();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl py-4">
      <h1 className="m-0 text-xl">ご注文状況の確認（会員登録せずにご購入の方）</h1>
      {isMember ? (
        <p className="mb-0 mt-2 text-sm">
          会員の方のご注文は、<Link to="/user/orders">注文履歴</Link>からご確認いただけます。
        </p>
      ) : null}
      {found ? (
        <section aria-labelledby="lookup-found" id={RESULT_ANCHOR} className="mt-3" data-testid="lookup-order">
          <h2 id="lookup-found" className="m-0 text-lg">
            ご注文 {found.detail.order.number}
          </h2>
          {found.notice ? (
            <p role="status" className="m-0 mt-2 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="lookup-notice">
              {found.notice}
            </p>
          ) : null}
          <p className="m-0 mt-1 text-xs text-gray-700">
            この画面は {formatDateTime(found.shownUntil)} まで表示されます。共用のパソコンでは、確認後に「表示を終える」を押してください。
          </p>
          <OrderDetailView
            detail={found.detail}
            bankTransfer={found.bankTransfer}
            aside={
              <>
                <section aria-labelledby="lookup-contact" className="card p-4 text-sm">
                  <h2 id="lookup-contact" className="m-0 mb-1 text-base">
                    このご注文についてのお問い合わせ
                  </h2>
                  <p className="m-0">
                    {site
                      ? `注文番号をお伝えのうえ、カスタマーサービス（電話 ${site.phone}、${site.supportHours}／メール ${site.supportEmail}）へご連絡ください。`
                      : "注文番号をお伝えのうえ、カスタマーサービスへご連絡ください。"}
                  </p>
                </section>
                {found.changeHref ? (
                  <Link to={found.changeHref} className="btn-secondary no-underline" data-testid="order-change-link">
                    お届け先・お届け日時を変更
                  </Link>
                ) : null}
                {found.cancellation ? <CancelOrderOffer offer={found.cancellation} /> : null}
              </>
            }
          />
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="forget" />
            <button type="submit" className="btn-secondary">
              表示を終える（別のご注文を確認する）
            </button>
          </Form>
          <p className="mt-4 text-sm">
            <Link to="/user/register">会員登録</Link>
            すると、同じメールアドレスでのご注文を注文履歴でいつでもご確認いただけます（登録後、注文履歴の「ゲスト購入のご注文をアカウントに追加」から）。
          </p>
        </section>
      ) : (
        <>
          <p className="mb-0 mt-2 text-sm">
            会員登録をせずにご購入いただいたご注文の状況・金額・お届け先を確認できます。注文番号と、ご注文時に入力したメールアドレスを入力してください。
          </p>
          <OrderLookupForm lastResult={lastResult ?? null} />
          <p className="mt-4 text-sm">
            会員の方は<Link to={`/login?redirectTo=${encodeURIComponent("/user/orders")}`}>ログイン</Link>して注文履歴からご確認ください。
          </p>
        </>
      )}
    </div>
  );
}
