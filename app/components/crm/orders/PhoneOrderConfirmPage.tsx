/**
 * /crm/orders/new/{draft}/confirm (受注登録の確認): the order priced as it will be placed — lines, shipping,
 * fees, points, total, where and how — and 注文を確定する, which places it only as shown here.
 */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { isConnectionFailure } from "~/core/site/connection";
import { formatYen } from "~/core/money";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { PhoneOrderActionData, PhoneOrderConfirmData } from "~/web/types/phone-orders";
import { DeskPanel } from "./DeskForm";
import { PhoneOrderAmounts, PhoneOrderCustomer } from "./PhoneOrderPage";

export function PhoneOrderConfirmPage({ page }: { page: PhoneOrderConfirmData }) {
  const answer = useActionData<PhoneOrderActionData>();
  // A post that got no answer keeps this page (route-handlers' clientAction): said beside the button, sent again from there.
  const failed = useFormPostFailed();
  const refused = isConnectionFailure(answer) ? undefined : answer;
  const navigation = useNavigation();
  const draftPath = `${ORDER_DESK_PATH}/new/${page.id}`;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> › <Link to={draftPath}>受注登録</Link> ›
      </p>
      <h1 className="m-0 mt-1 text-xl">受注登録の確認</h1>
      <PhoneOrderCustomer summary={page} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <DeskPanel id="phone-order-confirm-items" title="ご注文の商品" testId="phone-order-confirm-items">
          <table className="w-full border-collapse text-sm">
            <tbody>
              {page.lines.map((line) => (
                <tr key={line.id} className="border-b border-b-solid border-gray-100 align-top" data-testid="phone-order-confirm-line">
                  <td className="py-1 pr-2">
                    {line.title}
                    {line.detail ? <span className="block text-xs text-gray-700">{line.detail}</span> : null}
                  </td>
                  <td className="py-1 pr-2 text-right">
                    {formatYen(line.unitPrice)} × {line.quantity}
                  </td>
                  <td className="py-1 text-right">{formatYen(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <PhoneOrderAmounts summary={page} />
        </DeskPanel>
        <DeskPanel id="phone-order-confirm-delivery" title="お届け・お支払い" testId="phone-order-confirm-delivery">
          <dl className="m-0 grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1">
            <dt className="text-gray-700">お届け先</dt>
            <dd className="m-0">{page.shipTo}</dd>
            <dt className="text-gray-700">お届け希望</dt>
            <dd className="m-0">{page.delivery}</dd>
            <dt className="text-gray-700">お支払い方法</dt>
            <dd className="m-0">{page.paymentLabel}</dd>
            <dt className="text-gray-700">社内メモ</dt>
            <dd className="m-0 whitespace-pre-wrap">{page.memo || "なし"}</dd>
          </dl>
        </DeskPanel>
      </div>
      <Form method="post" className="mt-4 grid gap-2" data-testid="phone-order-place">
        <input type="hidden" name="token" value={page.token} />
        <input type="hidden" name="shown" value={page.shown} />
        {refused ? (
          <div role="alert" className="rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="phone-order-error">
            <p className="m-0">{refused.error}</p>
            {refused.changes?.length ? (
              <ul className="m-0 pl-5">
                {refused.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <p className="m-0 text-xs text-gray-700">確定すると在庫を引き当て、お客様に注文確認メールを送信します。</p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            注文を確定する
          </button>
          <Link to={draftPath} className="btn-secondary no-underline">
            入力に戻る
          </Link>
        </div>
        <ConnectionNotice failed={failed} />
      </Form>
    </div>
  );
}
