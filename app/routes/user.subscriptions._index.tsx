import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { MemberHeading } from "~/components/member/MemberHeading";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { listSubscriptions } from "~/services/member/subscriptions.server";
import { productImageSrc } from "~/core/catalogue/product-images";
import { shopNameOf } from "~/components/layout/page-title";
import { useSiteFacts } from "~/components/layout/useSiteFacts";

export const meta: MetaFunction = ({ matches }) => [{ title: `定期便 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return data({ subscriptions: await listSubscriptions(context.db, user.id, new Date()) }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function Subscriptions() {
  const { subscriptions } = useLoaderData<typeof loader>();
  const site = useSiteFacts();
  return (
    <>
      <MemberHeading title="定期便" />
      {subscriptions.length === 0 ? (
        <p className="card mt-4 p-6 text-center" data-testid="subscriptions-empty">
          ご利用中の定期便はありません。
        </p>
      ) : (
        <ul className="m-0 mt-4 grid gap-3 p-0">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="card grid list-none grid-cols-[64px_1fr] gap-3 p-3" data-testid="subscription-card">
              {subscription.picture ? (
                <img src={productImageSrc(subscription.picture, "s")} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded object-cover" />
              ) : (
                <span className="h-16 w-16 rounded bg-gray-100" />
              )}
              <div className="grid gap-1 text-sm">
                <Link to={`/user/subscriptions/${subscription.id}`} className="break-words font-bold">
                  {subscription.title}
                </Link>
                {subscription.status === "active" ? (
                  <>
                    <span>
                      次回お届け予定日：<strong>{formatDateJa(subscription.nextShippingDate)}</strong>
                    </span>
                    <span className="text-xs text-gray-700">
                      {subscription.periodMonths}か月ごと・{subscription.quantity}点・{formatYen(subscription.amount)}（税込）
                    </span>
                  </>
                ) : (
                  <span className="badge w-fit bg-gray-600 text-white">解約済み</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {site ? (
        <p className="mt-4 text-xs text-gray-700">
          お届け日・数量の変更はカスタマーサービス（{site.phone}、{site.supportHours}）で承ります。
        </p>
      ) : null}
    </>
  );
}
