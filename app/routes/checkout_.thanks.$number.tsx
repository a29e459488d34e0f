import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { getSession } from "~/web/account/auth.server";
import { BankTransferDetails } from "~/components/checkout/BankTransferDetails";
import { bankTransferFacts } from "~/core/checkout/bank-transfer";
import { formatDateJa } from "~/core/dates";
import { CONFIRMATION_MESSAGES } from "~/core/checkout/order-confirmation";
import { ORDER_LOOKUP_PATH } from "~/core/orders/order-lookup";
import { formatYen } from "~/core/money";
import { PAYMENT_METHODS, placedOrderPaymentNote } from "~/core/checkout/payment-methods";
import { REGISTRATION_MESSAGES } from "~/core/account/registration";
import { QueryFlagSchema } from "~/core/validation";
import { invariantResponse } from "~/web/http.server";
import { parseQuery } from "~/web/input.server";
import { findPlacedOrder } from "~/services/checkout/checkout.server";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `ご注文ありがとうございます | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

/** already=1: a second tab's submit of the same cart; registration=1: 会員登録 was ticked with the order. */
const ThanksQuerySchema = v.object({ already: QueryFlagSchema, registration: QueryFlagSchema });

/** Shown to whoever placed the order: its member, the visitor whose session just placed it, or the guest cart it came from. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const userId = session.get("userId");
  const [order, shop] = await Promise.all([
    findPlacedOrder(context.db, params.number ?? "", { userId, lastOrder: session.get("lastOrder"), cartId: session.get("cartId") }),
    settingsInForce(context),
  ]);
  invariantResponse(order, "ご注文が見つかりませんでした。", { status: 404 });
  // Sent here by a second tab that submitted the same cart: nothing more was ordered.
  const query = parseQuery(request, ThanksQuerySchema);
  const alreadyPlaced = query.already ? CONFIRMATION_MESSAGES.alreadyPlaced(order.number) : null;
  return {
    alreadyPlaced,
    order: {
      ...order,
      bankTransfer: bankTransferFacts(order, shop.bank),
      paymentLabel: PAYMENT_METHODS[order.paymentMethod].label,
      paymentNote: placedOrderPaymentNote(order, shop.bankTransferDays),
    },
    isMember: userId != null,
    // The same words whether the address was new or already had an account (app/core/account/registration.ts).
    registration: userId == null && query.registration ? REGISTRATION_MESSAGES.withOrder : null,
  };
}

export default function Thanks() {
  const { order, isMember, alreadyPlaced, registration } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-xl py-8 text-center">
      {alreadyPlaced ? (
        <p role="status" className="rounded bg-amber-50 p-3 text-left text-sm" data-testid="already-placed">
          {alreadyPlaced}
        </p>
      ) : null}
      <h1 className="text-xl">ご注文ありがとうございます</h1>
      <p>
        注文番号：<strong data-testid="order-number">{order.number}</strong>
      </p>
      <p>
        お支払い合計：<strong>{formatYen(order.total)}</strong>（税込）・{order.paymentLabel}
      </p>
      <p className="text-sm text-gray-700">{order.paymentNote}</p>
      {order.bankTransfer ? (
        <div className="mx-auto mb-4 max-w-md">
          <BankTransferDetails {...order.bankTransfer} />
        </div>
      ) : null}
      <dl className="card mx-auto grid max-w-md grid-cols-[7rem_1fr] gap-x-3 gap-y-2 p-3 text-left text-sm" data-testid="thanks-details">
        <dt className="font-bold">お届け先</dt>
        <dd className="m-0">
          {order.shipTo.name} 様
          <br />
          {order.shipTo.postal} {order.shipTo.street}
        </dd>
        <dt className="font-bold">お届け希望日時</dt>
        <dd className="m-0">
          {order.deliveryDate ? `${formatDateJa(order.deliveryDate)} ` : ""}
          {order.deliveryTimeSlot ?? (order.deliveryDate ? "" : "指定なし")}
        </dd>
      </dl>
      {/* The confirmation e-mail goes to every buyer; a member also finds it under お知らせ (spec §3). */}
      <p className="text-sm" data-testid="thanks-mail">
        ご注文確認メールを <strong className="break-all">{order.email}</strong> にお送りしました。
        {isMember ? "マイページの「お知らせ」でもご確認いただけます。" : "届かない場合は、お問い合わせの際にこの注文番号をお知らせください。"}
      </p>
      {registration ? (
        <p role="status" className="rounded bg-green-50 p-3 text-left text-sm text-green-800" data-testid="thanks-registration">
          {registration}
          <br />
          <Link to="/login">ログインする</Link>
        </p>
      ) : isMember ? null : (
        <p className="text-sm" data-testid="thanks-lookup">
          ご注文の状況は、<Link to={ORDER_LOOKUP_PATH}>ご注文状況の確認</Link>ページで注文番号とメールアドレスを入力すると、いつでもご確認いただけます。
        </p>
      )}
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
