import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { formatDateTime, formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import type { SubscriptionActionData, SubscriptionDetail, SubscriptionLoaderData } from "~/web/types/subscriptions";
import { productImageSrc } from "~/core/catalogue/product-images";
import { useSiteFacts } from "../layout/useSiteFacts";

/**
 * One subscription (spec §9): what is delivered, when, and what it costs; from the delivery after
 * cancel_date, skipping the next delivery or cancelling, each confirmed first (?confirm=skip|cancel).
 */
export function SubscriptionPage({ data, actionData }: { data: SubscriptionLoaderData; actionData: SubscriptionActionData | null }) {
  const { subscription, confirm, notice } = data;
  const [searchParams] = useSearchParams();
  const site = useSiteFacts();
  return (
    <>
      <MemberHeading title="定期便の詳細" trail={[{ to: "/user/subscriptions", label: "定期便" }]} />
      <Notice text={notice && !confirm && !searchParams.has("confirm") ? notice : null} />
      <Notice text={actionData?.error ?? null} tone="error" />

      <section aria-labelledby="subscription-title" className="card mt-4 grid gap-3 p-4">
        <div className="grid grid-cols-[64px_1fr] gap-3">
          {subscription.picture ? (
            <img src={productImageSrc(subscription.picture, "s")} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" />
          ) : (
            <span className="h-16 w-16 rounded bg-gray-100" />
          )}
          <div className="grid gap-1">
            <h2 id="subscription-title" className="m-0 break-words text-base">
              <Link to={subscription.productUrl}>{subscription.title}</Link>
            </h2>
            {subscription.status === "active" ? (
              <span className="badge w-fit bg-emerald-600 text-white">ご利用中</span>
            ) : (
              <span className="badge w-fit bg-gray-600 text-white" data-testid="subscription-cancelled">
                解約済み
              </span>
            )}
          </div>
        </div>
        <SubscriptionFacts subscription={subscription} />
      </section>

      {subscription.status === "active" ? <SubscriptionChange subscription={subscription} confirm={confirm} /> : null}

      {site ? (
        <p className="mt-4 text-xs text-gray-700">
          お届け日・数量の変更やご不明な点は、カスタマーサービス（{site.phone}、{site.supportHours}）へお問い合わせください。
        </p>
      ) : null}
      <p className="mt-2">
        <Link to="/user/subscriptions">定期便一覧へ戻る</Link>
      </p>
    </>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2">
      <dt className="text-gray-700">{label}</dt>
      <dd className="m-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The next dates (or when it was cancelled), the interval, quantity, amount and its breakdown, payment and address. */
function SubscriptionFacts({ subscription }: { subscription: SubscriptionDetail }) {
  return (
    <dl className="m-0 grid gap-1 text-sm">
      {subscription.status === "active" ? (
        <>
          <Fact label="次回お支払い予定日" testId="next-payment">
            {formatDateJa(subscription.nextPaymentDate)}
          </Fact>
          <Fact label="次回お届け予定日" testId="next-shipping">
            {formatDateJa(subscription.nextShippingDate)}
          </Fact>
        </>
      ) : subscription.cancelledAt ? (
        <Fact label="解約日時">{formatDateTime(subscription.cancelledAt)}</Fact>
      ) : null}
      <Fact label="お届け間隔">{subscription.periodMonths}か月ごと</Fact>
      <Fact label="数量">{subscription.quantity}点</Fact>
      <Fact label="お支払い金額（1回）" testId="subscription-amount">
        <strong>{formatYen(subscription.amount)}</strong>（税込）
      </Fact>
      <Fact label="内訳">
        {formatYen(subscription.unitPrice)} × {subscription.quantity}点（{subscription.taxRate}%対象、内消費税 {formatYen(subscription.tax)}）
      </Fact>
      <Fact label="お支払い方法">{subscription.paymentLabel}</Fact>
      {subscription.address ? (
        <Fact label="お届け先">
          {subscription.address.name} 様<br />
          {subscription.address.postal} {subscription.address.street}
        </Fact>
      ) : null}
      <Fact label="解約・スキップ">{formatDateJa(subscription.cancelDate)}より後のお届け分から可能</Fact>
    </dl>
  );
}

/**
 * スキップ・解約 of an active subscription: two links that ask first (they work without JS), the
 * confirmation form they lead to, or why no change is possible yet.
 */
function SubscriptionChange({ subscription, confirm }: { subscription: SubscriptionDetail; confirm: SubscriptionLoaderData["confirm"] }) {
  const navigation = useNavigation();
  const path = `/user/subscriptions/${subscription.id}`;
  return (
    <section aria-labelledby="subscription-change" className="card mt-4 grid gap-3 p-4">
      <h2 id="subscription-change" className="m-0 text-base">
        スキップ・解約
      </h2>
      {subscription.changeAllowed ? (
        confirm ? (
          <Form method="post" action={path} className="grid gap-2 rounded bg-red-50 p-3" data-testid="subscription-confirm">
            <input type="hidden" name="intent" value={confirm} />
            <input type="hidden" name="delivery" value={subscription.nextShippingDate} />
            <p role="alert" className="m-0 text-sm">
              {confirm === "skip"
                ? `${formatDateJa(subscription.nextShippingDate)}のお届けをスキップしますか？この回のお届けとご請求はなくなります。`
                : `定期便を解約しますか？${formatDateJa(subscription.nextShippingDate)}以降のお届けはなくなります。`}
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
                {confirm === "skip" ? "スキップする" : "解約する"}
              </button>
              <Link to={path} replace preventScrollReset className="btn-secondary no-underline">
                やめる
              </Link>
            </div>
          </Form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Link to={`${path}?confirm=skip`} preventScrollReset className="btn-secondary no-underline">
              次回のお届けをスキップ
            </Link>
            <Link to={`${path}?confirm=cancel`} preventScrollReset className="btn-secondary no-underline">
              定期便を解約
            </Link>
          </div>
        )
      ) : (
        <p className="m-0 text-sm" data-testid="subscription-refusal">
          {subscription.refusal}
        </p>
      )}
    </section>
  );
}
