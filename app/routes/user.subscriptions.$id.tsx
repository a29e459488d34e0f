/**
 * One subscription (spec §9): next payment and shipping dates, quantity, amount and breakdown, and — from
 * the delivery after cancel_date — skipping the next delivery or cancelling. Each asks for confirmation
 * first (?confirm=skip|cancel, a link, so it works without JS); the confirmed POST changes it, writes a
 * notification mail and redirects back (PRG).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import * as v from "valibot";
import { requireUser } from "~/web/auth.server";
import { MemberHeading, Notice } from "~/components/member/MemberHeading";
import { formatDateTime, formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { SHOP_NAME, SUPPORT_HOURS, SUPPORT_PHONE } from "~/core/site";
import { absentAsNull, IsoDateSchema } from "~/core/validation";
import { invariantResponse, readFormData, redirectWithNotice } from "~/web/http.server";
import { idParam, parseQuery, readInput, redirectedNotice } from "~/web/input.server";
import { changeSubscription, loadSubscription, SUBSCRIPTION_NOT_FOUND_MESSAGE } from "~/services/subscriptions.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `定期便：${loaded?.subscription.title ?? ""} | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

const NOTICES = { skipped: "次回のお届けをスキップしました。確認のお知らせをお送りしました。", cancelled: "定期便を解約しました。確認のお知らせをお送りしました。" } as const;

/** ?confirm=skip|cancel: the step that asks before the change. */
const ConfirmQuerySchema = v.object({ confirm: v.fallback(v.nullable(v.picklist(["skip", "cancel"])), null) });

/** The confirmed change; `delivery` is the delivery the page showed, so a stale page changes nothing. */
const SubscriptionChangeSchema = v.object({
  intent: v.picklist(["skip", "cancel"]),
  delivery: absentAsNull(IsoDateSchema),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const subscription = await loadSubscription(context.db, user.id, idParam(params.id, "定期便ID"), new Date());
  invariantResponse(subscription, SUBSCRIPTION_NOT_FOUND_MESSAGE, { status: 404 });
  const asked = parseQuery(request, ConfirmQuerySchema).confirm;
  const confirm = subscription.changeAllowed ? asked : null;
  const notice = redirectedNotice(request, NOTICES);
  return data({ subscription, confirm, notice }, { headers: { "Cache-Control": "private, no-store" } });
}

export type SubscriptionActionData = { ok: false; error: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = idParam(params.id, "定期便ID");
  const read = readInput(SubscriptionChangeSchema, await readFormData(request));
  if (!read.ok) return data<SubscriptionActionData>({ ok: false, error: read.error }, { status: 400 });
  const { intent, delivery } = read.input;
  const result = await changeSubscription(context.db, user.id, id, intent, { delivery, now: new Date() });
  if (!result.ok) {
    invariantResponse(result.status !== 404, SUBSCRIPTION_NOT_FOUND_MESSAGE, { status: 404 });
    return data<SubscriptionActionData>({ ok: false, error: result.error }, { status: result.status });
  }
  // PRG for a plain form post and for Remix's <Form> alike (it follows the redirect and revalidates the header).
  throw redirectWithNotice(`/user/subscriptions/${id}`, intent === "skip" ? "skipped" : "cancelled");
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2">
      <dt className="text-gray-700">{label}</dt>
      <dd className="m-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export default function SubscriptionPage() {
  const { subscription, confirm, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const path = `/user/subscriptions/${subscription.id}`;
  const active = subscription.status === "active";
  return (
    <>
      <MemberHeading title="定期便の詳細" trail={[{ to: "/user/subscriptions", label: "定期便" }]} />
      <Notice text={notice && !confirm && !searchParams.has("confirm") ? notice : null} />
      <Notice text={actionData?.error ?? null} tone="error" />

      <section aria-labelledby="subscription-title" className="card mt-4 grid gap-3 p-4">
        <div className="grid grid-cols-[64px_1fr] gap-3">
          {subscription.picture ? (
            <img src={subscription.picture} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" />
          ) : (
            <span className="h-16 w-16 rounded bg-gray-100" />
          )}
          <div className="grid gap-1">
            <h2 id="subscription-title" className="m-0 break-words text-base">
              <Link to={subscription.productUrl}>{subscription.title}</Link>
            </h2>
            {active ? (
              <span className="badge w-fit bg-emerald-600 text-white">ご利用中</span>
            ) : (
              <span className="badge w-fit bg-gray-600 text-white" data-testid="subscription-cancelled">
                解約済み
              </span>
            )}
          </div>
        </div>
        <dl className="m-0 grid gap-1 text-sm">
          {active ? (
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
              {subscription.address.name} 様<br />{subscription.address.postal} {subscription.address.street}
            </Fact>
          ) : null}
          <Fact label="解約・スキップ">{formatDateJa(subscription.cancelDate)}より後のお届け分から可能</Fact>
        </dl>
      </section>

      {active ? (
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
      ) : null}

      <p className="mt-4 text-xs text-gray-700">
        お届け日・数量の変更やご不明な点は、カスタマーサービス（{SUPPORT_PHONE}、{SUPPORT_HOURS}）へお問い合わせください。
      </p>
      <p className="mt-2">
        <Link to="/user/subscriptions">定期便一覧へ戻る</Link>
      </p>
    </>
  );
}
