import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "~/components/member/Notice";
import { formatDateTime } from "~/core/dates";
import { deliveryWish, merchantSlipsPath } from "~/core/merchant/merchant-portal";
import { shipmentNextStep, shipmentWaitingReason } from "~/core/orders/order-lifecycle";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { formatYen } from "~/core/money";
import type { MerchantShipment, ShipmentActionData } from "~/web/types/merchant";
import { ShipForm } from "./MerchantShipForm";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-bold">{label}</dt>
      <dd className="m-0 break-words">{children}</dd>
    </div>
  );
}

const FACTS = "m-0 grid grid-cols-[8em_1fr] gap-x-3 gap-y-1 text-sm";

/** What the parcel's label needs: the recipient and the 代金引換 to collect (only when this parcel collects it). */
function LabelFacts({ shipment }: { shipment: MerchantShipment }) {
  const { recipient, order, cod } = shipment;
  return (
    <section className="card grid gap-2 p-3" aria-labelledby="label-heading">
      <h2 id="label-heading" className="m-0 text-base">
        お届け先
      </h2>
      <dl className={FACTS} data-testid="merchant-recipient">
        <Fact label="お名前">
          {recipient.lastname} {recipient.firstname} 様（{recipient.lastnameKana} {recipient.firstnameKana}）
        </Fact>
        <Fact label="住所">
          {shipment.address.postal}
          <br />
          {shipment.address.street}
        </Fact>
        <Fact label="電話番号">{recipient.phone}</Fact>
        <Fact label="お届け希望">{deliveryWish(order.deliveryDate, order.deliveryTimeSlot)}</Fact>
        {cod ? (
          <Fact label="代金引換">
            {cod.collects && cod.amount != null
              ? `この荷物で代金 ${formatYen(cod.amount)} を回収してください（コレクト）。`
              : "代金は別の荷物で回収します。この荷物は発払いで発送してください。"}
          </Fact>
        ) : null}
      </dl>
    </section>
  );
}

/** One of the merchant's shipments: the order, the label's facts, the lines, the buyer's note, and the action due. */
export function MerchantShipmentView({
  shipment,
  notice,
  actionData,
}: {
  shipment: MerchantShipment;
  notice: string | null;
  actionData: ShipmentActionData | undefined;
}) {
  const { order } = shipment;
  const navigation = useNavigation();
  // Only the step the rules would accept is offered (a parcel of an unpaid transfer waits for the money).
  const next = shipmentNextStep(order.status, shipment.status);
  const waiting = shipmentWaitingReason(order.status, shipment.status);
  return (
    <article className="grid gap-4" data-testid="merchant-shipment">
      <p className="m-0 text-sm">
        <Link to={MERCHANT_PORTAL_PATH}>← 配送一覧</Link>
      </p>
      <h1 className="m-0 text-xl">ご注文 {order.number} の配送</h1>
      <Notice text={notice} />
      <dl className={FACTS}>
        <Fact label="注文日時">{formatDateTime(order.orderedAt)}</Fact>
        <Fact label="ご注文の状況">{order.statusLabel}</Fact>
        <Fact label="この配送">
          <span data-testid="merchant-shipment-status">{shipment.statusLabel}</span>
        </Fact>
        {shipment.trackingUrl ? (
          <Fact label="お問い合わせ番号">
            {shipment.carrierLabel}{" "}
            <a href={shipment.trackingUrl} target="_blank" rel="noreferrer" data-testid="merchant-tracking">
              {shipment.trackingNumber}
            </a>
          </Fact>
        ) : null}
        {shipment.shippedAt ? <Fact label="発送日時">{formatDateTime(shipment.shippedAt)}</Fact> : null}
        {shipment.deliveredAt ? <Fact label="配達完了">{formatDateTime(shipment.deliveredAt)}</Fact> : null}
      </dl>
      <LabelFacts shipment={shipment} />
      <section className="card grid gap-2 p-3" aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="m-0 text-base">
          同梱する商品
        </h2>
        <ul className="m-0 grid gap-1 pl-5 text-sm" data-testid="merchant-lines">
          {shipment.lines.map((line) => (
            <li key={line.id} className={line.cancelled ? "text-gray-500 line-through" : undefined}>
              {line.title}
              {line.choiceLabel ? `（${line.choiceLabel}）` : ""}
              {line.optionsLabel ? ` ${line.optionsLabel}` : ""} ×{line.quantity}
              <span className="text-gray-600">（{line.sku}）</span>
              {line.cancelled ? "　キャンセル済み" : ""}
            </li>
          ))}
        </ul>
        {shipment.status !== "cancelled" ? (
          <p className="m-0 text-sm">
            <Link to={merchantSlipsPath(shipment.id)} data-testid="merchant-packing-slip">
              納品書を印刷
            </Link>
          </p>
        ) : null}
        {shipment.notice ? (
          <div className="text-sm">
            <p className="m-0 font-bold">お客様からの連絡事項</p>
            <p className="m-0 whitespace-pre-wrap" data-testid="merchant-notice">
              {shipment.notice}
            </p>
          </div>
        ) : null}
      </section>
      {waiting ? (
        <p className="m-0 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="merchant-ship-waiting">
          {waiting}
        </p>
      ) : null}
      {next === "ship" ? <ShipForm error={actionData?.error ?? null} field={actionData?.field} /> : null}
      {next === "deliver" ? (
        <Form method="post" className="card grid gap-2 p-3">
          <input type="hidden" name="intent" value="deliver" />
          {actionData?.error ? (
            <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
            配達完了にする
          </button>
        </Form>
      ) : null}
    </article>
  );
}
