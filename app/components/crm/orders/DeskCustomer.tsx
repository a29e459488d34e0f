import { Link } from "@remix-run/react";
import { customerPath, guestCustomerPath } from "~/core/customers/customer-paths";
import type { DeskOrder } from "~/web/types/crm-orders";
import { DeskForm, DeskPanel, DeskSubmit } from "./DeskForm";

/** Who ordered: name, e-mail, phone (a guest marked), their tickets and other orders, and 注文確認メールを再送. */
export function DeskCustomer({ customer, shipTo }: { customer: DeskOrder["customer"]; shipTo: DeskOrder["detail"]["order"]["shipTo"] }) {
  const tickets = `/crm/tickets?${new URLSearchParams({ customer: customer.email })}`;
  const orders = `/crm/orders?${new URLSearchParams({ q: customer.email })}`;
  return (
    <DeskPanel id="desk-customer" title="お客様" testId="desk-customer">
      <p className="m-0">
        {customer.recordId != null ? (
          <Link to={customerPath(customer.recordId)} className="font-bold" data-testid="desk-customer-record">
            {customer.name}
          </Link>
        ) : (
          <span className="font-bold">{customer.name}</span>
        )}{" "}
        様
        {customer.guest ? (
          <span className="badge ml-1 bg-gray-200 text-gray-800">ゲスト購入</span>
        ) : (
          <span className="badge ml-1 bg-emerald-600 text-white">会員</span>
        )}
        {customer.withdrawn ? <span className="badge ml-1 bg-gray-500 text-white">退会済み</span> : null}
      </p>
      {customer.nameKana.trim() ? <p className="m-0 text-xs text-gray-700">{customer.nameKana}</p> : null}
      <p className="m-0 break-all">
        <a href={`mailto:${customer.email}`}>{customer.email}</a>
      </p>
      {customer.phone ? <p className="m-0">電話番号：{customer.phone}</p> : null}
      <p className="m-0 flex flex-wrap gap-3 text-xs">
        {customer.guest ? <Link to={guestCustomerPath(customer.email)}>ゲストの記録</Link> : <Link to={tickets}>お問い合わせ一覧</Link>}
        <Link to={orders} data-testid="desk-customer-orders">
          このお客様の注文一覧
        </Link>
      </p>
      <div className="border-t border-t-solid border-gray-200 pt-2 text-xs" data-testid="desk-ship-to">
        <p className="m-0 font-bold">お届け先</p>
        <p className="m-0">{shipTo.name} 様</p>
        <p className="m-0">
          {shipTo.postal} {shipTo.street}
        </p>
        {shipTo.phone ? <p className="m-0">電話番号：{shipTo.phone}</p> : null}
      </div>
      <DeskForm intent="resend_confirmation" className="grid gap-1 border-t border-t-solid border-gray-200 pt-2">
        <DeskSubmit intent="resend_confirmation" tone="secondary">
          注文確認メールを再送
        </DeskSubmit>
      </DeskForm>
    </DeskPanel>
  );
}
