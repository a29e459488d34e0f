import { Link } from "@remix-run/react";
import { formatDateJa, formatDateTime } from "~/core/dates";
import type { DeskOrder } from "~/web/types/crm-orders";
import { DeskForm, DeskPanel, DeskSubmit } from "./DeskForm";

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-gray-700">{label}</dt>
      <dd className="m-0" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The order's state and payment: method, state, when paid, a transfer's deadline, and 入金を確認した. */
export function DeskPayment({ order, payment }: { order: DeskOrder["detail"]["order"]; payment: DeskOrder["payment"] }) {
  const awaiting = order.status === "pending_payment";
  return (
    <DeskPanel id="desk-payment" title="ご注文とお支払い" testId="desk-payment">
      <dl className="m-0 grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1">
        <Fact label="注文番号">{order.number}</Fact>
        <Fact label="ご注文日時">{formatDateTime(order.dateCreated)}</Fact>
        <Fact label="状態" testId="desk-order-status">
          <strong>{order.statusLabel}</strong>
        </Fact>
        <Fact label="お支払い方法">{payment.label}</Fact>
        <Fact label="お支払い状況" testId="desk-payment-state">
          {payment.paidAt
            ? `入金確認済み（${formatDateTime(payment.paidAt)}）`
            : awaiting
              ? "入金待ち"
              : payment.method === "bank_transfer"
                ? "入金なし"
                : "お届け時・お届け後にお支払い"}
        </Fact>
        {awaiting && payment.transferDeadline ? <Fact label="お振込期限">{formatDateJa(payment.transferDeadline)}まで</Fact> : null}
        {payment.cancelledAt ? <Fact label="キャンセル日時">{formatDateTime(payment.cancelledAt)}</Fact> : null}
        {order.deliveryDate || order.deliveryTimeSlot ? (
          <Fact label="お届け希望">{[order.deliveryDate ? formatDateJa(order.deliveryDate) : "", order.deliveryTimeSlot ?? ""].filter(Boolean).join(" ")}</Fact>
        ) : null}
      </dl>
      {awaiting ? (
        <DeskForm intent="confirm_payment">
          <p className="m-0 text-xs text-gray-700">お振込みを確認したら押してください。お客様にご入金確認のメールが届き、発送の準備に進みます。</p>
          <DeskSubmit intent="confirm_payment">入金を確認した</DeskSubmit>
        </DeskForm>
      ) : null}
    </DeskPanel>
  );
}

/** Who ordered: name, e-mail, phone (a guest marked), their tickets and other orders, and 注文確認メールを再送. */
export function DeskCustomer({ customer, shipTo }: { customer: DeskOrder["customer"]; shipTo: DeskOrder["detail"]["order"]["shipTo"] }) {
  const tickets = `/crm/tickets?${new URLSearchParams({ customer: customer.email })}`;
  const orders = `/crm/orders?${new URLSearchParams({ q: customer.email })}`;
  return (
    <DeskPanel id="desk-customer" title="お客様" testId="desk-customer">
      <p className="m-0">
        <span className="font-bold">{customer.name}</span> 様
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
        {customer.guest ? null : <Link to={tickets}>お問い合わせ一覧</Link>}
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
