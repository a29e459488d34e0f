import { TRANSFER_OVERDUE_LABEL } from "~/core/orders/order-lifecycle";
import { ORDER_CHANNEL_LABELS } from "~/core/orders/phone-orders";
import type { DeskOrder, DeskPaymentTimes } from "~/web/types/crm-orders";
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

/**
 * The order's state and payment: method, state, when paid, a transfer's deadline, and 入金を確認した. The
 * times come written out from the loader (`times`).
 */
export function DeskPayment({ order, payment, times }: { order: DeskOrder["detail"]["order"]; payment: DeskOrder["payment"]; times: DeskPaymentTimes }) {
  const awaiting = order.status === "pending_payment";
  return (
    <DeskPanel id="desk-payment" title="ご注文とお支払い" testId="desk-payment">
      <dl className="m-0 grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1">
        <Fact label="注文番号">{order.number}</Fact>
        <Fact label="ご注文日時">{times.created}</Fact>
        <Fact label="状態" testId="desk-order-status">
          <strong>{order.statusLabel}</strong>
        </Fact>
        <Fact label="受付" testId="desk-order-channel">
          {ORDER_CHANNEL_LABELS[payment.channel]}
          {payment.takenBy ? `（受付担当：${payment.takenBy}）` : null}
        </Fact>
        <Fact label="お支払い方法">{payment.label}</Fact>
        <Fact label="お支払い状況" testId="desk-payment-state">
          {times.paid
            ? `入金確認済み（${times.paid}）`
            : awaiting
              ? "入金待ち"
              : payment.method === "bank_transfer"
                ? "入金なし"
                : "お届け時・お届け後にお支払い"}
        </Fact>
        {awaiting && times.transferDeadline ? (
          <Fact label="お振込期限" testId="desk-transfer-deadline">
            {times.transferDeadline}まで
            {times.transferOverdue ? (
              <span className="badge ml-1 bg-red-100 text-red-800" data-testid="desk-transfer-overdue">
                {TRANSFER_OVERDUE_LABEL}
              </span>
            ) : null}
          </Fact>
        ) : null}
        {times.cancelled ? <Fact label="キャンセル日時">{times.cancelled}</Fact> : null}
        {times.deliveryDate || order.deliveryTimeSlot ? (
          <Fact label="お届け希望">{[times.deliveryDate ?? "", order.deliveryTimeSlot ?? ""].filter(Boolean).join(" ")}</Fact>
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
